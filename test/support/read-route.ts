// The REST read a GET of a path plans, found through the model's route table.
import type { ContentModel } from '../../src/model/types.ts';
import { readRoute, type ReadRoute } from '../../src/rest/read-route.ts';
import { routeMatcher } from '../../src/routes/api.ts';

export function readRouteAt(model: ContentModel, method: string, path: string): ReadRoute {
  const { row, params } = routeMatcher(model).match(method, path);
  if (row.handler.kind !== 'read') throw new Error(`${method} ${path} is not a read`);
  return readRoute(row.handler, params);
}
