// GET /uploads/<file>: media files from the uploads folder (Strapi's public/uploads layout),
// with content types, ranges, ETag/Last-Modified revalidation and Cache-Control, through
// @remix-run/response. Names are checked before the disk is touched: no dot files, no way out.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { openLazyFile } from '@remix-run/fs';
import { createFileResponse } from '@remix-run/response/file';
import { MethodNotAllowedError, NotFoundError } from '../../src/errors/errors.ts';
import { toRestError } from '../../src/errors/map.ts';
import { jsonResponse } from '../http/responses.ts';

export const UPLOADS_PREFIX = '/uploads/';

export interface UploadsDeps {
  /** The folder, absolute. */
  dir: string;
  /** Seconds browsers and CDNs may reuse a file without asking again. */
  maxAge: number;
  log: (error: unknown) => void;
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
export function uploadsRoute(deps: UploadsDeps): (request: Request) => Promise<Response> {
  const root = path.resolve(deps.dir);
  async function answer(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new MethodNotAllowedError('Method Not Allowed', { allow: ['GET', 'HEAD'] });
    }
    const relative = uploadPath(new URL(request.url).pathname);
    const file = relative === undefined ? undefined : path.join(root, relative);
    if (!file || path.relative(root, file).startsWith('..') || !(await isFile(file))) throw new NotFoundError('Not Found');
    const response = await createFileResponse(openLazyFile(file), request, { cacheControl: `public, max-age=${deps.maxAge}` });
    response.headers.set('content-security-policy', MEDIA_POLICY);
    return response;
  }
  return async (request) => {
    try {
      return await answer(request);
    } catch (error) {
      const { status, body } = toRestError(error, deps.log);
      return jsonResponse(status, body, status === 405 ? { allow: 'GET, HEAD' } : {});
    }
  };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
