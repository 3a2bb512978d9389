// A request's method and path -> the row of the route table that answers it and the path's
// parameters. A path no row has is a 404; a method its path's rows do not take, a 405 naming the
// methods they do (HEAD is GET without the body). The localizations of an entry or a single type
// whose type is not localized are a resource that takes no method: a 405 with an empty `Allow`.
import { MethodNotAllowedError, NotFoundError } from '../errors/errors.ts';
import type { Method, RouteRow } from './table.ts';

/** What the matcher reads of a row: its method and path (the admin routes' rows share them). */
export type PathRow = Pick<RouteRow, 'method' | 'path'>;

export interface Matched<Row extends PathRow = RouteRow> {
  readonly row: Row;
  readonly params: Readonly<Record<string, string>>;
}

/** A parameter named `id` names an entry: a positive integer, anything else cannot exist (a 404, like a missing entry). */
const ID = /^[1-9]\d*$/;

/** A row's path, split once: literal segments, and `:name` parameters. */
interface Pattern<Row extends PathRow> {
  readonly row: Row;
  readonly segments: ReadonlyArray<{ literal: string } | { param: string }>;
}

/** The table, ready to match: its rows by their path's length in segments. */
export class RouteMatcher<Row extends PathRow = RouteRow> {
  readonly #bySize = new Map<number, Array<Pattern<Row>>>();

  constructor(readonly table: readonly Row[]) {
    for (const row of table) {
      const segments = splitPath(row.path)!.map((part) => (part.startsWith(':') ? { param: part.slice(1) } : { literal: part }));
      const list = this.#bySize.get(segments.length) ?? [];
      list.push({ row, segments });
      this.#bySize.set(segments.length, list);
    }
  }

  /**
   * The row for this method and path, with its parameters.
   * @throws NotFoundError when no row has the path; MethodNotAllowedError (with `allow`) when its rows take other methods.
   */
  match(method: string, pathname: string): Matched<Row> {
    const found = this.rowsAt(pathname);
    const wanted = method === 'HEAD' ? 'GET' : method;
    const hit = found.find(({ row }) => row.method === wanted);
    if (hit) return hit;
    if (found.length === 0) {
      const unlocalized = this.unlocalizedOwner(pathname);
      if (unlocalized) throw new MethodNotAllowedError(`Method Not Allowed: ${unlocalized} is not localized, so its entries have no localizations`, { allow: [] });
      throw new NotFoundError('Not Found');
    }
    throw new MethodNotAllowedError('Method Not Allowed', { allow: allowOf(found.map(({ row }) => row.method)) });
  }

  /**
   * The content-type (its display name) of `<entry or single type>/localizations` when no row has
   * that path: the type is not localized (a localized one has the `POST` row), as Strapi answers 405.
   */
  private unlocalizedOwner(pathname: string): string | undefined {
    const segments = splitPath(pathname, true);
    if (!segments || segments.at(-1) !== 'localizations') return undefined;
    for (const { row } of this.rowsAt(`/${segments.slice(0, -1).map(encodeURIComponent).join('/')}`)) {
      const handler = (row as Partial<Pick<RouteRow, 'handler'>>).handler;
      if (handler && handler.kind !== 'call') return handler.target.displayName;
    }
    return undefined;
  }

  /** The methods a path takes, for a 405's `Allow`; none when no row has the path. */
  allowed(pathname: string): string[] {
    return allowOf(this.rowsAt(pathname).map(({ row }) => row.method));
  }

  private rowsAt(pathname: string): Array<Matched<Row>> {
    const segments = splitPath(pathname, true);
    if (!segments) return [];
    const matched: Array<Matched<Row>> = [];
    for (const pattern of this.#bySize.get(segments.length) ?? []) {
      const params = paramsOf(pattern, segments);
      if (params) matched.push({ row: pattern.row, params });
    }
    return matched;
  }
}

/** GET answers HEAD too; the methods in the order rows list them. */
function allowOf(methods: readonly Method[]): string[] {
  const unique = [...new Set(methods)];
  return unique.includes('GET') ? ['GET', 'HEAD', ...unique.filter((m) => m !== 'GET')] : unique;
}

function paramsOf(pattern: Pattern<PathRow>, segments: readonly string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.segments.entries()) {
    const segment = segments[index];
    if ('literal' in part) {
      if (part.literal !== segment) return undefined;
    } else {
      if (part.param === 'id' && !ID.test(segment)) return undefined;
      params[part.param] = segment;
    }
  }
  return params;
}

/** `/api/a/b/` -> `['api', 'a', 'b']`; undefined when a segment does not decode. */
function splitPath(pathname: string, decode = false): string[] | undefined {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (!decode) return segments;
  try {
    return segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}
