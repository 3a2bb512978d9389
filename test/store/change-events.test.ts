// What a gateway forgets for each change event another process caused: the finest the event allows.
import { describe, expect, it } from 'vitest';
import type { FeedEvent } from '../../src/store/change-feed.ts';
import { forgettingOf, type Forgetting, type Watched } from '../../src/store/change-events.ts';

const WATCHED: Watched = { content: new Set(['articles', 'tags']), settings: '_settings' };
const ns = (coll: string) => ({ db: 'cms', coll });
const article = { _id: 'mongo-object-id', id: 5, title: 'Five', tags: [1] };

const ROWS: Array<[string, FeedEvent, Forgetting]> = [
  ['an insert: that entry and the lists of its collection', { operationType: 'insert', ns: ns('articles'), fullDocument: article }, { kind: 'changes', changes: [{ op: 'put', collection: 'articles', doc: { id: 5, title: 'Five', tags: [1] } }] }],
  ['a replacement (every write of a gateway): the same', { operationType: 'replace', ns: ns('tags'), fullDocument: { _id: 'x', id: 2, name: 'b' } }, { kind: 'changes', changes: [{ op: 'put', collection: 'tags', doc: { id: 2, name: 'b' } }] }],
  ['an update looked up', { operationType: 'update', ns: ns('articles'), fullDocument: article }, { kind: 'changes', changes: [{ op: 'put', collection: 'articles', doc: { id: 5, title: 'Five', tags: [1] } }] }],
  ['an int64 id, as the driver reads it', { operationType: 'insert', ns: ns('articles'), fullDocument: { id: 7n } }, { kind: 'changes', changes: [{ op: 'put', collection: 'articles', doc: { id: 7 } }] }],
  ['an update of a document gone since: the whole collection', { operationType: 'update', ns: ns('articles'), fullDocument: null }, { kind: 'collections', collections: ['articles'] }],
  ['an update not looked up: the whole collection', { operationType: 'update', ns: ns('articles') }, { kind: 'collections', collections: ['articles'] }],
  ['a document without an integer id: the whole collection', { operationType: 'insert', ns: ns('articles'), fullDocument: { id: 'five' } }, { kind: 'collections', collections: ['articles'] }],
  ['a delete, which names MongoDB\'s _id only: the whole collection', { operationType: 'delete', ns: ns('articles') }, { kind: 'collections', collections: ['articles'] }],
  ['a dropped collection', { operationType: 'drop', ns: ns('tags') }, { kind: 'collections', collections: ['tags'] }],
  ['a renamed collection: both names', { operationType: 'rename', ns: ns('articles'), to: ns('tags') }, { kind: 'collections', collections: ['articles', 'tags'] }],
  ['a rename of the settings', { operationType: 'rename', ns: ns('_settings'), to: ns('old') }, { kind: 'everything' }],
  ['a dropped database', { operationType: 'dropDatabase', ns: { db: 'cms' } }, { kind: 'everything' }],
  ['an ended stream', { operationType: 'invalidate' }, { kind: 'everything' }],
  ['a change of the settings (an import ends with one)', { operationType: 'replace', ns: ns('_settings'), fullDocument: { id: 1, version: 'v2' } }, { kind: 'settings' }],
  ['a dropped settings collection', { operationType: 'drop', ns: ns('_settings') }, { kind: 'settings' }],
  ['a collection not read', { operationType: 'insert', ns: ns('_counters'), fullDocument: { id: 1 } }, { kind: 'nothing' }],
  ['an index build (expanded events)', { operationType: 'createIndexes', ns: ns('articles') }, { kind: 'nothing' }],
];

describe('what a change event makes a gateway forget', () => {
  it.each(ROWS)('%s', (_name, event, expected) => {
    expect(forgettingOf(event, WATCHED)).toEqual(expected);
  });
});
