// `me`: the logged-in user a JWT names, with its role, as users-permissions answers it.
import { ROLE_UID } from '../model/types.ts';
import type { RequestScope } from './scope.ts';

export interface MeValue {
  id: string;
  username: unknown;
  email: unknown;
  confirmed: unknown;
  blocked: unknown;
  role: { id: string; name: unknown; description: unknown; type: unknown } | null;
}

/** Called once {@link authorize} has seen a user. */
export async function me(scope: RequestScope): Promise<MeValue> {
  const user = scope.user!;
  const roles = scope.model.contentTypes.get(ROLE_UID)!;
  const [role] = user.role == null ? [] : await scope.store.find(roles.collectionName, { id: user.role }, { limit: 1 });
  const own = { id: String(user.id), username: user.username, email: user.email, confirmed: user.confirmed, blocked: user.blocked };
  return { ...own, role: role ? { id: String(role.id), name: role.name, description: role.description, type: role.type } : null };
}
