// A document's key fields are kept in columns and its array fields item by item in a side table
// (src/store/sqlite/tables.ts): a put of a stored document sets only the columns and items that
// changed (SQLite rewrites the entry of every index over a column an UPDATE sets), and every
// filter answers as before.
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Doc } from '../../src/store/store.ts';
import { countingStatements } from './support/counting-statements.ts';

type Tags = Doc['tags'];

const CASES: Array<[string, Tags, Tags, number]> = [
  ['a list left alone', [1, 2, 3], [1, 2, 3], 0],
  ['a list in another order', [1, 2, 3], [3, 1, 2], 0],
  ['an item added', [1, 2], [1, 2, 4], 1],
  ['an item removed', [1, 2, 3], [1, 3], 1],
  ['an item replaced', [1, 2], [1, 5], 2],
  ['a list emptied', [1, 2], [], 2],
  ['a list where there was none', undefined, [2, 7], 2],
  ['a list dropped from the document', [1, 2], undefined, 2],
  ['a list turned to a scalar', [1, 2], 2, 2],
  ['repeated items', [1, 1, 2], [2, 2, 1], 0],
  ['texts and numbers that look alike', [1, 'a'], ['1', 'a'], 2],
  ['dates', [new Date('2024-01-01T00:00:00Z')], [new Date('2024-01-01T00:00:00Z'), new Date('2025-01-01T00:00:00Z')], 1],
];

describe('a put of a document with a list', () => {
  let counting: ReturnType<typeof countingStatements> | undefined;
  afterEach(() => counting?.restore());

  it.each(CASES)('%s: writes only the items that changed, and filters on the list see the new one', async (_name, before, after, written) => {
    const store = new EmbeddedStore();
    await store.ensureIndexes('things', [], { keyFields: ['tags'] });
    const put = (id: number, tags: Tags) => store.write([{ op: 'put', collection: 'things', doc: tags === undefined ? { id } : { id, tags } }]);
    await put(1, before);
    await put(2, [1, 2, 3, 4, 5, 7, '1', 'a']);
    counting = countingStatements((source) => source.includes('"i:things"') && !source.startsWith('SELECT'), 'run');
    await put(1, after);
    expect(counting.count()).toBe(written);
    counting.restore();
    const values = (Array.isArray(after) ? after : after === undefined ? [] : [after]) as unknown[];
    for (const probe of [1, 2, 3, 4, 5, 7, '1', 'a', new Date('2025-01-01T00:00:00Z')]) {
      const found = (await store.find('things', { tags: probe })).map((doc) => doc.id).filter((id) => id === 1);
      const holds = values.some((value) => (value instanceof Date && probe instanceof Date ? value.getTime() === probe.getTime() : value === probe));
      expect(found, `tags = ${String(probe)}`).toEqual(holds ? [1] : []);
    }
    await store.close();
  });
});

const KEY_CASES: Array<[string, Doc, string[]]> = [
  ['one field changed', { id: 1, title: 'b', views: 3, at: new Date('2024-01-01T00:00:00Z'), tags: [1] }, ['"f:title" = ?']],
  ['two fields changed', { id: 1, title: 'b', views: 4, at: new Date('2024-01-01T00:00:00Z'), tags: [1] }, ['"f:title" = ?, "f:views" = ?']],
  ['nothing changed', { id: 1, title: 'a', views: 3, at: new Date('2024-01-01T00:00:00Z'), tags: [2, 1] }, []],
  ['a date changed', { id: 1, title: 'a', views: 3, at: new Date('2025-01-01T00:00:00Z'), tags: [1] }, ['"f:at" = ?']],
  ['a field dropped', { id: 1, title: 'a', at: new Date('2024-01-01T00:00:00Z'), tags: [1] }, ['"f:views" = ?']],
  ['a number turned to its text', { id: 1, title: 'a', views: '3', at: new Date('2024-01-01T00:00:00Z'), tags: [1] }, ['"f:views" = ?']],
];

describe('a put of a stored document', () => {
  let counting: ReturnType<typeof countingStatements> | undefined;
  afterEach(() => counting?.restore());

  it.each(KEY_CASES)('%s: sets only the columns that changed, and filters see the new values', async (_name, after, sets) => {
    const store = new EmbeddedStore();
    await store.ensureIndexes('things', [{ keys: { title: 1 }, name: 'title_1' }, { keys: { views: 1 }, name: 'views_1' }, { keys: { at: 1 }, name: 'at_1' }], { keyFields: ['title', 'views', 'at', 'tags'] });
    await store.write([{ op: 'put', collection: 'things', doc: { id: 1, title: 'a', views: 3, at: new Date('2024-01-01T00:00:00Z'), tags: [1, 2] } }]);
    counting = countingStatements((source) => source.includes('"k:things"') && !source.startsWith('SELECT'), 'run');
    await store.write([{ op: 'put', collection: 'things', doc: after }]);
    expect(counting.sources().map((source) => /SET (.*) WHERE/.exec(source)?.[1] ?? source)).toEqual(sets);
    counting.restore();
    for (const field of ['title', 'views', 'at'] as const) {
      expect(await store.count('things', { [field]: after[field] ?? null }), field).toBe(1);
    }
    await store.close();
  });
});
