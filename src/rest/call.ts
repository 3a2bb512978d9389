// A call row of the route table (any operation besides reading and writing entries): the request's
// parameters, query string and body -> the row's operation, counted against the per-client auth
// limit when it is one Strapi limits, run by the operation layer -> the answer the row makes of its
// result (a JSON body, or a reply with its own status). Limited answers carry Strapi's
// `X-RateLimit-*` headers, errors included.
import { toRestError } from '../errors/map.ts';
import { RateLimitError } from '../errors/errors.ts';
import type { Consumed } from '../limits/rate-limit.ts';
import { consumeAuthLimit } from '../operations/auth/limit.ts';
import type { RequestBase } from '../operations/scope.ts';
import { createScope } from '../operations/scope.ts';
import { runOperation } from '../operations/run.ts';
import { CallReply, type RouteHandler, type RouteRow } from '../routes/table.ts';
import { json } from './json-response.ts';
import { parseQueryString } from './parse.ts';
import { requestBody } from './write.ts';

type CallHandler = Extract<RouteHandler, { kind: 'call' }>;

/** The answer of a call row; an error is thrown to the handler's mapper, unless limit headers must go with it. */
export async function callAnswer(request: Request, row: RouteRow & { handler: CallHandler }, params: Readonly<Record<string, string>>, base: RequestBase, log: (error: unknown) => void): Promise<Response> {
  const { handler } = row;
  const url = new URL(request.url);
  const body = request.method === 'GET' || request.method === 'HEAD' ? {} : await requestBody(request);
  const operation = handler.operation({ params, query: parseQueryString(url.search) as Record<string, unknown>, body, rights: base });
  let consumed: Consumed | undefined;
  try {
    consumed = await consumeAuthLimit(base, operation, row.path);
    return replied(await handler.answer(await runOperation(createScope(base), operation), base), limitHeaders(base, consumed));
  } catch (error) {
    const window = error instanceof RateLimitError ? error.window : undefined;
    const headers = limitHeaders(base, consumed ?? (window && { allowed: false, retryAfterSeconds: 0, resetAt: window.resetAt }));
    if (!headers) throw error;
    const { status, body: envelope } = toRestError(error, log);
    return json(status, JSON.stringify(envelope), headers);
  }
}

/**
 * Strapi's (koa2-ratelimit's) headers on every answer of a limited route: the limit, what is left
 * of the window (0 once refused), and when the window ends, in epoch seconds. No `Retry-After`.
 */
function limitHeaders(base: RequestBase, consumed: Consumed | undefined): Record<string, string> | undefined {
  const max = base.auth?.limiter.max;
  if (!consumed || max === undefined) return undefined;
  return {
    'x-ratelimit-limit': String(max),
    'x-ratelimit-remaining': String(consumed.allowed ? consumed.remaining : 0),
    'x-ratelimit-reset': String(Math.ceil(consumed.resetAt / 1000)),
  };
}

function replied(answer: unknown, headers: Record<string, string> | undefined): Response {
  if (!(answer instanceof CallReply)) return json(200, JSON.stringify(answer), headers);
  if (answer.kind === 'text') return new Response(String(answer.body), { status: answer.status, headers: { ...headers, ...answer.headers } });
  if (answer.body === undefined) return new Response(null, { status: answer.status, headers: { ...headers, ...answer.headers } });
  return json(answer.status, JSON.stringify(answer.body), { ...headers, ...answer.headers });
}
