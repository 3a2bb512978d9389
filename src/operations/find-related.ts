// `findRelated`: the entries a relation of one entry (or component item) holds, as a populated
// field reads them: the related type's `find`, its drafts hidden in the live state and the
// caller's filters and sort applied (the same rules as a root `find`), batched across every parent
// of a level by the request's loaders (one store query per relation and arguments). A relation
// given no publication state reads in its parent's (`inheritedState`), else in the request's.
import type { Doc } from '../store/store.ts';
import type { ContentType } from '../model/types.ts';
import { idsKey, type RelationArgs } from '../query/loaders.ts';
import { pageWindow } from '../query/pagination.ts';
import type { RelatedInput } from './operation.ts';
import type { RequestScope } from './scope.ts';

const asIds = (value: unknown): number[] => (Array.isArray(value) ? value : value == null ? [] : [value]) as number[];

/** The related entry (to-one) or the page of related entries (to-many) of `input.parent`. */
export async function findRelated(scope: RequestScope, target: ContentType, input: RelatedInput): Promise<{ data: Doc | Doc[] | null }> {
  const { relation, parent, args } = input;
  const state = args.publicationState ?? input.inheritedState ?? scope.publicationState ?? 'LIVE';
  const relationArgs: RelationArgs = { filters: args.filters, sort: args.sort, publicationState: state };
  if (!relation.toMany) {
    if (relation.side === 'owner') {
      const id = parent[relation.name];
      if (typeof id !== 'number') return { data: null };
      if (!args.filters) return { data: await scope.loaders.byId(target, state).load(id) };
      const [doc] = await scope.loaders.owned(target, relationArgs).load(idsKey([id]));
      return { data: doc ?? null };
    }
    const [doc] = await scope.loaders.inverse(target, relation.inverseField!, { ...relationArgs, perParent: 1 }).load(parent.id as number);
    return { data: doc ?? null };
  }
  const window = pageWindow(args.pagination);
  const docs =
    relation.side === 'owner'
      ? await scope.loaders.owned(target, relationArgs).load(idsKey(asIds(parent[relation.name])))
      : await scope.loaders.inverse(target, relation.inverseField!, { ...relationArgs, perParent: window.skip + window.limit }).load(parent.id as number);
  return { data: docs.slice(window.skip, window.skip + window.limit) };
}
