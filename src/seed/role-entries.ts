// The seed's `roles` -> entries of users-permissions' role and permission content-types, as a
// Strapi database holds them: Strapi's default ids and names, one permission per granted action
// (users-permissions' own defaults for Strapi's two roles included, as its bootstrap creates them).
import { DEFAULT_ROLE_ACTIONS, seedAction } from '../access/actions.ts';
import type { SeedEntry, SeedRole } from './parse-seed.ts';

/** The two roles every Strapi project has, with the ids, names and descriptions Strapi gives them. */
const STRAPI_ROLES: Readonly<Record<string, { id: number; name: string; description: string }>> = {
  authenticated: { id: 1, name: 'Authenticated', description: 'Default role given to authenticated user.' },
  public: { id: 2, name: 'Public', description: 'Default role given to unauthenticated user.' },
};

/** Every action a role of `type` grants: users-permissions' defaults for it, then what the seed names. */
export function roleActions(type: string, role: SeedRole | undefined): string[] {
  const named = Object.entries(role?.grants ?? {}).flatMap(([verb, subjects]) => subjects.map((subject) => seedAction(subject, verb)));
  return [...new Set([...(DEFAULT_ROLE_ACTIONS[type] ?? []), ...named])];
}

export interface RoleEntries {
  roles: SeedEntry[];
  permissions: SeedEntry[];
  /** Role type -> id of its entry (what a user's `role` holds, and a JWT's user is read against). */
  ids: ReadonlyMap<string, number>;
}

/** Role type -> id: ids given are kept; Strapi's defaults otherwise, then the next free ids in order. */
function roleIds(types: readonly string[], roles: Readonly<Record<string, SeedRole>>): Map<string, number> {
  const taken = new Set(types.map((type) => roles[type]?.id).filter((id): id is number => id !== undefined));
  const ids = new Map<string, number>();
  for (const type of types) {
    const given = roles[type]?.id ?? STRAPI_ROLES[type]?.id;
    if (given !== undefined && (roles[type]?.id !== undefined || !taken.has(given))) {
      ids.set(type, given);
      taken.add(given);
    }
  }
  let next = Math.max(0, ...taken);
  for (const type of types) if (!ids.has(type)) ids.set(type, ++next);
  return ids;
}

/**
 * Role entries for `authenticated`, `public` and every type the seed names, and a permission
 * entry per action each grants.
 */
export function roleEntries(roles: Readonly<Record<string, SeedRole>>): RoleEntries {
  const types = [...new Set([...Object.keys(STRAPI_ROLES), ...Object.keys(roles)])];
  const ids = roleIds(types, roles);
  const permissions: SeedEntry[] = [];
  const roleList = types.map((type, index): SeedEntry => {
    const role = roles[type];
    const id = ids.get(type)!;
    for (const action of roleActions(type, role)) {
      permissions.push({ index: permissions.length, id: permissions.length + 1, values: { action, role: id } });
    }
    return {
      index,
      id,
      values: { name: role?.name ?? STRAPI_ROLES[type]?.name ?? type, description: role?.description ?? STRAPI_ROLES[type]?.description ?? '', type },
    };
  });
  return { roles: roleList, permissions, ids };
}
