// A find that names its ids outright (`{ id: { $in: [...] } }`, `{ id: n }`: DataLoader's batch
// lookups of relations, a lookup by id with a limit no shorter than its list) is answered by reading those ids, with no SQL to find them
// (src/store/sqlite/read-parts.ts, listedIds); so is one that names them beside other conditions
// (a relation's lookups in the live state: published ones only), its documents tested against the
// rest (narrowedByIds); every other find keeps to SQL. All give the answer plain SQL gives.
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { countingStatements } from './support/counting-statements.ts';
import { listedIds, narrowedByIds } from '../../src/store/sqlite/read-parts.ts';
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

const PUBLISHED = { publishedAt: { $ne: null } };
const NARROWED: Array<[string, Filter, FindOptions, { ids: number[]; rest: Filter } | undefined]> = [
  ['ids and a condition in $and', { $and: [{ id: { $in: [5, 2, 9, 2] } }, PUBLISHED] }, {}, { ids: [2, 5, 9], rest: PUBLISHED }],
  ['ids beside another field', { id: { $in: [3, 1] }, title: 'a' }, {}, { ids: [1, 3], rest: { title: 'a' } }],
  ['ids among two conditions', { $and: [{ title: 'a' }, { id: 4 }, { views: { $gt: 1 } }] }, {}, { ids: [4], rest: { $and: [{ title: 'a' }, { views: { $gt: 1 } }] } }],
  ['sorted by id descending', { $and: [{ id: { $in: [1, 3] } }, PUBLISHED] }, { sort: [['id', -1]] }, { ids: [3, 1], rest: PUBLISHED }],
  ['a limit no shorter than the list (applied after the test)', { $and: [{ id: { $in: [1, 3, 2] } }, PUBLISHED] }, { limit: 3 }, { ids: [1, 2, 3], rest: PUBLISHED }],
  ['a limit shorter than the list: a page, SQL', { $and: [{ id: { $in: [1, 3, 2] } }, PUBLISHED] }, { limit: 2 }, undefined],
  ['ids alone: listedIds answers', { id: { $in: [1] } }, {}, undefined],
  ['no ids named', { $and: [{ title: 'a' }, { views: 1 }] }, {}, undefined],
  ['a text among the ids', { $and: [{ id: { $in: [1, '2'] } }, PUBLISHED] }, {}, undefined],
  ['$or at the top', { $or: [{ id: 1 }, PUBLISHED] }, {}, undefined],
  ['sorted by another field', { $and: [{ id: { $in: [1, 2] } }, PUBLISHED] }, { sort: [['title', 1]] }, undefined],
  ['a skip', { $and: [{ id: { $in: [1, 2] } }, PUBLISHED] }, { skip: 1 }, undefined],
  ['more than 500 ids', { $and: [{ id: { $in: Array.from({ length: 501 }, (_, i) => i + 1) } }, PUBLISHED] }, {}, undefined],
];

describe('narrowedByIds', () => {
  it.each(NARROWED)('%s', (_, filter, options, expected) => {
    expect(narrowedByIds(filter, options)).toEqual(expected);
  });
});

describe('a lookup by ids beside other conditions in the embedded store', () => {
  let counting: ReturnType<typeof countingStatements> | undefined;
  afterEach(() => counting?.restore());

  it('answers as SQL does, testing the named documents, reading no key table', async () => {
    const store = new EmbeddedStore();
    const at = (day: number) => new Date(Date.UTC(2024, 0, day));
    await store.write([1, 2, 3, 5, 8].map((id) => ({ op: 'put' as const, collection: 'things', doc: { id, title: `t${id % 2}`, publishedAt: id % 3 === 2 ? null : at(id), views: id * 10 } })));
    const ids = async (filter: Filter, options: FindOptions = {}) => (await store.find('things', filter, options)).map((doc) => doc.id);
    const cases: Array<[Filter, FindOptions]> = [
      [{ $and: [{ id: { $in: [8, 3, 1, 4, 2, 5] } }, PUBLISHED] }, {}],
      [{ $and: [{ id: { $in: [8, 3, 1, 4, 2, 5] } }, PUBLISHED] }, { sort: [['id', -1]], limit: 6 }],
      [{ id: { $in: [1, 2, 3, 5, 8] }, title: 't1', views: { $gte: 30 } }, {}],
      [{ $and: [{ id: { $in: [1, 2, 3, 5, 8] } }, { publishedAt: { $gte: at(3) } }] }, {}],
      [{ $and: [{ id: 2 }, PUBLISHED] }, { limit: 1 }],
    ];
    counting = countingStatements((source) => source.includes('"k:things"'));
    const narrowed = [];
    for (const [filter, options] of cases) narrowed.push(await ids(filter, options));
    expect(counting.count()).toBe(0);
    expect(narrowed).toEqual([[1, 3], [3, 1], [3, 5], [3], []]);
    // The same finds through SQL (a skip of 0 is no skip to SQL; the ids as a range) agree.
    const throughSql = [];
    for (const [filter, options] of cases) throughSql.push(await ids({ $and: [filter, { id: { $gte: 1 } }] }, options));
    expect(counting.count()).toBeGreaterThan(0);
    expect(throughSql).toEqual(narrowed);
    await store.close();
  });
});
