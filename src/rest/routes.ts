// Request method and path under /api -> what to read: a content-type's entries, one entry, a
// single type, or the media library (`/api/upload/files`). Anything else is a 404 or a 405.
import { ForbiddenError, MethodNotAllowedError, NotFoundError } from '../errors/errors.ts';
import { MEDIA_UID, USER_UID, assertNever, contentType } from '../model/types.ts';
import type { Operation } from '../operations/operation.ts';
import type { ContentModel, ContentType } from '../model/types.ts';
import type { RestRead } from './document.ts';

/** The methods the read-only REST façade answers; HEAD is GET without the body. */
export const ALLOWED_METHODS = ['GET', 'HEAD'] as const;

export interface Route {
  /**
   * `entries` answer in Strapi's `{ data, meta }` envelope; `files` and `users` as the upload and
   * users-permissions plugins do, as plain objects.
   */
  readonly kind: 'entries' | 'files' | 'users';
  readonly target: ContentType;
  readonly operation: RestRead;
}

/**
 * `GET /api/<pluralName>`, `/api/<pluralName>/:id`, `/api/<singularName>` (single types),
 * `/api/upload/files`, `/api/upload/files/:id`, `/api/users` and `/api/users/:id`. Ids are
 * positive integers; anything else cannot exist, so it is a 404 like a missing entry.
 * `/api/users/me` is the logged-in user; `/api/users/count` needs an action no role here is
 * granted: 403, as in Strapi.
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

/** The operation a route's request runs, as both protocols name it (what it is authorized as). */
export function operationOf(route: Route): Operation {
  const { target: type, operation } = route;
  switch (operation.kind) {
    case 'me':
      return { action: 'me' };
    case 'findOne':
      return { action: 'findOne', type, input: { id: operation.id } };
    case 'findSingle':
      return { action: 'findOne', type, input: {} };
    case 'findMany':
    case 'findEveryLocale':
      return { action: 'find', type, input: {} };
    default:
      return assertNever(operation, 'REST read');
  }
}

function match(model: ContentModel, segments: readonly string[]): Route | undefined {
  const [first, second, third, ...rest] = segments;
  if (first === 'upload' && second === 'files' && rest.length === 0) {
    return byId({ kind: 'files', target: contentType(model, MEDIA_UID) }, third);
  }
  if (third !== undefined) return undefined;
  if (first === 'users' && model.contentTypes.has(USER_UID)) {
    if (second === 'count') throw new ForbiddenError('Forbidden');
    if (second === 'me') return { kind: 'users', target: contentType(model, USER_UID), operation: { kind: 'me' } };
    return byId({ kind: 'users', target: contentType(model, USER_UID) }, second);
  }
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
