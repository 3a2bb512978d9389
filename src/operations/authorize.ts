// The first step of every operation: may this caller run it? Asks the access module; a refusal is
// Strapi's 403 `Forbidden`, the same for both protocols.
import { PLUGIN_ACTIONS } from '../access/actions.ts';
import { ForbiddenError, UnauthorizedError } from '../errors/errors.ts';
import { requiredAction, type Operation } from './operation.ts';
import type { RequestBase } from './scope.ts';

/**
 * @throws ForbiddenError when the caller may not run `operation`; UnauthorizedError for `me`
 *   asked by a caller that may ask it but is no user (a full-access API token), as Strapi answers.
 */
export function authorize(scope: Pick<RequestBase, 'access' | 'self' | 'user'>, operation: Operation): void {
  if (operation.action === 'me' && !scope.user) throw scope.access.allows(PLUGIN_ACTIONS.user.me) ? new UnauthorizedError('Unauthorized') : new ForbiddenError('Forbidden');
  const action = requiredAction(operation, scope.self);
  // A related type the caller may not `find` is Strapi's `Forbidden access` on that field.
  if (action !== undefined && !scope.access.allows(action)) throw new ForbiddenError(operation.action === 'findRelated' ? 'Forbidden access' : 'Forbidden');
}

/** @throws ForbiddenError when the caller may not run the action a route needs (Strapi's name). */
export function authorizeAction(scope: Pick<RequestBase, 'access'>, action: string): void {
  if (!scope.access.allows(action)) throw new ForbiddenError('Forbidden');
}
