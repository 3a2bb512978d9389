// The embedded store's planner statistics are whole, not a sample of each index's first rows: a
// field with few values (locale) reads as unselective and one with many (author) as selective,
// so SQLite counts an author's English articles through the author's index, not every English one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Filter } from '../../src/store/store.ts';

/** 6,000 articles: two locales of 3,000, ten authors of 600, three kinds of 2,000. */
async function articles(file?: string): Promise<EmbeddedStore> {
  const store = new EmbeddedStore({ file });
  await store.ensureIndexes('articles', ['locale', 'author', 'kind'].map((field) => ({ keys: { [field]: 1 as const }, name: `${field}_1` })));
  const docs = Array.from({ length: 6000 }, (_, i) => ({ id: i + 1, locale: i % 2 ? 'fr' : 'en', author: (i % 10) + 1, kind: ['news', 'guide', 'opinion'][i % 3] }));
  await store.upsertMany('articles', docs);
  return store;
}

const gathered = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

describe('planner statistics', () => {
  // The index searched first on the author: the field's own, or the one the first count learned
  // for its shape (author, kind, locale: rank-index.ts), never one searched first on the locale or kind.
  it.each<[string, Filter]>([
    ['an author among English articles', { $and: [{ locale: 'en' }, { author: 3 }] }],
    ['an author among one kind', { $and: [{ kind: 'news' }, { author: 3 }] }],
    ['an author among one kind of English articles', { $and: [{ locale: 'en' }, { kind: 'guide' }, { author: 4 }] }],
  ])('count %s through the most selective index', async (_name, filter) => {
    const store = await articles();
    // The first read makes the indexes; their statistics are gathered after it.
    await store.count('articles', { $and: [{ locale: 'fr' }, { author: 2 }, { kind: 'news' }] });
    await gathered();
    expect(store.countPlan('articles', filter).join(' | ')).toMatch(/^SEARCH k USING (COVERING )?INDEX [^ ]+ \(f:author=\?/);
    await store.close();
  });

  it('keeps each index\'s real number of entries per value', async () => {
    const store = await articles();
    await store.count('articles', { $and: [{ locale: 'fr' }, { author: 2 }, { kind: 'news' }] });
    await gathered();
    const stats = Object.fromEntries(store.db.prepare("SELECT idx, stat FROM sqlite_stat1 WHERE tbl = 'k:articles'").raw().all() as Array<[string, string]>);
    expect([stats['k:articles:locale'], stats['k:articles:author'], stats['k:articles:kind']]).toEqual(['6000 3000 1', '6000 600 1', '6000 2000 1']);
    await store.close();
  });

  // With samples of values (STAT4), SQLite plans a statement again each time a parameter on an
  // indexed column changes (database.ts `dropSamples`): none are kept, after a read's indexes
  // are analyzed, after the statistics are gathered again, and at open.
  it('keeps no samples of values, only each index\'s averages', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'planner-statistics-'));
    const file = path.join(dir, 'store.db');
    const samples = (store: EmbeddedStore) => [store.db.prepare('SELECT count(*) FROM sqlite_stat4').pluck().get(), (store.db.prepare('SELECT count(*) FROM sqlite_stat1').pluck().get() as number) > 0];
    const store = await articles(file);
    await store.count('articles', { $and: [{ locale: 'fr' }, { author: 2 }, { kind: 'news' }] });
    await gathered();
    expect(samples(store)).toEqual([0, true]);
    // What a release before this one left: whole statistics with samples.
    store.db.exec('ANALYZE');
    expect(samples(store)[0]).toBeGreaterThan(0);
    // As many changes again as the store holds: the statistics are gathered again (statistics.ts).
    await store.upsertMany('articles', Array.from({ length: 6000 }, (_, i) => ({ id: 7000 + i, locale: 'en', author: 1, kind: 'news' })));
    await gathered();
    expect(samples(store)).toEqual([0, true]);
    store.db.exec('ANALYZE');
    await store.close();
    const reopened = new EmbeddedStore({ file });
    expect(samples(reopened)).toEqual([0, true]);
    await reopened.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('analyzes a file whose statistics an earlier release sampled whole, once, at its next open', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'planner-statistics-'));
    const file = path.join(dir, 'store.db');
    const written = await articles(file);
    await written.count('articles', { $and: [{ locale: 'fr' }, { author: 2 }, { kind: 'news' }] });
    // What an earlier release left: statistics of each index's first 400 entries, no note.
    written.db.pragma('analysis_limit = 400');
    written.db.exec('ANALYZE; DROP TABLE _statistics');
    const localeStat = (store: EmbeddedStore) => store.db.prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 'k:articles:locale'").pluck().get();
    expect(localeStat(written)).toBe('6000 401 1');
    await written.close();
    const reopened = new EmbeddedStore({ file });
    expect(localeStat(reopened)).toBe('6000 3000 1');
    await reopened.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
