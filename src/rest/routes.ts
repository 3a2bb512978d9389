// Request method and path under /api -> what to read: a content-type's entries, one entry, a
// single type, or the media library (`/api/upload/files`). Anything else is a 404 or a 405.
import type { Action } from '../auth/roles.ts';
import { MethodNotAllowedError, NotFoundError } from '../errors/errors.ts';
import { MEDIA_UID, contentType } from '../model/types.ts';
import type { ContentModel, ContentType } from '../model/types.ts';
import type { Operation } from './document.ts';

/** The methods the read-only REST façade answers; HEAD is GET without the body. */
export const ALLOWED_METHODS = ['GET', 'HEAD'] as const;

export interface Route {
  /** `entries` answer in Strapi's `{ data, meta }` envelope; `files` as the upload plugin does. */
  readonly kind: 'entries' | 'files';
  readonly target: ContentType;
  readonly operation: Operation;
}

/**
 * `GET /api/<pluralName>`, `/api/<pluralName>/:id`, `/api/<singularName>` (single types),
 * `/api/upload/files` and `/api/upload/files/:id`. Ids are positive integers; anything else
 * cannot exist, so it is a 404 like a missing entry.
 */
export function resolveRoute(model: ContentModel, method: string, pathname: string): Route {
  const segments = pathSegments(pathname);
  const route = segments ? match(model, segments) : undefined;
  if (!route) throw new NotFoundError('Not Found');
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    throw new MethodNotAllowedError('Method Not Allowed', { allow: [...ALLOWED_METHODS] });
  }
  return route;
}

/** The permission a route needs: `findOne` to read by id, `find` otherwise. */
export function requiredAction(route: Route): Action {
  return route.operation.kind === 'findOne' ? 'findOne' : 'find';
}

function match(model: ContentModel, segments: readonly string[]): Route | undefined {
  const [first, second, third, ...rest] = segments;
  if (first === 'upload' && second === 'files' && rest.length === 0) {
    return byId({ kind: 'files', target: contentType(model, MEDIA_UID) }, third);
  }
  if (third !== undefined) return undefined;
  for (const target of model.contentTypes.values()) {
    if (!target.uid.startsWith('api::')) continue;
    if (target.kind === 'collectionType' && target.pluralName === first) return byId({ kind: 'entries', target }, second);
    if (target.kind === 'singleType' && target.singularName === first && second === undefined) {
      return { kind: 'entries', target, operation: { kind: 'findSingle' } };
    }
  }
  return undefined;
}

function byId(route: Omit<Route, 'operation'>, id: string | undefined): Route | undefined {
  if (id === undefined) return { ...route, operation: { kind: 'findMany' } };
  return /^[1-9]\d*$/.test(id) ? { ...route, operation: { kind: 'findOne', id } } : undefined;
}

/** `/api/a/b/` -> `['a', 'b']`; undefined outside /api or when a segment does not decode. */
function pathSegments(pathname: string): string[] | undefined {
  const [root, ...segments] = pathname.split('/').filter((segment) => segment !== '');
  if (root !== 'api') return undefined;
  try {
    return segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}
