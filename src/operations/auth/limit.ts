// An auth operation and who sends it -> one request counted against the per-client limit Strapi's
// plugin puts on its sign-in, register and password routes, or a refusal (429). Both protocols
// count here, under the operation's REST path, so REST and GraphQL share a client's allowance.
import { isRecord } from '../../model/problems.ts';
import { RateLimitError } from '../../errors/errors.ts';
import { authLimitKey, type Consumed } from '../../limits/rate-limit.ts';
import type { Operation } from '../operation.ts';
import type { RequestBase } from '../scope.ts';

/**
 * The limited operations, by the route Strapi limits (its `rateLimit` middleware), and whether the
 * body's `email` keys the count. Strapi reads `email` from every body; a sign-in body has none, so
 * an added `email` only bought a fresh count there (recorded, 20-rate-limit.json): it is not read
 * where the route takes no email (docs/decisions.md).
 */
const LIMITED: Partial<Record<Operation['action'], { readonly path: string; readonly byEmail: boolean }>> = {
  signIn: { path: '/api/auth/local', byEmail: false },
  register: { path: '/api/auth/local/register', byEmail: true },
  forgotPassword: { path: '/api/auth/forgot-password', byEmail: true },
  resetPassword: { path: '/api/auth/reset-password', byEmail: false },
  changePassword: { path: '/api/auth/change-password', byEmail: false },
};

/**
 * Counts `operation` for its client when it is a limited one; undefined otherwise or without auth
 * services. `route`: the REST route it came by, limited only when it is the one Strapi limits (its
 * `GET /api/auth/:provider/callback` is not); GraphQL's fields count as their REST route.
 * @throws RateLimitError (429, Strapi's message) once the client's window is spent.
 */
export async function consumeAuthLimit(base: Pick<RequestBase, 'auth' | 'client' | 'user'>, operation: Operation, route?: string): Promise<Consumed | undefined> {
  const limited = LIMITED[operation.action];
  if (!limited || (route !== undefined && route !== limited.path) || !base.auth || base.auth.limiter.max === undefined) return undefined;
  const body = 'input' in operation && isRecord(operation.input) && 'body' in operation.input ? operation.input.body : undefined;
  const email = limited.byEmail && isRecord(body) ? body.email : undefined;
  const key = authLimitKey(email, limited.path, base.client ?? 'local') + (base.user ? `:user:${base.user.id}` : '');
  const consumed = await base.auth.limiter.consume(key);
  if (!consumed.allowed) throw new RateLimitError(undefined, {}, consumed);
  return consumed;
}
