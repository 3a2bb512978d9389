// A body of `POST`/`PUT /api/users` (or the users' mutations) -> the `data` the entry write path
// checks: the body itself, minus what no caller sets through these routes (the one-use tokens),
// its email lower-cased as the plugin keeps it.
import { isRecord } from '../../model/problems.ts';
import { DEFAULT_USERS_PERMISSIONS_SETTINGS } from '../../auth/users-permissions-settings.ts';
import type { AdvancedSettings } from '../../auth/users-permissions-settings.ts';
import { ROLE_UID } from '../../model/types.ts';
import type { Doc } from '../../store/store.ts';
import { rolesOf } from '../auth/users.ts';
import type { RequestScope } from '../scope.ts';

/** A users' write: the user as written (as it was, for a delete; null when there was none), and its role when the caller may see it. */
export interface UserWritten {
  readonly data: Doc | null;
  /** The user's role: the plugin populates it and keeps it only for a caller that may list roles. */
  readonly role?: Doc;
}

/** `data` with its role, read when the caller may list roles. */
export async function withVisibleRole(scope: RequestScope, data: Doc | null): Promise<UserWritten> {
  if (!data || data.role == null || !scope.access.may('find', ROLE_UID)) return { data };
  const [role] = await scope.store.find(rolesOf(scope).collectionName, { id: data.role }, { limit: 1 });
  return role ? { data, role } : { data };
}

/**
 * The reset and confirmation tokens are kept as digests of tokens the gateway mailed; a value set
 * through the API could never match one, so it is left out rather than stored (Strapi stores it).
 */
const NOT_WRITTEN = new Set(['resetPasswordToken', 'confirmationToken']);

export function userData(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) return {};
  const data = Object.fromEntries(Object.entries(body).filter(([key]) => !NOT_WRITTEN.has(key)));
  if (typeof data.email === 'string') data.email = data.email.toLowerCase();
  return data;
}

/** The advanced settings the request runs under (Strapi's defaults for a base without auth services). */
export function advancedOf(scope: Pick<RequestScope, 'auth'>): AdvancedSettings {
  return (scope.auth?.settings ?? DEFAULT_USERS_PERMISSIONS_SETTINGS).advanced;
}
