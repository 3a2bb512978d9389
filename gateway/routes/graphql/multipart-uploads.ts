// A GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec: an
// `operations` field, a `map` field, then the files) -> its files streamed to temporary files within
// the upload limits, and its operations with each mapped variable set to its file, which yoga runs
// (the `uploadedOperations` plugin hands them over as the request's parameters). Yoga's own reader
// holds every file in memory (`request.formData()`), so it is off.
import { BadRequestError } from '../../../src/errors/errors.ts';
import type { MultipartBody } from '../../../src/upload/multipart.ts';
import { UploadValue } from '../../../src/upload/upload-value.ts';
import type { Plugin } from 'graphql-yoga';
import type { ServerContext } from './context.ts';

const SPEC = '(https://github.com/jaydenseric/graphql-multipart-request-spec)';

/** GraphQL parameters as a request's body gives them (one operation, or a batch). */
export type UploadedParams = Record<string, unknown> | Array<Record<string, unknown>>;

/**
 * The operations of a received multipart body with its files in place, in the words of
 * graphql-upload (what Strapi's GraphQL plugin runs) for every way it can be wrong.
 * @throws BadRequestError for a missing or invalid `operations` or `map`.
 */
export function uploadedParams(body: MultipartBody): UploadedParams {
  const names = body.fields.map((field) => field.name);
  const operationsAt = names.indexOf('operations');
  const mapAt = names.indexOf('map');
  if (operationsAt < 0 || (mapAt >= 0 && mapAt < operationsAt)) throw new BadRequestError(`Misordered multipart fields; ‘map’ should follow ‘operations’ ${SPEC}.`);
  const operations = parsedField(body.fields[operationsAt].value, 'operations');
  if (operations === null || typeof operations !== 'object') throw new BadRequestError(`Invalid type for the ‘operations’ multipart field ${SPEC}.`);
  if (mapAt < 0) throw new BadRequestError(`Missing multipart field ‘map’ ${SPEC}.`);
  const map = parsedField(body.fields[mapAt].value, 'map');
  if (map === null || typeof map !== 'object' || Array.isArray(map)) throw new BadRequestError(`Invalid type for the ‘map’ multipart field ${SPEC}.`);
  for (const [part, paths] of Object.entries(map as Record<string, unknown>)) {
    if (!Array.isArray(paths) || paths.some((path) => typeof path !== 'string')) {
      throw new BadRequestError(`Invalid type for the ‘map’ multipart field entry key ‘${part}’ array ${SPEC}.`);
    }
    const file = body.files.find((received) => received.field === part);
    for (const [index, path] of (paths as string[]).entries()) {
      if (!setAt(operations as Record<string, unknown>, path, new UploadValue(part, file))) {
        throw new BadRequestError(`Invalid object path for the ‘map’ multipart field entry key ‘${part}’ array index ‘${index}’ value ‘${path}’ ${SPEC}.`);
      }
    }
  }
  return operations as UploadedParams;
}

function parsedField(text: string, name: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequestError(`Invalid JSON in the ‘${name}’ multipart field ${SPEC}.`);
  }
}

/** Sets `value` at a dotted path (`variables.files.0`) of what already exists; false when the path leads nowhere. */
function setAt(target: Record<string, unknown>, path: string, value: unknown): boolean {
  const keys = path.split('.');
  let current: unknown = target;
  for (const key of keys.slice(0, -1)) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  const last = keys.at(-1)!;
  if (current === null || typeof current !== 'object' || last === '__proto__' || last === 'constructor' || last === 'prototype') return false;
  (current as Record<string, unknown>)[last] = value;
  return true;
}

/** Hands yoga the operations a multipart request was read into, as its parameters. */
export const uploadedOperations: Plugin<ServerContext> = {
  onRequestParse({ serverContext, setRequestParser }) {
    const params = (serverContext as Partial<ServerContext> | undefined)?.uploaded;
    if (params) setRequestParser(() => params as never);
  },
};
