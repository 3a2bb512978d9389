// GET /uploads/<file>: media files from the uploads folder (Strapi's public/uploads layout),
// with content types, ETag/Last-Modified revalidation and Cache-Control through @remix-run/response,
// and byte ranges by RFC 9110 (gateway/http/byte-range.ts). A file is served only when its real
// path, symlinks resolved, lies inside the folder's real path with no dot name on the way.
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { openLazyFile } from '@remix-run/fs';
import { createFileResponse } from '@remix-run/response/file';
import { MethodNotAllowedError, NotFoundError } from '../../src/errors/errors.ts';
import { toRestError } from '../../src/errors/map.ts';
import { chooseRange, ifRangeHolds } from '../http/byte-range.ts';
import type { Exchange } from '../http/pipeline.ts';
import { jsonResponse } from '../http/responses.ts';

export const UPLOADS_PREFIX = '/uploads/';

export interface UploadsDeps {
  /** The folder, absolute. */
  dir: string;
  /** Seconds browsers and CDNs may reuse a file without asking again. */
  maxAge: number;
}

/**
 * Uploaded files are the public's content, not the gateway's: an HTML or SVG file among them
 * must not run scripts with the API's origin, so it is sandboxed.
 */
const MEDIA_POLICY = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** `/uploads/a/b.jpg` -> `a/b.jpg`, or undefined for a name that cannot be a served file. */
export function uploadPath(pathname: string): string | undefined {
  let segments: string[];
  try {
    segments = pathname.slice(UPLOADS_PREFIX.length).split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
  const acceptable = (segment: string) => segment !== '' && !segment.startsWith('.') && !/[\\/\0]/.test(segment);
  return segments.every(acceptable) ? segments.join('/') : undefined;
}

/** GET and HEAD /uploads/<file>; errors in Strapi's envelope. */
export function uploadsRoute(deps: UploadsDeps): (request: Request, exchange: Pick<Exchange, 'log'>) => Promise<Response> {
  const root = path.resolve(deps.dir);
  const cacheControl = `public, max-age=${deps.maxAge}`;
  async function answer(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new MethodNotAllowedError('Method Not Allowed', { allow: ['GET', 'HEAD'] });
    }
    const relative = uploadPath(new URL(request.url).pathname);
    const file = relative === undefined ? undefined : await servedFile(root, relative);
    if (!file) throw new NotFoundError('Not Found');
    const response = await fileResponse(file, request, cacheControl);
    response.headers.set('content-security-policy', MEDIA_POLICY);
    return response;
  }
  return async (request, exchange) => {
    try {
      return await answer(request);
    } catch (error) {
      const { status, body } = toRestError(error, exchange.log);
      return jsonResponse(status, body, status === 405 ? { allow: 'GET, HEAD' } : {});
    }
  };
}

/**
 * The real path of `relative` under `root` when it is a file that may be served: inside the
 * root's real path once every symlink is resolved, with no dot name in between. A link that leads
 * elsewhere, a missing file and a folder all come out undefined alike.
 */
export async function servedFile(root: string, relative: string): Promise<string | undefined> {
  try {
    const [realRoot, real] = await Promise.all([realpath(root), realpath(path.join(root, relative))]);
    const inside = path.relative(realRoot, real);
    if (inside === '' || path.isAbsolute(inside) || inside.split(path.sep).some((name) => name.startsWith('.'))) return undefined;
    return (await stat(real)).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The file's answer. Validators and conditional requests are the library's (asked as a HEAD
 * without Range); the Range, when the file type takes ranges, is read here by RFC 9110's rules.
 */
async function fileResponse(real: string, request: Request, cacheControl: string): Promise<Response> {
  const file = openLazyFile(real);
  const headers = new Headers(request.headers);
  headers.delete('range');
  headers.delete('if-range');
  const head = await createFileResponse(file, new Request(request.url, { method: 'HEAD', headers }), { cacheControl });
  if (head.status !== 200) return head;
  // Only GET has ranges (RFC 9110 §14.2); compressible types are sent whole, so they may be compressed.
  const ranged = request.method === 'GET' && head.headers.get('accept-ranges') === 'bytes'
    && ifRangeHolds(request.headers.get('if-range'), head.headers.get('etag'), head.headers.get('last-modified'));
  const choice = chooseRange(ranged ? request.headers.get('range') : null, file.size);
  switch (choice.kind) {
    case 'whole':
      return new Response(request.method === 'HEAD' ? null : file.stream(), { status: 200, headers: head.headers });
    case 'part': {
      const { start, end } = choice;
      const part = new Headers(head.headers);
      part.set('content-length', String(end - start + 1));
      part.set('content-range', `bytes ${start}-${end}/${file.size}`);
      return new Response(file.slice(start, end + 1).stream(), { status: 206, headers: part });
    }
    case 'unsatisfiable':
      return new Response(null, { status: 416, headers: { 'content-range': `bytes */${file.size}` } });
    default: {
      const unhandled: never = choice;
      throw new Error(`unhandled range choice ${JSON.stringify(unhandled)}`);
    }
  }
}
