// A REST request's body, read at the one place it is parsed: JSON (an object or an array, as
// Strapi's koa-body takes it), a form's fields as nested keys, or `{}` when it is neither; its
// depth bounded as GraphQL variables are, before anything walks it.
import { BodySyntaxError, BodyTypeError } from '../errors/errors.ts';
import { checkBodyDepth, type RequestLimits } from '../limits/request-limits.ts';
import { parseQueryString } from './parse.ts';

/** What bounds a body: the depth GraphQL variables may have (`maxVariablesDepth`). */
export type BodyLimits = Pick<RequestLimits, 'maxVariablesDepth'>;

/**
 * The body's JSON; a form's fields read as nested keys (`data[name]=x` is `{ data: { name: "x" } }`);
 * `{}` when there is none or it is neither, as Strapi (koa-body) reads it.
 * @throws BodySyntaxError for text that is not JSON, BodyTypeError for JSON that is neither an
 * object nor an array (`null`, `"x"`, `5`), ValidationError for a body nested past the limit.
 */
export async function requestBody(request: Request, limits: BodyLimits): Promise<unknown> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  const text = await request.text();
  if (type === 'application/x-www-form-urlencoded') return bounded(parseQueryString(text), limits);
  if (!(type === 'application/json' || type.endsWith('+json')) || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new BodySyntaxError((error as Error).message);
  }
  if (parsed === null || typeof parsed !== 'object') throw new BodyTypeError('invalid JSON, only supports object and array');
  return bounded(parsed, limits);
}

function bounded(body: unknown, limits: BodyLimits): unknown {
  checkBodyDepth(body, limits);
  return body;
}
