// The benchmark's dataset generator: sizes as asked, every article fully linked, the same bytes
// on every run, and a seed the gateway's own validator accepts for the conformance model.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { datasetChunks } from '../../bench/dataset/chunks.ts';
import { datasetSize, DEFAULT_SIZE, type DatasetSize } from '../../bench/dataset/size.ts';
import { BENCH_TOKEN_SALT, VARIETY } from '../../bench/dataset/variety.ts';
import { writeDataset } from '../../bench/dataset/write.ts';
import { BENCH_SCHEMA } from '../../bench/processes/gateway-process.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { parseSeed } from '../../src/seed/parse-seed.ts';
import { validateSeed } from '../../src/seed/validate-seed.ts';

type Row = Record<string, unknown> & { id: number };
interface SeedJson {
  locales: Array<{ code: string }>;
  apiTokens?: Array<{ type: string; token: string }>;
  roles: { public: { find: string[]; findOne: string[] } };
  media: Row[];
  entries: Record<string, Row[]>;
}

const text = (size: DatasetSize) => [...datasetChunks(size)].join('');
const generate = (size: DatasetSize) => JSON.parse(text(size)) as SeedJson;
const SMALL = datasetSize({ articles: 120, authors: 12, categories: 6, tags: 9, media: 10 });

