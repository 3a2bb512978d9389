// Counts through an array field's items (src/store/sqlite/items-count.ts): which filters split into
// the array's condition and the rest, and a count read that way beside SQL's own.
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { HOLDS_ARRAYS } from '../../src/store/sqlite/keys.ts';
import { itemsCount } from '../../src/store/sqlite/items-count.ts';
import type { KeyColumns } from '../../src/store/sqlite/translate.ts';
import type { Doc, Filter } from '../../src/store/store.ts';
import { countingStatements } from './support/counting-statements.ts';

/** `tags` and `related` have held arrays; `author`, `locale` and `publishedAt` scalars. */
const COLUMNS: KeyColumns = {
  column: (field) => (['tags', 'related', 'author', 'locale', 'publishedAt'].includes(field) ? `k."f:${field}"` : undefined),
  holds: (field) => (field === 'tags' || field === 'related' ? HOLDS_ARRAYS : 0),
  items: '"i:things"',
};

const tags = (...keys: Array<number | string>) => ({ field: 'tags', keys, arrays: true });

describe('itemsCount', () => {
  it.each<[string, Filter, ReturnType<typeof itemsCount>]>([
    ['an equality alone', { tags: 5 }, { sources: [tags(5)], rest: {} }],
    ['a list beside a locale', { $and: [{ locale: 'en' }, { tags: { $in: [1, 2] } }] }, { sources: [tags(1, 2)], rest: { $and: [{ locale: 'en' }] } }],
    ['$eq, nested $and', { $and: [{ $and: [{ tags: { $eq: 'a' } }] }, { publishedAt: { $ne: null } }] }, { sources: [tags('a')], rest: { $and: [{ publishedAt: { $ne: null } }] } }],
    ['an $or of an author list and a tag list', { $and: [{ locale: 'en' }, { $or: [{ author: { $in: [1, 2] } }, { tags: { $in: [3] } }] }] }, { sources: [{ field: 'author', keys: [1, 2], arrays: false }, tags(3)], rest: { $and: [{ locale: 'en' }] } }],
    ['an $or without an array field (SQL reads it well)', { $or: [{ author: 1 }, { locale: 'en' }] }, undefined],
    ['an $or with a branch of two conditions', { $or: [{ author: 1, locale: 'en' }, { tags: 2 }] }, undefined],
    ['an $or with a range', { $or: [{ author: { $gt: 1 } }, { tags: 2 }] }, undefined],
    ['an $or of ids', { $or: [{ id: 1 }, { tags: 2 }] }, undefined],
    ['an array condition and an $or with one', { $and: [{ tags: 1 }, { $or: [{ author: 1 }, { tags: 2 }] }] }, undefined],
    ['null (missing or holding null)', { tags: null }, undefined],
    ['a list holding null', { tags: { $in: [1, null] } }, undefined],
    ['an empty list', { tags: { $in: [] } }, undefined],
    ['a range', { tags: { $gte: 2 } }, undefined],
    ['an array value', { tags: [1, 2] }, undefined],
    ['two array fields', { $and: [{ tags: 1 }, { related: 2 }] }, undefined],
    ['no array field', { locale: 'en' }, undefined],
    ['a field without a column', { other: 1, tags: 1 }, { sources: [tags(1)], rest: { $and: [{ other: 1 }] } }],
    ['an $and that is not a list', { $and: { tags: 1 } as unknown as Filter[] }, undefined],
  ])('%s', (_name, filter, want) => {
    expect(itemsCount(filter, COLUMNS)).toEqual(want);
  });
});

let counting: ReturnType<typeof countingStatements> | undefined;
afterEach(() => counting?.restore());

describe('counts through items', () => {
  // 4,000 entries, each with two tags of 12 (a few with one tag as a scalar), in two locales.
  const docs: Doc[] = Array.from({ length: 4000 }, (_, i) => ({
    id: i + 1,
    locale: i % 5 === 0 ? 'fr' : 'en',
    publishedAt: i % 3 === 0 ? null : new Date(Date.UTC(2024, 0, 1 + (i % 20))),
    tags: i % 97 === 0 ? i % 12 : [i % 12, 12 + (i % 7)],
    kind: ['a', 'b', 'c', 'd'][i % 4],
  }));

  async function stores(): Promise<[EmbeddedStore, EmbeddedStore]> {
    const ranked = new EmbeddedStore({ rankMinEntries: 1000, rankSpacing: 64 });
    const plain = new EmbeddedStore({ rankMinEntries: Number.POSITIVE_INFINITY });
    for (const store of [ranked, plain]) {
      await store.ensureIndexes('things', ['locale', 'publishedAt', 'tags', 'kind'].map((field) => ({ keys: { [field]: 1 as const }, name: `${field}_1` })));
      await store.upsertMany('things', docs);
    }
    return [ranked, plain];
  }

  const isItemsCount = (source: string) => source.includes(' UNION SELECT id FROM ');

  it('reads the tag\'s items and tests each entry in the index of a learned kind, counting as SQL does', async () => {
    const [ranked, plain] = await stores();
    // The default list's group: English, published, by id (a kind whose index holds both).
    await ranked.find('things', { $and: [{ locale: 'en' }, { publishedAt: { $ne: null } }] }, { sort: [['id', 1]], limit: 10 });
    counting = countingStatements((source) => isItemsCount(source) && source.includes('INDEXED BY "r:things:'), 'get');
    for (const filter of [
      { $and: [{ locale: 'en' }, { publishedAt: { $ne: null } }, { tags: 3 }] },
      { $and: [{ locale: 'en' }, { publishedAt: { $ne: null } }, { tags: { $in: [3, 14, 0] } }] },
      { $and: [{ locale: 'en' }, { tags: 5 }] },
      { $and: [{ locale: 'en' }, { publishedAt: { $ne: null } }, { $or: [{ kind: { $in: ['b', 'c'] } }, { tags: { $in: [3, 14] } }] }] },
    ] as Filter[]) {
      expect(await ranked.count('things', filter), JSON.stringify(filter)).toBe(await plain.count('things', filter));
    }
    // The third's other conditions (English, any publication) fit the same kind, its null test unused.
    expect(counting.count()).toBe(4);
    await Promise.all([ranked.close(), plain.close()]);
  });

  it('counts lists alone from their ids, and leaves SQL the rest: no fitting kind, ranges', async () => {
    const [ranked, plain] = await stores();
    counting = countingStatements(isItemsCount, 'get');
    // Nothing beside the lists: their ids alone are counted.
    for (const filter of [{ tags: 0 }, { $or: [{ locale: 'fr' }, { tags: 4 }] }] as Filter[]) {
      expect(await ranked.count('things', filter), JSON.stringify(filter)).toBe(await plain.count('things', filter));
    }
    expect(counting.count()).toBe(2);
    // No kind learned for the French entries; a range beside the tag; a range of items.
    for (const filter of [
      { $and: [{ locale: 'fr' }, { tags: 4 }] },
      { $and: [{ locale: 'fr' }, { $or: [{ kind: 'a' }, { tags: 4 }] }] },
      { $and: [{ publishedAt: { $gte: new Date(Date.UTC(2024, 0, 10)) } }, { tags: 4 }] },
      { tags: { $gte: 15 } },
    ] as Filter[]) {
      expect(await ranked.count('things', filter), JSON.stringify(filter)).toBe(await plain.count('things', filter));
    }
    expect(counting.count()).toBe(2);
    await Promise.all([ranked.close(), plain.close()]);
  });
});
