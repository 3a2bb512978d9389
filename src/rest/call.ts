// A call row of the route table (any operation besides reading and writing entries): the request's
// parameters, query string and body (JSON, or a multipart body's fields and files streamed to
// temporary files) -> the row's operation, run by the operation layer -> the answer the row makes
// of its result, reading back what it wrote as a GET would answer it. Temporary files go after.
import { readingBack } from '../access/access.ts';
import { ServiceUnavailableError } from '../errors/errors.ts';
import type { ContentModel, ContentType } from '../model/types.ts';
import { createScope, type RequestBase } from '../operations/scope.ts';
import { runOperation } from '../operations/run.ts';
import type { CallBody, ReadBack, ReadShape, RouteHandler } from '../routes/table.ts';
import { removeReceived, type MultipartBody, type ReceivedFile } from '../upload/multipart.ts';
import { parseQueryString } from './parse.ts';
import { type PlanCache, variablesFor } from './plan.ts';
import type { ReadRoute } from './read-route.ts';
import type { ExecutionSteps } from './steps.ts';
import { requestBody } from './write.ts';

export interface CallDeps {
  model: ContentModel;
  plans: PlanCache;
  steps: ExecutionSteps;
  /** Reads a JSON body within the gateway's limit. */
  readBody(request: Request): Promise<Request>;
  /** Streams a multipart body to temporary files within the upload limits; absent: the gateway takes no uploads. */
  receiveFiles?(request: Request): Promise<MultipartBody>;
}

/** The answer's body of a call row, or throws the error to answer. */
export async function callAnswer(deps: CallDeps, request: Request, handler: Extract<RouteHandler, { kind: 'call' }>, params: Readonly<Record<string, string>>, base: RequestBase): Promise<unknown> {
  const url = new URL(request.url);
  const received = await receivedBody(deps, request, handler.body ?? 'json');
  try {
    const input = { params, query: parseQueryString(url.search) as Record<string, unknown>, body: received.body, files: received.files };
    const operation = handler.operation(input);
    const read: ReadBack = (target, shape, id) => readBack(deps, base, target, shape, id);
    const before = handler.before ? await handler.before(input, read) : undefined;
    return await handler.answer(await runOperation(createScope(base), operation), read, before);
  } finally {
    if (received.multipart) await removeReceived(received.multipart);
  }
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
  return { body: await requestBody(await deps.readBody(request)), files: [] };
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
  const scope = createScope({ ...base, access });
  return deps.steps.reshape(read, plan, await deps.steps.execute(plan, variables, scope), scope.deadline);
}
