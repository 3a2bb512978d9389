// The archive's users-permissions roles and permissions -> the seed's `roles`: per role type, its
// id, name and description, and the content-types it may `find`, `findOne`, `create`, `update` and
// `delete`. Actions the gateway does not serve (sign-in, uploads, plugins' own) are reported, not imported.
import { ACTIONS, READ_ACTIONS, type Action } from '../auth/roles.ts';
import { MEDIA_UID, PERMISSION_UID, ROLE_UID, type ContentModel } from '../model/types.ts';
import type { SeedDraft } from './seed-draft.ts';

/** The upload plugin's content API: its `find` and `findOne` read the media library (its writes are uploads). */
const UPLOAD_CONTENT_API = 'plugin::upload.content-api';
const GRANTED_ACTION = new RegExp(`^(.+)\\.(${ACTIONS.join('|')})$`);

/** A role as the seed format writes it (see docs/seed.md): every action, each with its list of uids. */
export type SeedRoleJson = {
  id: number;
  name: string;
  description?: string;
} & Record<Action, string[]>;

/**
 * `api::article.article.find` -> find on that uid (`create`, `update` and `delete` alike);
 * `plugin::upload.content-api.find` -> find on media. Roles and permissions themselves are read
 * through roles, never granted by uid; media is only read.
 */
export function grantOf(action: string, model: ContentModel): { uid: string; action: Action } | undefined {
  const match = GRANTED_ACTION.exec(action);
  if (!match) return undefined;
  const [, subject] = match;
  const verb = match[2] as Action;
  if (subject === UPLOAD_CONTENT_API) return READ_ACTIONS.includes(verb) ? { uid: MEDIA_UID, action: verb } : undefined;
  const grantable = model.contentTypes.has(subject) && ![MEDIA_UID, ROLE_UID, PERMISSION_UID].includes(subject);
  return grantable ? { uid: subject, action: verb } : undefined;
}

export function mapAccess(draft: SeedDraft, model: ContentModel): Record<string, SeedRoleJson> {
  const roles: Record<string, SeedRoleJson> = {};
  const typeOf = new Map(draft.roles.map((role) => [role.id, role.type]));
  const ignored = new Map<string, string[]>();
  for (const { id, type, name, description } of draft.roles) {
    roles[type] = { id, name, ...(description === null ? {} : { description }), find: [], findOne: [], create: [], update: [], delete: [] };
  }
  for (const permission of [...draft.permissions.values()].sort((a, b) => a.id - b.id)) {
    const type = permission.role === undefined ? undefined : typeOf.get(permission.role);
    if (type === undefined) {
      draft.notes.push(`permission ${permission.id} (${permission.action}) belongs to no role, not imported`);
      continue;
    }
    const grant = grantOf(permission.action, model);
    if (grant) roles[type][grant.action].push(grant.uid);
    else ignored.set(type, [...(ignored.get(type) ?? []), permission.action]);
  }
  for (const [type, actions] of ignored) {
    draft.notes.push(`role "${type}": ${actions.length} permission(s) for actions the gateway does not serve, ignored: ${actions.join(', ')}`);
  }
  return roles;
}
