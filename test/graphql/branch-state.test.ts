// The publication state carried by a GraphQL answer's values: which state a relation field hands
// down, and that only PREVIEW is carried, on copies, and never under REST's request-wide state.
import { parse, type FieldNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { branchState, carried, carriedEach, givenState, handedDown, inBranch } from '../../src/graphql/resolve/branch-state.ts';
import type { RequestScope } from '../../src/operations/scope.ts';

const fieldNodes = (document: string): FieldNode[] => [(parse(document).definitions[0] as OperationDefinitionNode).selectionSet.selections[0] as FieldNode];
const GRAPHQL = {} as RequestScope;
const REST = { publicationState: 'LIVE' } as RequestScope;
const previewEntry = () => inBranch(GRAPHQL, { data: { id: 1, name: 'a' } }, 'PREVIEW').data;

describe('the state of a branch', () => {
  it.each([
    ['a field given PREVIEW', '{ dishes(publicationState: PREVIEW) { data { id } } }', { publicationState: 'PREVIEW' }, undefined, 'PREVIEW'],
    ['a field given LIVE under a preview parent', '{ dishes(publicationState: LIVE) { data { id } } }', { publicationState: 'LIVE' }, 'PREVIEW', undefined],
    ['a to-many given nothing (its LIVE default) under a preview parent', '{ dishes { data { id } } }', { publicationState: 'LIVE' }, 'PREVIEW', 'PREVIEW'],
    ['a to-one given nothing under a preview parent', '{ dish { data { id } } }', {}, 'PREVIEW', 'PREVIEW'],
    ['a field given nothing under a live parent', '{ dishes { data { id } } }', { publicationState: 'LIVE' }, undefined, undefined],
    ['a field given a variable that is PREVIEW', 'query($s: PublicationState) { dish(publicationState: $s) { data { id } } }', { publicationState: 'PREVIEW' }, undefined, 'PREVIEW'],
  ] as const)('%s hands down the right state', (_name, document, args, inherited, expected) => {
    const handed = handedDown(args, fieldNodes(document), inherited);
    expect(handed === 'LIVE' ? undefined : handed).toBe(expected);
  });

  it.each([
    ['given', '{ dishes(publicationState: LIVE) { data { id } } }', 'LIVE'],
    ['a schema default', '{ dishes { data { id } } }', undefined],
  ] as const)('a state that is %s is told apart', (_name, document, expected) => {
    expect(givenState({ publicationState: 'LIVE' }, fieldNodes(document))).toBe(expected);
  });

  it('carries PREVIEW on a frozen copy of each entry, leaving the store\'s entry as it was', () => {
    const entry = { id: 1, name: 'a' };
    const answer = inBranch(GRAPHQL, { data: [entry] }, 'PREVIEW');
    expect(answer.data[0]).not.toBe(entry);
    expect(Object.entries(answer.data[0])).toEqual(Object.entries(entry));
    expect(Object.isFrozen(answer.data[0])).toBe(true);
    expect([branchState(answer.data[0]), branchState(entry)]).toEqual(['PREVIEW', undefined]);
  });

  it.each([
    ['a live answer', GRAPHQL, 'LIVE'],
    ['an answer under REST\'s request-wide state', REST, 'PREVIEW'],
  ] as const)('leaves %s as it is', (_name, scope, state) => {
    const answer = { data: [{ id: 1 }] };
    expect(inBranch(scope, answer, state)).toBe(answer);
  });

  it('hands a preview entry\'s state to its view, its components and their items', () => {
    const entry = previewEntry();
    const items = carriedEach(entry, [{ id: 7 }, { id: 8 }]);
    expect([branchState(carried(entry, { name: 'a' })), ...items.map(branchState)]).toEqual(['PREVIEW', 'PREVIEW', 'PREVIEW']);
    expect(carried(entry, null)).toBeNull();
  });

  it('hands nothing on from a live entry: the same values come back', () => {
    const items = [{ id: 7 }];
    const view = { name: 'a' };
    expect([carried({ id: 1 }, view), carriedEach({ id: 1 }, items)]).toEqual([view, items]);
    expect(carriedEach({ id: 1 }, items)).toBe(items);
  });
});
