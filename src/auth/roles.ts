// Roles and what they grant: a set of Strapi permission actions (src/access/actions.ts names
// them), from the access settings; asked by both protocols through the request's access.

/** A role as the access settings keep it: the actions it grants, by Strapi's names. */
export type RoleGrants = readonly string[];

export interface Role {
  name: string;
  /** Whether the role grants the action named (`api::article.article.find`). */
  can(action: string): boolean;
}

export function createRole(name: string, actions: Iterable<string>): Role {
  const granted = new Set(actions);
  return { name, can: (action) => granted.has(action) };
}

/** A role granting whatever `grants` says of each action (API tokens: every action, or every read). */
export function ruleRole(name: string, grants: (action: string) => boolean): Role {
  return { name, can: grants };
}

/** The role of a request that presents no credentials. */
export const PUBLIC_ROLE = 'public';
