// A call row of the route table (any operation besides reading and writing entries): the request's
// parameters, query string and body -> the row's operation, run by the operation layer -> the
// answer the row makes of its result.
import type { RequestBase } from '../operations/scope.ts';
import { createScope } from '../operations/scope.ts';
import { runOperation } from '../operations/run.ts';
import type { RouteHandler } from '../routes/table.ts';
import { parseQueryString } from './parse.ts';
import { requestBody, type BodyLimits } from './body.ts';

/** The answer's body of a call row, or throws the error to answer. */
export async function callAnswer(request: Request, handler: Extract<RouteHandler, { kind: 'call' }>, params: Readonly<Record<string, string>>, base: RequestBase, limits: BodyLimits): Promise<unknown> {
  const url = new URL(request.url);
  const body = request.method === 'GET' || request.method === 'HEAD' ? {} : await requestBody(request, limits);
  const operation = handler.operation({ params, query: parseQueryString(url.search) as Record<string, unknown>, body });
  return handler.answer(await runOperation(createScope(base), operation));
}
