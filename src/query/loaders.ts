// Per-request DataLoaders: every relation field of every parent in one GraphQL level is
// answered by one store query per (relation target, arguments), whatever the number of parents.
import DataLoader from 'dataloader';
import type { Access } from '../access/access.ts';
import type { ContentModel, ContentType } from '../model/types.ts';
import type { Doc, ReadStore } from '../store/store.ts';
import { linkOrdered } from './link-order.ts';
import { and, filterScope, readEntries, readPerParent, visibleEntries, type PublicationState } from './read.ts';
import { planSort } from './sort.ts';

/** Arguments of a relation field. */
export interface RelationArgs {
  filters?: Record<string, unknown> | null;
  sort?: readonly string[] | string | null;
  publicationState?: PublicationState | null;
  /**
   * How many entries each parent needs at most (skip + limit of its page), read in the store for
   * inverse relations. Owned relations read the ids their parent holds and page in memory.
   */
  perParent?: number;
}

export interface Loaders {
  /** Entries of `ct` by id, hiding drafts in the live state. */
  byId(ct: ContentType, state: PublicationState): DataLoader<number, Doc | null>;
  /** For a parent holding `ids`, the matching entries, in its order unless a sort is given. */
  owned(ct: ContentType, args: RelationArgs): DataLoader<string, Doc[]>;
  /** For a parent id, the first `args.perParent` entries of `ct` whose `field` holds it. */
  inverse(ct: ContentType, field: string, args: RelationArgs & { perParent: number }): DataLoader<number, Doc[]>;
  /**
   * The store was written: every entry read so far may have changed, so later reads go to the
   * store again (DataLoader's advice after a mutation). A GraphQL document's mutations run one
   * after another, each answering what the store holds after it.
   */
  forget(): void;
}

/**
 * JSON key for loader identity; bigint and Date arguments included. JSON.stringify refuses a
 * bigint: only then is the (much slower) replacer used, which writes it as `5n`.
 */
function argsKey(parts: unknown[]): string {
  try {
    return JSON.stringify(parts);
  } catch {
    return JSON.stringify(parts, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
  }
}

/** A loader's key: plain text for the usual relation without filters or sort, JSON otherwise. */
function loaderKey(kind: string, uid: string, args: RelationArgs, field = ''): string {
  if (args.filters == null && args.sort == null) return `${kind} ${uid} ${field} ${args.publicationState ?? ''} ${args.perParent ?? ''}`;
  return argsKey([kind, uid, field, args]);
}

export const idsKey = (ids: readonly number[]) => ids.join(',');

export interface LoaderOptions {
  /** Off only to measure what batching saves (test/bench). */
  batch?: boolean;
  /**
   * When a batch is sent: the request deadline's `schedule`, so it waits for the entries its
   * level is completing in slices; a turn of the event loop when absent.
   */
  schedule?: (callback: () => void) => void;
  /** The request's state where a relation's field takes none (see RequestScope.publicationState); LIVE when absent. */
  publicationState?: PublicationState;
}

/**
 * Each batch waits for a turn of the event loop (not only for the current microtasks, DataLoader's
 * default): other requests' I/O and small answers go between levels, and the batch still gathers
 * every key its level asks for.
 */
const nextTurn = (callback: () => void) => setImmediate(callback);

export function createLoaders(model: ContentModel, store: ReadStore, access: Pick<Access, 'may' | 'readable'>, options: LoaderOptions = {}): Loaders {
  const batch = options.batch ?? true;
  const batchScheduleFn = options.schedule ?? nextTurn;
  const loaders = new Map<string, DataLoader<never, unknown>>();
  const scopeFor = (args: RelationArgs) => filterScope(model, store, access, args.publicationState ?? options.publicationState);
  function memo<K, V>(key: string, make: () => DataLoader<K, V>): DataLoader<K, V> {
    let found = loaders.get(key) as DataLoader<K, V> | undefined;
    if (!found) {
      found = make();
      loaders.set(key, found as unknown as DataLoader<never, unknown>);
    }
    return found;
  }

  /** The batch's key filter with the relation's filters and publication state. */
  async function relationFilter(ct: ContentType, args: RelationArgs, keyFilter: Record<string, unknown>) {
    return and(keyFilter, await visibleEntries(scopeFor(args), ct, args.filters, args.publicationState));
  }

  async function matching(ct: ContentType, args: RelationArgs, keyFilter: Record<string, unknown>): Promise<Doc[]> {
    return readEntries(store, ct, await relationFilter(ct, args, keyFilter), planSort(scopeFor(args), ct, args.sort));
  }

  return {
    forget: () => loaders.clear(),
    byId: (ct, state) =>
      memo(loaderKey('byId', ct.uid, { publicationState: state }), () =>
        new DataLoader<number, Doc | null>(async (ids) => {
          const docs = await matching(ct, { publicationState: state }, { id: { $in: [...ids] } });
          const found = new Map(docs.map((d) => [d.id, d]));
          return ids.map((id) => found.get(id) ?? null);
        }, { batch, batchScheduleFn }),
      ),
    owned: (ct, args) =>
      memo(loaderKey('owned', ct.uid, args), () =>
        new DataLoader<string, Doc[]>(async (keys) => {
          const lists = keys.map((key) => (key ? key.split(',').map(Number) : []));
          const docs = await matching(ct, args, { id: { $in: [...new Set(lists.flat())] } });
          const found = new Map(docs.map((d, position) => [d.id, { doc: d, position }]));
          // Each parent's entries in its own order, or in the store's (sorted) order: a lookup and
          // a sort of its own few entries, not a pass over every entry of the batch.
          const order = hasSort(args.sort) ? (a: { position: number }, b: { position: number }) => a.position - b.position : undefined;
          return lists.map((ids) => {
            const own = ids.flatMap((id) => found.get(id) ?? []);
            if (order) own.sort(order);
            return own.map((item) => item.doc);
          });
        }, { batch, batchScheduleFn }),
      ),
    inverse: (ct, field, args) =>
      memo(loaderKey('inverse', ct.uid, args, field), () =>
        new DataLoader<number, Doc[]>(async (parentIds) => {
          const filter = await relationFilter(ct, args, { [field]: { $in: [...parentIds] } });
          // Without a sort of its own, a `mappedBy` list comes in the order its links were made.
          const owning = ct.attributes.get(field);
          const linkOrder = !hasSort(args.sort) && linkOrdered(owning) ? owning : undefined;
          const byParent = await readPerParent(store, ct, filter, planSort(scopeFor(args), ct, args.sort), field, parentIds, args.perParent, linkOrder);
          return parentIds.map((id) => byParent.get(id) ?? []);
        }, { batch, batchScheduleFn }),
      ),
  };
}

/** Whether a relation's `sort` argument asks for any order. */
export function hasSort(sort: RelationArgs['sort']): boolean {
  return Array.isArray(sort) ? sort.length > 0 : Boolean(sort);
}
