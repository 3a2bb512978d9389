// Roles and their permissions: which content-types a caller may list (`find`), read by id
// (`findOne`), create, update or delete. Built from the seed; asked by both protocols through the request context.

export type Action = 'find' | 'findOne' | 'create' | 'update' | 'delete';

/** Every action a role may grant, in Strapi's order. */
export const ACTIONS: readonly Action[] = ['find', 'findOne', 'create', 'update', 'delete'];

/** The actions that only read. */
export const READ_ACTIONS: readonly Action[] = ['find', 'findOne'];

/** A role as the seed declares it: per action, the content-type uids allowed. */
export type RoleGrants = Partial<Record<Action, readonly string[]>>;

export interface Role {
  name: string;
  can(action: Action, uid: string): boolean;
}

export function createRole(name: string, grants: RoleGrants): Role {
  const allowed = new Map<Action, Set<string>>(
    ACTIONS.map((action) => [action, new Set(grants[action] ?? [])]),
  );
  return {
    name,
    can: (action, uid) => allowed.get(action)?.has(uid) ?? false,
  };
}

/** The role of a request that presents no credentials. */
export const PUBLIC_ROLE = 'public';
