// A call row of the route table (any operation besides reading and writing entries): the request's
// parameters, query string and body (JSON, or a multipart body's fields and files streamed to
// temporary files) -> the row's operation, counted against the per-client auth limit when it is
// one Strapi limits, run by the operation layer -> the answer the row makes of its result (a JSON
// body, or a reply with its own status), reading back what it wrote as a GET would answer it.
// Limited answers carry Strapi's `X-RateLimit-*` headers, errors included. Temporary files go after.
import { readingBack } from '../access/access.ts';
import { toRestError } from '../errors/map.ts';
import { RateLimitError, ServiceUnavailableError } from '../errors/errors.ts';
import type { Consumed } from '../limits/rate-limit.ts';
import type { ContentModel, ContentType } from '../model/types.ts';
import { consumeAuthLimit } from '../operations/auth/limit.ts';
import type { Operation } from '../operations/operation.ts';
import { createScope, type RequestBase } from '../operations/scope.ts';
import { runOperation } from '../operations/run.ts';
import { CallReply, type CallBody, type ReadBack, type ReadShape, type RouteHandler, type RouteRow } from '../routes/table.ts';
import { removeReceived, type MultipartBody, type ReceivedFile } from '../upload/multipart.ts';
import { json } from './json-response.ts';
import { parseQueryString } from './parse.ts';
import { type PlanCache, variablesFor } from './plan.ts';
import type { ReadRoute } from './read-route.ts';
import type { ExecutionSteps } from './steps.ts';
import { requestBody, type BodyLimits } from './body.ts';
import { requestPublicationState } from './query.ts';

export interface CallDeps {
  model: ContentModel;
  plans: PlanCache;
  steps: ExecutionSteps;
  /** Reads a JSON body within the gateway's limit. */
  readBody(request: Request): Promise<Request>;
  /** How deep a JSON body may nest. */
  limits: BodyLimits;
  /** Streams a multipart body to temporary files within the upload limits; absent: the gateway takes no uploads. */
  receiveFiles?(request: Request): Promise<MultipartBody>;
}

type CallRow = RouteRow & { handler: Extract<RouteHandler, { kind: 'call' }> };

/** The answer of a call row; an error is thrown to the handler's mapper, unless limit headers must go with it. */
export async function callAnswer(deps: CallDeps, request: Request, row: CallRow, params: Readonly<Record<string, string>>, base: RequestBase, log: (error: unknown) => void): Promise<Response> {
  const { handler } = row;
  const url = new URL(request.url);
  const received = await receivedBody(deps, request, handler.body ?? 'json');
  try {
    const input = { params, query: parseQueryString(url.search) as Record<string, unknown>, body: received.body, files: received.files, rights: base };
    const operation = handler.operation(input);
    const read: ReadBack = (target, shape, id) => readBack(deps, base, target, shape, id);
    return await limited(base, row.path, operation, log, async () => {
      const before = handler.before ? await handler.before(input, read) : undefined;
      return handler.answer(await runOperation(createScope(base), operation), { rights: base, read, before });
    });
  } finally {
    if (received.multipart) await removeReceived(received.multipart);
  }
}

/** Runs `answer` once the auth limit allows the operation, with the limit's headers on its answer or its error. */
async function limited(base: RequestBase, path: string, operation: Operation, log: (error: unknown) => void, answer: () => Promise<unknown>): Promise<Response> {
  let consumed: Consumed | undefined;
  try {
    consumed = await consumeAuthLimit(base, operation, path);
    return replied(await answer(), limitHeaders(base, consumed));
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

interface Received {
  readonly body: unknown;
  readonly files: readonly ReceivedFile[];
  /** The multipart body whose temporary files are removed after the call. */
  readonly multipart?: MultipartBody;
}

async function receivedBody(deps: CallDeps, request: Request, kind: CallBody): Promise<Received> {
  if (request.method === 'GET' || request.method === 'HEAD') return { body: {}, files: [] };
  if (kind === 'multipart' && isMultipart(request)) {
    if (!deps.receiveFiles) throw new ServiceUnavailableError('This gateway does not store uploads');
    const multipart = await deps.receiveFiles(request);
    return { body: fieldsOf(multipart), files: multipart.files, multipart };
  }
  return { body: await requestBody(await deps.readBody(request), deps.limits), files: [] };
}

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '');
}

/** A multipart body's text fields by name; a name sent several times holds the list of its values, in order. */
function fieldsOf(body: MultipartBody): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const { name, value } of body.fields) {
    const held = Object.hasOwn(fields, name) ? fields[name] : undefined;
    fields[name] = held === undefined ? value : [...(Array.isArray(held) ? held : [held]), value];
  }
  return fields;
}

/** The entry as a GET of it on a row of `shape` answers it, for this caller, though it may lack `findOne`. */
async function readBack(deps: CallDeps, base: RequestBase, target: ContentType, shape: ReadShape, id: number): Promise<unknown> {
  const read: ReadRoute = { kind: shape, target, operation: { kind: 'findOne', id: String(id) } };
  const access = readingBack(base.access, target.uid);
  const plan = deps.plans.planFor(read, '', { model: deps.model, access, locales: base.locales.codes }, `${base.accessKey}:wrote`, base.user?.id);
  const variables = variablesFor(plan, read, base.user?.id);
  await deps.steps.bound(plan, variables);
  const scope = createScope({ ...base, access }, undefined, requestPublicationState(undefined));
  return deps.steps.reshape(read, plan, await deps.steps.execute(plan, variables, scope), scope.deadline);
}
