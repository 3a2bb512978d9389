// Request method and path under /api -> what to read or write: a content-type's entries, one
// entry, a single type, an entry's localizations, or the media library (`/api/upload/files`).
// A path that names nothing is a 404; a method its path does not take, a 405.
import { ForbiddenError, MethodNotAllowedError, NotFoundError } from '../errors/errors.ts';
import { MEDIA_UID, USER_UID, assertNever, contentType } from '../model/types.ts';
import type { Operation } from '../operations/operation.ts';
import type { ContentModel, ContentType } from '../model/types.ts';
import type { RestRead } from './document.ts';

/** The methods every REST path answers; HEAD is GET without the body. */
export const ALLOWED_METHODS = ['GET', 'HEAD'] as const;

/** A write a REST route runs: its operation and, for an entry, the id in the path. */
export interface RestWrite {
  readonly action: 'create' | 'update' | 'delete' | 'createLocalization';
  readonly id?: string;
}

export interface Route {
  /**
   * `entries` answer in Strapi's `{ data, meta }` envelope; `files` and `users` as the upload and
   * users-permissions plugins do, as plain objects.
   */
  readonly kind: 'entries' | 'files' | 'users';
  readonly target: ContentType;
  /** What a GET reads there (for a write, what its answer reads back). */
  readonly operation: RestRead;
  /** Set for POST, PUT and DELETE. */
  readonly write?: RestWrite;
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
  const found = segments ? match(model, segments) : undefined;
  if (!found) throw new NotFoundError('Not Found');
  const { route, localizations } = found;
  const writes = localizations ? { POST: 'createLocalization' as const } : writesOn(route);
  if (!localizations && (ALLOWED_METHODS as readonly string[]).includes(method)) return route;
  const action = (writes as Record<string, RestWrite['action']>)[method];
  if (!action) throw new MethodNotAllowedError('Method Not Allowed', { allow: allowedMethods(model, pathname) });
  const id = route.operation.kind === 'findOne' ? route.operation.id : undefined;
  return { ...route, write: { action, ...(id === undefined ? {} : { id }) } };
}

/** The methods a path takes, for a 405's `Allow`. */
export function allowedMethods(model: ContentModel, pathname: string): string[] {
  const segments = pathSegments(pathname);
  const found = segments ? match(model, segments) : undefined;
  if (!found) return [...ALLOWED_METHODS];
  return [...(found.localizations ? [] : ALLOWED_METHODS), ...Object.keys(found.localizations ? { POST: 1 } : writesOn(found.route))];
}

/** The writes a read route's path takes: entries of the content API only. */
function writesOn(route: Route): Partial<Record<string, RestWrite['action']>> {
  if (route.kind !== 'entries') return {};
  switch (route.operation.kind) {
    case 'findMany':
      return { POST: 'create' };
    case 'findOne':
    case 'findSingle':
      return { PUT: 'update', DELETE: 'delete' };
    default:
      return {};
  }
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

/** A path's read route, and whether it names that entry's (or single type's) `localizations` (POST only). */
function match(model: ContentModel, segments: readonly string[]): { route: Route; localizations: boolean } | undefined {
  if (segments.at(-1) === 'localizations') {
    const entry = matchRead(model, segments.slice(0, -1));
    const kind = entry?.operation.kind;
    if (entry?.target.localized && (kind === 'findOne' || kind === 'findSingle')) return { route: entry, localizations: true };
  }
  const route = matchRead(model, segments);
  return route && { route, localizations: false };
}

function matchRead(model: ContentModel, segments: readonly string[]): Route | undefined {
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
