// The archive's users-permissions roles and permissions -> the seed's `roles`: per role type, its
// id, name and description, and the content-types it may `find` and `findOne`. Actions a
// read-only gateway does not serve are reported, not imported.
import type { Action } from '../auth/roles.ts';
import { MEDIA_UID, PERMISSION_UID, ROLE_UID, type ContentModel } from '../model/types.ts';
import type { SeedDraft } from './seed-draft.ts';

/** The upload plugin's content API: its `find` and `findOne` read the media library. */
const UPLOAD_CONTENT_API = 'plugin::upload.content-api';
const READ_ACTION = /^(.+)\.(find|findOne)$/;

/** A role as the seed format writes it (see docs/seed.md). */
export type SeedRoleJson = {
  id: number;
  name: string;
  description?: string;
} & Partial<Record<Action, string[]>>;

/**
 * `api::article.article.find` -> find on that uid; `plugin::upload.content-api.find` -> find on
 * media. Roles and permissions themselves are read through roles, never granted by uid.
 */
export function grantOf(action: string, model: ContentModel): { uid: string; action: Action } | undefined {
  const match = READ_ACTION.exec(action);
  if (!match) return undefined;
  const [, subject, verb] = match;
  if (subject === UPLOAD_CONTENT_API) return { uid: MEDIA_UID, action: verb as Action };
  const grantable = model.contentTypes.has(subject) && ![MEDIA_UID, ROLE_UID, PERMISSION_UID].includes(subject);
  return grantable ? { uid: subject, action: verb as Action } : undefined;
}

export function mapAccess(draft: SeedDraft, model: ContentModel): Record<string, SeedRoleJson> {
  const roles: Record<string, SeedRoleJson> = {};
  const typeOf = new Map(draft.roles.map((role) => [role.id, role.type]));
  const ignored = new Map<string, string[]>();
  for (const { id, type, name, description } of draft.roles) {
    roles[type] = { id, name, ...(description === null ? {} : { description }), find: [], findOne: [] };
  }
  for (const permission of [...draft.permissions.values()].sort((a, b) => a.id - b.id)) {
    const type = permission.role === undefined ? undefined : typeOf.get(permission.role);
    if (type === undefined) {
      draft.notes.push(`permission ${permission.id} (${permission.action}) belongs to no role, not imported`);
      continue;
    }
    const grant = grantOf(permission.action, model);
    if (grant) roles[type][grant.action] = [...(roles[type][grant.action] ?? []), grant.uid];
    else ignored.set(type, [...(ignored.get(type) ?? []), permission.action]);
  }
  for (const [type, actions] of ignored) {
    draft.notes.push(`role "${type}": ${actions.length} permission(s) for actions the gateway does not serve, ignored: ${actions.join(', ')}`);
  }
  return roles;
}
