// The first step of every operation: may this caller run it? Asks the access module; a refusal is
// Strapi's 403 `Forbidden`, the same for both protocols.
import { ForbiddenError } from '../errors/errors.ts';
import { requiredAction, type Operation } from './operation.ts';
import type { RequestBase } from './scope.ts';

/** @throws ForbiddenError when the caller may not run `operation` (`me` without a logged-in user included). */
export function authorize(scope: Pick<RequestBase, 'access' | 'self' | 'user'>, operation: Operation): void {
  if (operation.action === 'me' && !scope.user) throw new ForbiddenError('Forbidden');
  // A related type the caller may not `find` is Strapi's `Forbidden access` on that field.
  if (!scope.access.allows(requiredAction(operation, scope.self))) throw new ForbiddenError(operation.action === 'findRelated' ? 'Forbidden access' : 'Forbidden');
}

/** @throws ForbiddenError when the caller may not run the action a route needs (Strapi's name). */
export function authorizeAction(scope: Pick<RequestBase, 'access'>, action: string): void {
  if (!scope.access.allows(action)) throw new ForbiddenError('Forbidden');
}
