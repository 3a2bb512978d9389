// A read row of the route table and its path's parameters -> what the REST read pipeline plans:
// the content-type, how the answer is shaped, and what it reads (with the id the path names).
import type { ContentType } from '../model/types.ts';
import type { ReadShape, RouteHandler } from '../routes/table.ts';
import type { RestRead } from './document.ts';

export interface ReadRoute {
  /** `entries` answer in Strapi's `{ data, meta }` envelope; `files` and `users` as plain objects. */
  readonly kind: ReadShape;
  readonly target: ContentType;
  /** What a GET reads there (for a write, what its answer reads back). */
  readonly operation: RestRead;
}

/** The read a row's handler names, at the path's `:id`. */
export function readRoute(handler: Extract<RouteHandler, { kind: 'read' }>, params: Readonly<Record<string, string>>): ReadRoute {
  const operation: RestRead = handler.read === 'findOne' ? { kind: 'findOne', id: params.id } : { kind: handler.read };
  return { kind: handler.shape, target: handler.target, operation };
}
