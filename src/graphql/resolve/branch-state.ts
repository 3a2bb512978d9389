// The publication state a branch of a GraphQL answer is read in, carried by its values: a root or
// relation field given `publicationState` sets it for the entries it answers and all below them; a
// relation field given none reads its own entries in its parent's (a to-one) or in its argument's
// default (a to-many: LIVE, Strapi's schema) and hands its parent's on. Only PREVIEW is carried,
// on copies of entries, attributes and component items, so a live answer costs nothing more.
import type { FieldNode } from 'graphql';
import type { PublicationState } from '../../query/read.ts';
import type { RequestScope } from '../../operations/scope.ts';

const STATE = Symbol('publication state of the branch');

type Carrier = Readonly<Record<string | symbol, unknown>>;

/** The state `value` (an entry, its attributes or a component item) was read in; undefined for LIVE. */
export function branchState(value: unknown): PublicationState | undefined {
  return value !== null && typeof value === 'object' ? ((value as Carrier)[STATE] as PublicationState | undefined) : undefined;
}

/** `to` (a view or a part of `from`) carrying the state `from` carries; `to` itself when there is none. */
export function carried<T>(from: unknown, to: T): T {
  const state = branchState(from);
  if (state === undefined || to === null || typeof to !== 'object' || branchState(to) === state) return to;
  return Object.freeze({ ...to, [STATE]: state }) as T;
}

/** {@link carried} for each of `items`; the same list when `from` carries nothing. */
export function carriedEach<T>(from: unknown, items: T[]): T[] {
  return branchState(from) === undefined ? items : items.map((item) => carried(from, item));
}

/** The state a field's document gives it: undefined where it has no `publicationState` there (its value is then the schema's default). */
export function givenState(args: Record<string, unknown>, fieldNodes: readonly FieldNode[]): PublicationState | undefined {
  const state = args.publicationState as PublicationState | null | undefined;
  if (state == null) return undefined;
  return fieldNodes.some((node) => node.arguments?.some((argument) => argument.name.value === 'publicationState')) ? state : undefined;
}

/** The state a relation field's entries hand down: the one its document gives it, else its parent's. */
export function handedDown(args: Record<string, unknown>, fieldNodes: readonly FieldNode[], inherited: PublicationState | undefined): PublicationState | undefined {
  // LIVE either way: the usual case reads no field node.
  if (inherited === undefined && args.publicationState !== 'PREVIEW') return undefined;
  return givenState(args, fieldNodes) ?? inherited;
}

/**
 * An answer (`{ data: entry | entries | null }`) whose entries carry `state`, the state of their
 * branch. REST's requests have one state for all (RequestScope.publicationState): nothing is carried.
 */
export function inBranch<T>(scope: RequestScope, answer: T, state: PublicationState | undefined): T {
  if (state !== 'PREVIEW' || scope.publicationState !== undefined || answer === null || typeof answer !== 'object' || !('data' in answer)) return answer;
  const mark = (entry: unknown) => carried({ [STATE]: state }, entry);
  return { ...answer, data: Array.isArray(answer.data) ? answer.data.map(mark) : mark(answer.data) };
}
