// The archive's users-permissions roles and permissions -> the seed's `roles`: per role type, the
// content-types it may `find` and `findOne`. Actions a read-only gateway does not serve are reported.
import type { Action } from '../auth/roles.ts';
import { MEDIA_UID, type ContentModel } from '../model/types.ts';
import type { SeedDraft } from './seed-draft.ts';

/** The upload plugin's content API: its `find` and `findOne` read the media library. */
const UPLOAD_CONTENT_API = 'plugin::upload.content-api';
const READ_ACTION = /^(.+)\.(find|findOne)$/;

export type SeedRoles = Record<string, Partial<Record<Action, string[]>>>;

/** `api::article.article.find` -> find on that uid; `plugin::upload.content-api.find` -> find on media. */
export function grantOf(action: string, model: ContentModel): { uid: string; action: Action } | undefined {
  const match = READ_ACTION.exec(action);
  if (!match) return undefined;
  const [, subject, verb] = match;
  if (subject === UPLOAD_CONTENT_API) return { uid: MEDIA_UID, action: verb as Action };
  return subject !== MEDIA_UID && model.contentTypes.has(subject) ? { uid: subject, action: verb as Action } : undefined;
}

export function mapAccess(draft: SeedDraft, model: ContentModel): SeedRoles {
  const roles: SeedRoles = {};
  const byId = new Map(draft.roles.map((role) => [role.id, role]));
  const ignored = new Map<string, string[]>();
  for (const role of draft.roles) roles[role.type] = { find: [], findOne: [] };
  for (const permission of [...draft.permissions.values()].sort((a, b) => a.id - b.id)) {
    const role = permission.role === undefined ? undefined : byId.get(permission.role);
    if (!role) {
      draft.notes.push(`permission ${permission.id} (${permission.action}) belongs to no role, not imported`);
      continue;
    }
    const grant = grantOf(permission.action, model);
    if (grant) roles[role.type][grant.action]!.push(grant.uid);
    else ignored.set(role.type, [...(ignored.get(role.type) ?? []), permission.action]);
  }
  for (const [type, actions] of ignored) {
    draft.notes.push(`role "${type}": ${actions.length} permission(s) for actions the gateway does not serve, ignored: ${actions.join(', ')}`);
  }
  return roles;
}