describe('the benchmark dataset', () => {
  let seed: SeedJson;
  beforeAll(() => {
    seed = generate(SMALL);
  });

  it.each([
    { name: 'the default size', size: DEFAULT_SIZE },
    { name: 'a small size', size: SMALL },
  ])('holds exactly the entries of $name', ({ size }) => {
    const data = generate(size);
    expect(data.media).toHaveLength(size.media);
    expect(data.entries['api::article.article']).toHaveLength(size.articles);
    expect(data.entries['api::author.author']).toHaveLength(size.authors);
    expect(data.entries['api::category.category']).toHaveLength(size.categories);
    expect(data.entries['api::tag.tag']).toHaveLength(size.tags);
    expect(data.entries['api::global.global']).toHaveLength(1);
  });

  it('links every article to existing entries: author, category, 3 distinct tags, cover, 2 gallery images, 3 other related articles', () => {
    const exists = (n: number) => (id: unknown) => typeof id === 'number' && id >= 1 && id <= n;
    for (const article of seed.entries['api::article.article']) {
      expect(exists(SMALL.authors)(article.author)).toBe(true);
      expect(exists(SMALL.categories)(article.category)).toBe(true);
      expect(exists(SMALL.media)(article.cover)).toBe(true);
      const tags = article.tags as number[];
      const gallery = article.gallery as number[];
      const related = article.related as number[];
      expect(new Set(tags).size === 3 && tags.every(exists(SMALL.tags))).toBe(true);
      expect(gallery.length === 2 && gallery.every(exists(SMALL.media))).toBe(true);
      expect(new Set(related).size === 3 && related.every(exists(SMALL.articles)) && !related.includes(article.id)).toBe(true);
    }
  });

  it('gives every article an seo component with a share image and 2 metaSocial items, and a rich text, a quote and a related-articles block', () => {
    for (const article of seed.entries['api::article.article']) {
      const seo = article.seo as { shareImage: unknown; metaSocial: unknown[] };
      expect(typeof seo.shareImage).toBe('number');
      expect(seo.metaSocial).toHaveLength(2);
      const blocks = article.blocks as Array<{ __component: string; articles?: number[] }>;
      expect(blocks.map((block) => block.__component)).toEqual(['blocks.rich-text', 'blocks.quote', 'blocks.related-articles']);
      expect(blocks[2].articles).toHaveLength(3);
    }
  });

  it('lets the public role find and findOne every content-type the scenarios read', () => {
    const read = ['api::article.article', 'api::author.author', 'api::category.category', 'api::tag.tag'];
    expect(seed.roles.public.find).toEqual(expect.arrayContaining([...read, 'plugin::upload.file']));
    expect(seed.roles.public.findOne).toEqual(expect.arrayContaining(read));
  });

  it('is the same text every time for the same size, and another for another size', () => {
    expect(text(SMALL)).toBe(text(SMALL));
    expect(text(datasetSize({ ...SMALL, articles: 121 }))).not.toBe(text(SMALL));
  });

  it('passes the gateway seed validator against the conformance model, so the gateway imports it', async () => {
    const model = await loadContentModel(BENCH_SCHEMA);
    expect(() => validateSeed(model, parseSeed(generate(SMALL), 'bench seed'))).not.toThrow();
  });

  it('is written to a file as the same bytes the chunks hold', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bench-dataset-'));
    try {
      const written = await writeDataset(join(dir, 'nested', 'seed.json'), SMALL);
      const file = await readFile(written.path, 'utf8');
      expect(file).toBe(text(SMALL));
      expect(written.bytes).toBe(Buffer.byteLength(file));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the varied dataset (issue 34)', () => {
  const VARIED = datasetSize({ ...SMALL, variety: VARIETY });
  const plain = generate(SMALL);
  let varied: SeedJson;
  let articles: Row[];
  beforeAll(() => {
    varied = generate(VARIED);
    articles = varied.entries['api::article.article'];
  });

  it.each([
    { name: 'drafts', count: (rows: Row[]) => rows.filter((a) => a.publishedAt === null).length },
    { name: 'French articles', count: (rows: Row[]) => rows.filter((a) => a.locale === 'fr').length },
  ])('holds some $name, and the default dataset none', ({ count }) => {
    expect(count(articles)).toBeGreaterThan(3);
    expect(count(plain.entries['api::article.article'])).toBe(0);
  });

  it('makes each French article a localization of the English one before it, with its non-localized values and links', () => {
    const localized = new Set(['id', 'locale', 'localizationOf', 'title', 'slug', 'summary', 'body', 'seo', 'blocks', 'publishedAt', 'createdAt', 'updatedAt']);
    for (const french of articles.filter((a) => a.locale === 'fr')) {
      const source = articles[french.id - 2];
      expect({ localizationOf: french.localizationOf, sourceLocale: source.locale }).toEqual({ localizationOf: french.id - 1, sourceLocale: 'en' });
      const shared = (row: Row) => Object.fromEntries(Object.entries(row).filter(([key]) => !localized.has(key)));
      expect(shared(french)).toEqual(shared(source));
    }
  });

  it('lists French as a second locale and holds one full-access token, as the default dataset does not', () => {
    expect({ locales: varied.locales.map((l) => l.code), tokens: varied.apiTokens?.map((t) => t.type) }).toEqual({ locales: ['en', 'fr'], tokens: ['full-access'] });
    expect({ locales: plain.locales.map((l) => l.code), tokens: plain.apiTokens }).toEqual({ locales: ['en'], tokens: undefined });
  });

  it('passes the gateway seed validator against the conformance model', async () => {
    const model = await loadContentModel(BENCH_SCHEMA);
    expect(() => validateSeed(model, parseSeed(varied, 'varied bench seed'), 'Invalid seed', { apiTokenSalt: BENCH_TOKEN_SALT })).not.toThrow();
  });
});

describe('datasetSize', () => {
  it.each([
    { name: 'fewer than 4 articles (3 other related ones are needed)', overrides: { articles: 3 }, message: 'articles must be an integer of at least 4' },
    { name: 'fewer than 3 tags', overrides: { tags: 2 }, message: 'tags must be an integer of at least 3' },
    { name: 'a fractional count', overrides: { articles: 10.5 }, message: 'got 10.5' },
    { name: 'no authors', overrides: { authors: 0 }, message: 'authors must be an integer of at least 1' },
    { name: 'every article French', overrides: { variety: { ...VARIETY, french: 1 } }, message: 'drafts and french must be at least 2' },
  ])('refuses $name', ({ overrides, message }) => {
    expect(() => datasetSize(overrides)).toThrow(message);
  });

  it('keeps the default counts for every kind it is not told to change', () => {
    expect(datasetSize({ articles: 200_000 })).toEqual({ ...DEFAULT_SIZE, articles: 200_000 });
  });
});
