// Every form a relation or media value takes in a write -> the RelationChange it asks for, and
// Strapi's refusal of a connect placed next to an id the relation does not hold.
import { describe, expect, it } from 'vitest';
import { misplacedConnect, relationInput } from '../../../src/operations/write/relations-input.ts';

const end = { kind: 'end' };

describe('relationInput', () => {
  it.each([
    ['a single id sets it', 3, true, { kind: 'set', ids: [3] }, 0],
    ['an id given as digits (GraphQL ID) sets it', '3', false, { kind: 'set', ids: [3] }, 0],
    ['null clears the relation', null, false, { kind: 'set', ids: [] }, 0],
    ['an array of ids sets them, duplicates dropped', [2, 1, 2, '1'], true, { kind: 'set', ids: [2, 1] }, 0],
    ['objects with an id are ids', [{ id: 4 }], true, { kind: 'set', ids: [4] }, 0],
    ['a to-one connect takes no position, as Strapi ignores it there', { connect: [{ id: 1, position: { after: 4 } }] }, false, { kind: 'edit', connect: [{ id: 1, position: end }], disconnect: [] }, 0],
    ['{ set } replaces, whatever connect says', { set: [5], connect: [6] }, true, { kind: 'set', ids: [5] }, 0],
    ['unreadable ids are counted', ['x', 0, -1, 1.5, 7], true, { kind: 'set', ids: [7] }, 4],
    ['a word is an unreadable id', 'x', true, { kind: 'set', ids: [] }, 1],
    [
      'connect keeps each position',
      { connect: [{ id: 1, position: { before: 2 } }, { id: 3, position: { after: 2 } }, { id: 4, position: { start: true } }, 5] },
      true,
      { kind: 'edit', connect: [{ id: 1, position: { kind: 'before', id: 2 } }, { id: 3, position: { kind: 'after', id: 2 } }, { id: 4, position: { kind: 'start' } }, { id: 5, position: end }], disconnect: [] },
      0,
    ],
    ['null, {} and { start: false } are the end', { connect: [{ id: 1, position: null }, { id: 2, position: {} }, { id: 3, position: { start: false } }] }, true, { kind: 'edit', connect: [1, 2, 3].map((id) => ({ id, position: end })), disconnect: [] }, 0],
    ['disconnect lists ids to remove', { disconnect: [1, { id: 2 }, 2] }, true, { kind: 'edit', connect: [], disconnect: [1, 2] }, 0],
    ['an object without set, connect or disconnect changes nothing', { foo: [1] }, true, { kind: 'edit', connect: [], disconnect: [] }, 0],
  ])('%s', (_name, value, toMany, change, unreadable) => {
    const input = relationInput(value, toMany);
    expect(input.change).toEqual(change);
    expect(input.unreadable).toBe(unreadable);
  });

  it('wants the ids it connects, not those it disconnects', () => {
    expect(relationInput({ connect: [1, 2], disconnect: [3] }, true).wanted).toEqual([1, 2]);
  });

  it.each([
    ['a list', [2, 3], [2, 3]],
    ['connect', { connect: [2, 3] }, [2, 3]],
    ['connect by objects', { connect: [{ id: 2 }, { id: 3 }] }, [2, 3]],
    ['set', { set: [3, 2] }, [3, 2]],
    ['one id in a list', [3], undefined],
    ['one id twice', [3, 3], undefined],
    ['one id connected and another disconnected', { connect: [3], disconnect: [2] }, undefined],
  ])('names the ids of a to-one relation given several, in %s', (_name, value, several) => {
    expect(relationInput(value, false).several).toEqual(several);
  });

  it.each([
    ['"start"', 'start', 'There was a problem connecting relation with id 2 at position "start": a position is {"before": id}, {"after": id}, {"start": true} or {"end": true}'],
    ['[1]', [1], 'There was a problem connecting relation with id 2 at position [1]: a position is {"before": id}, {"after": id}, {"start": true} or {"end": true}'],
    ['0', 0, 'There was a problem connecting relation with id 2 at position 0: a position is {"before": id}, {"after": id}, {"start": true} or {"end": true}'],
    ['an unknown key', { foo: 1 }, 'There was a problem connecting relation with id 2 at position {"foo":1}: a position is {"before": id}, {"after": id}, {"start": true} or {"end": true}'],
    ['{ start: "yes" }', { start: 'yes' }, 'There was a problem connecting relation with id 2 at position {"start":"yes"}: a position is {"before": id}, {"after": id}, {"start": true} or {"end": true}'],
    ['a string anchor', { before: '3' }, 'There was a problem connecting relation with id 2 at position {"before":"3"}: "before" names a connected relation by its id, a number'],
    ['an object anchor, in Strapi\'s words', { before: { $gt: 0 } }, 'There was a problem connecting relation with id 2 at position {"before":{"$gt":0}}. The relation with id [object Object] needs to be connected first.'],
    ['before and after, in Strapi\'s words', { before: 3, after: 4 }, 'There was a problem connecting relation with id 2 at position {"before":3,"after":4}. The relation with id 3 needs to be connected first.'],
    ['both anchors, the first the item itself: a circle, found by the order', { before: 2, after: 4 }, undefined],
    ['an anchor that is no id', { after: 0 }, 'There was a problem connecting relation with id 2 at position {"after":0}. The relation with id 0 needs to be connected first.'],
    ['a position', { after: 3 }, undefined],
    ['no position', undefined, undefined],
  ])('refuses a connect position that is %s', (_name, position, problem) => {
    expect(relationInput({ connect: [{ id: 2, position }] }, true).badPosition).toBe(problem);
  });
});

describe('misplacedConnect', () => {
  it.each([
    ['before an id the relation holds', { connect: [{ id: 1, position: { before: 2 } }] }, [2], undefined],
    ['after an id connected earlier in the list', { connect: [3, { id: 1, position: { after: 3 } }] }, [], undefined],
    [
      'before an id it does not hold',
      { connect: [{ id: 1, position: { before: 2 } }] },
      [],
      'There was a problem connecting relation with id 1 at position {"before":2}. The relation with id 2 needs to be connected first.',
    ],
    [
      'after an id the same write disconnects',
      { connect: [{ id: 1, position: { after: 2 } }], disconnect: [2] },
      [2],
      'There was a problem connecting relation with id 1 at position {"after":2}. The relation with id 2 needs to be connected first.',
    ],
    ['a plain set', [1, 2], [], undefined],
    ['after an id connected later in the list', { connect: [{ id: 1, position: { after: 3 } }, 3] }, [], undefined],
    ['of one id twice', { connect: [3, { id: 3, position: { start: true } }] }, [], 'The relation with id 3 is already connected. You cannot connect the same relation twice.'],
    ['after itself', { connect: [{ id: 4, position: { start: true } }, { id: 7, position: { after: 7 } }] }, [], 'A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it'],
    ['before itself and after another', { connect: [{ id: 2, position: { before: 2, after: 4 } }] }, [4], 'A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it'],
    ['of two ids placed after each other', { connect: [{ id: 1, position: { after: 2 } }, { id: 2, position: { before: 1 } }] }, [], 'A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it'],
  ])('a connect %s', (_name, value, current, message) => {
    expect(misplacedConnect(relationInput(value, true).change, current)).toBe(message);
  });
});
