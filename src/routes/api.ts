// The whole route table of a model's content API: the content-types' rows, the plugins' rows, and
// any a gateway adds (its own routes are rows like these). What the router, the access check and
// the OpenAPI document read.
import type { ContentModel } from '../model/types.ts';
import { contentApiRows } from './content-api.ts';
import { RouteMatcher } from './match.ts';
import type { RouteRow } from './table.ts';
import { uploadRows } from './upload.ts';

/** Every row, the content-types' first, then the upload plugin's writes; `extra` rows are added last (a path they share with another row adds methods to it). */
export function routeTable(model: ContentModel, extra: readonly RouteRow[] = []): RouteRow[] {
  return [...contentApiRows(model), ...uploadRows(model), ...extra];
}

/** The table of `model`, ready to match requests. */
export function routeMatcher(model: ContentModel, extra: readonly RouteRow[] = []): RouteMatcher {
  return new RouteMatcher(routeTable(model, extra));
}
