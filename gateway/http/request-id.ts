// X-Request-Id: the caller's id is kept when it is a reasonable token, otherwise one is made;
// either way it is echoed on the response and carried by every log line of the request.
import { randomUUID } from 'node:crypto';
import type { Step } from './pipeline.ts';
import { withHeaders } from './responses.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids a proxy or client may send: printable, no spaces or quotes, at most 128 characters. */
const ACCEPTABLE = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The id this request goes by: the incoming header when acceptable, a fresh UUID otherwise. */
export function requestIdOf(request: Request): string {
  return requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
}

/** The id for a request whose `X-Request-Id` header is `given`. */
export function requestIdFrom(given: string | null | undefined): string {
  return typeof given === 'string' && ACCEPTABLE.test(given) ? given : randomUUID();
}

/** Echoes the request id on every response. */
export const echoRequestId: Step = async (request, exchange, next) => {
  return withHeaders(await next(request, exchange), [[REQUEST_ID_HEADER, exchange.id]]);
};
