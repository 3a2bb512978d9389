// Roles for tests, granted by content verb (`{ find: [uid…] }`) as the seed's `roles` spell them.
import { contentAction, type ContentVerb } from '../../src/access/actions.ts';
import { createRole, type Role } from '../../src/auth/roles.ts';

/** A role granting each verb on the content-types listed under it. */
export function roleGranting(name: string, grants: Partial<Record<ContentVerb, readonly string[]>>): Role {
  return createRole(name, Object.entries(grants).flatMap(([verb, uids]) => (uids ?? []).map((uid) => contentAction(uid, verb as ContentVerb))));
}
