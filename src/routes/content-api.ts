// The content-types' rows of the route table, as Strapi's core routers declare them: for a
// collection type its list, one entry by id, create, update, delete, and (i18n) a new
// localization; for a single type its entry, update, delete and a new localization; the media
// library's and the users' reads, as the upload and users-permissions plugins route them.
import { contentAction, PLUGIN_ACTIONS } from '../access/actions.ts';
import { MEDIA_UID, USER_UID, type ContentModel, type ContentType } from '../model/types.ts';
import type { RouteRow } from './table.ts';
import { usersCountWhere } from './users-count.ts';

const read = (target: ContentType, read: 'findMany' | 'findOne' | 'findSingle', shape: 'entries' | 'files' | 'users' = 'entries') => ({ kind: 'read' as const, target, read, shape });
const write = (target: ContentType, write: 'create' | 'update' | 'delete' | 'createLocalization') => ({ kind: 'write' as const, target, write });

/** The rows of one `api::` content-type. */
export function contentTypeRows(target: ContentType): RouteRow[] {
  const action = (verb: 'find' | 'findOne' | 'create' | 'update' | 'delete') => contentAction(target.uid, verb);
  if (target.kind === 'singleType') {
    const path = `/api/${target.singularName}`;
    return [
      { method: 'GET', path, action: action('find'), handler: read(target, 'findSingle') },
      { method: 'PUT', path, action: action('update'), handler: write(target, 'update') },
      { method: 'DELETE', path, action: action('delete'), handler: write(target, 'delete') },
      ...(target.localized ? [{ method: 'POST', path: `${path}/localizations`, action: action('create'), handler: write(target, 'createLocalization') } as const] : []),
    ];
  }
  const path = `/api/${target.pluralName}`;
  return [
    { method: 'GET', path, action: action('find'), handler: read(target, 'findMany') },
    { method: 'POST', path, action: action('create'), handler: write(target, 'create') },
    { method: 'GET', path: `${path}/:id`, action: action('findOne'), handler: read(target, 'findOne') },
    { method: 'PUT', path: `${path}/:id`, action: action('update'), handler: write(target, 'update') },
    { method: 'DELETE', path: `${path}/:id`, action: action('delete'), handler: write(target, 'delete') },
    ...(target.localized ? [{ method: 'POST', path: `${path}/:id/localizations`, action: action('create'), handler: write(target, 'createLocalization') } as const] : []),
  ];
}

/** The media library's reads (`/api/upload/files`), answered as plain objects. */
export function mediaRows(model: ContentModel): RouteRow[] {
  const media = model.contentTypes.get(MEDIA_UID);
  if (!media) return [];
  return [
    { method: 'GET', path: '/api/upload/files', action: PLUGIN_ACTIONS.upload.find, handler: read(media, 'findMany', 'files') },
    { method: 'GET', path: '/api/upload/files/:id', action: PLUGIN_ACTIONS.upload.findOne, handler: read(media, 'findOne', 'files') },
  ];
}

/** The users' reads (`/api/users`, `/api/users/me`, `/api/users/:id`), answered as plain objects. */
export function userRows(model: ContentModel): RouteRow[] {
  const users = model.contentTypes.get(USER_UID);
  if (!users) return [];
  return [
    { method: 'GET', path: '/api/users', action: PLUGIN_ACTIONS.user.find, handler: read(users, 'findMany', 'users') },
    { method: 'GET', path: '/api/users/me', action: PLUGIN_ACTIONS.user.me, handler: { kind: 'read', target: users, read: 'me', shape: 'users' } },
    {
      method: 'GET',
      path: '/api/users/count',
      action: PLUGIN_ACTIONS.user.count,
      handler: {
        kind: 'call',
        operation: (input) => ({ action: 'count', type: users, input: { filters: usersCountWhere(input) } }),
        answer: (total) => total,
        doc: { operationId: 'countUsers', summary: 'How many users match the query string\'s fields (`?blocked=true`), a bare number', tag: users.displayName, response: { type: 'integer', minimum: 0 } },
      },
    },
    { method: 'GET', path: '/api/users/:id', action: PLUGIN_ACTIONS.user.findOne, handler: read(users, 'findOne', 'users') },
  ];
}

/** Every content-type's rows: the model's `api::` types in its order, then the plugins'. */
export function contentApiRows(model: ContentModel): RouteRow[] {
  const own = [...model.contentTypes.values()].filter((type) => type.uid.startsWith('api::'));
  return [...own.flatMap(contentTypeRows), ...mediaRows(model), ...userRows(model)];
}
