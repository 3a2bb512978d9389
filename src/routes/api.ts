// The whole route table of a model's content API: the content-types' rows, the plugins' rows, and
// any a gateway adds (its own routes are rows like these). What the router, the access check and
// the OpenAPI document read.
import type { ContentModel } from '../model/types.ts';
import { USER_UID } from '../model/types.ts';
import { contentApiRows } from './content-api.ts';
import { RouteMatcher } from './match.ts';
import type { RouteRow } from './table.ts';
import { uploadRows } from './upload.ts';
import { usersPermissionsRows } from './users-permissions.ts';

/**
 * Every row, the content-types' first, then the plugins' own: users-permissions' (sign-in, users'
 * writes, roles) and upload's writes; `extra` rows are added last (a path they share with another
 * row adds methods to it).
 */
export function routeTable(model: ContentModel, extra: readonly RouteRow[] = []): RouteRow[] {
  const plugin = model.contentTypes.has(USER_UID) ? usersPermissionsRows(model) : [];
  return [...contentApiRows(model), ...plugin, ...uploadRows(model), ...extra];
}

/** The table of `model`, ready to match requests. */
export function routeMatcher(model: ContentModel, extra: readonly RouteRow[] = []): RouteMatcher {
  return new RouteMatcher(routeTable(model, extra));
}
