// A find that names its ids outright (`{ id: { $in: [...] } }`, `{ id: n }`: DataLoader's batch
// lookups of relations, a lookup by id with a limit no shorter than its list) is answered by reading those ids, with no SQL to find them
// (src/store/sqlite/read-parts.ts, listedIds); every other find keeps to SQL. Both give the
// answer plain SQL gives.
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { countingStatements } from './support/counting-statements.ts';
import { listedIds } from '../../src/store/sqlite/read-parts.ts';
import type { Filter, FindOptions } from '../../src/store/store.ts';

const CASES: Array<[string, Filter, FindOptions, number[] | undefined]> = [
  ['a list of ids, in ascending order, each once', { id: { $in: [5, 2, 9, 2] } }, {}, [2, 5, 9]],
  ['one id', { id: 7 }, {}, [7]],
  ['sorted by id descending', { id: { $in: [1, 3, 2] } }, { sort: [['id', -1]] }, [3, 2, 1]],
  ['sorted by id ascending', { id: { $in: [3, 1] } }, { sort: [['id', 1]] }, [1, 3]],
  ['an empty list', { id: { $in: [] } }, {}, []],
  ['a projection changes nothing', { id: { $in: [4] } }, { projection: { title: 1 } }, [4]],
  ['a text id: SQL (a string is not a number id)', { id: { $in: [1, '2'] } }, {}, undefined],
  ['a fraction: SQL', { id: { $in: [1.5] } }, {}, undefined],
  ['null: SQL', { id: { $in: [null] } }, {}, undefined],
  ['another operator beside $in: SQL', { id: { $in: [1], $ne: 2 } }, {}, undefined],
  ['$eq: SQL', { id: { $eq: 1 } }, {}, undefined],
  ['another field: SQL', { id: { $in: [1] }, title: 'a' }, {}, undefined],
  ['inside $and: SQL', { $and: [{ id: { $in: [1] } }] }, {}, undefined],
  ['sorted by another field: SQL', { id: { $in: [1, 2] } }, { sort: [['title', 1]] }, undefined],
  ['a skip: SQL', { id: { $in: [1, 2] } }, { skip: 1 }, undefined],
  ['a limit that could cut the list: SQL', { id: { $in: [1, 2] } }, { limit: 1 }, undefined],
  ['a limit of one for one id (a lookup by id)', { id: 7 }, { limit: 1 }, [7]],
  ['a limit no shorter than the list', { id: { $in: [3, 1, 3] } }, { limit: 2, sort: [['id', 1]] }, [1, 3]],
  ['an id past 2^53: SQL', { id: { $in: [2 ** 60] } }, {}, undefined],
];

describe('listedIds', () => {
  it.each(CASES)('%s', (_, filter, options, expected) => {
    expect(listedIds(filter, options)).toEqual(expected);
  });
});

describe('a lookup by ids in the embedded store', () => {
  let counting: ReturnType<typeof countingStatements> | undefined;
  afterEach(() => counting?.restore());

  it('answers as SQL does, the ids that exist in order, reading no key table', async () => {
    const store = new EmbeddedStore();
    await store.write([1, 2, 3, 5, 8].map((id) => ({ op: 'put' as const, collection: 'things', doc: { id, title: `t${id}` } })));
    await store.write([{ op: 'delete', collection: 'things', id: 3 }]);
    counting = countingStatements((source) => source.includes('"k:things"'));
    const ids = async (filter: Filter, options: FindOptions = {}) => (await store.find('things', filter, options)).map((doc) => doc.id);
    expect(await ids({ id: { $in: [8, 3, 1, 4, 8] } })).toEqual([1, 8]);
    expect(await ids({ id: { $in: [8, 2, 5] } }, { sort: [['id', -1]] })).toEqual([8, 5, 2]);
    expect(await ids({ id: 3 })).toEqual([]);
    expect(await ids({ id: 2 })).toEqual([2]);
    expect(counting.count()).toBe(0);
    expect(await ids({ id: 2 }, { limit: 1 })).toEqual([2]);
    expect(await ids({ id: { $in: [8, 2, 5] } }, { sort: [['id', -1]], limit: 5 })).toEqual([8, 5, 2]);
    expect(counting.count()).toBe(0);
    // The same lookups SQL answers (a text among the ids, a limit that cuts the list) agree.
    expect(await ids({ id: { $in: [8, 3, 1, 4, '8'] } })).toEqual([1, 8]);
    expect(await ids({ id: { $in: [8, 3, 2, 4] } }, { limit: 2 })).toEqual([2, 8]);
    expect(counting.count()).toBe(2);
    await store.close();
  });
});
