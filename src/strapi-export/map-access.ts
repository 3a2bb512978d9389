// The archive's users-permissions roles and permissions -> the seed's `roles`: per role type, its
// id, name and description, and every action it grants that this model or the plugins' content
// APIs name (`find: ["api::article.article"]`, `callback: ["plugin::users-permissions.auth"]`).
// Actions of plugins the gateway does not serve are reported, not imported.
import { isKnownAction, seedGrantOf } from '../access/actions.ts';
import type { ContentModel } from '../model/types.ts';
import type { SeedDraft } from './seed-draft.ts';

/** A role as the seed format writes it (see docs/seed.md): its entry's fields, and per verb the subjects it applies to. */
export type SeedRoleJson = { id: number; name: string; description?: string } & { [verb: string]: string[] | string | number | undefined };

export function mapAccess(draft: SeedDraft, model: ContentModel): Record<string, SeedRoleJson> {
  const roles: Record<string, SeedRoleJson> = {};
  const typeOf = new Map(draft.roles.map((role) => [role.id, role.type]));
  const ignored = new Map<string, string[]>();
  const apiTypes = new Set([...model.contentTypes.keys()].filter((uid) => uid.startsWith('api::')));
  for (const { id, type, name, description } of draft.roles) {
    roles[type] = { id, name, ...(description === null ? {} : { description }) };
  }
  for (const permission of [...draft.permissions.values()].sort((a, b) => a.id - b.id)) {
    const type = permission.role === undefined ? undefined : typeOf.get(permission.role);
    if (type === undefined) {
      draft.notes.push(`permission ${permission.id} (${permission.action}) belongs to no role, not imported`);
      continue;
    }
    if (!isKnownAction(permission.action, apiTypes)) {
      ignored.set(type, [...(ignored.get(type) ?? []), permission.action]);
      continue;
    }
    const [subject, verb] = seedGrantOf(permission.action);
    const subjects = (roles[type][verb] ??= []) as string[];
    if (!subjects.includes(subject)) subjects.push(subject);
  }
  for (const [type, actions] of ignored) {
    draft.notes.push(`role "${type}": ${actions.length} permission(s) for actions the gateway does not serve, ignored: ${actions.join(', ')}`);
  }
  return roles;
}
