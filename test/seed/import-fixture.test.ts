// The conformance fixture's seed -> an EmbeddedStore holding the layout docs/storage.md describes.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { importSeed, type ImportReport } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import type { Seed } from '../../src/seed/parse-seed.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';

const fixture = fileURLToPath(new URL('../../../shared/conformance/fixture/', import.meta.url));
const hasFixture = existsSync(fixture);
if (!hasFixture) console.warn(`SKIPPED: the conformance fixture is absent (${fixture})`);

const NOW = new Date('2025-03-01T12:00:00.000Z');

describe.skipIf(!hasFixture)('importing the conformance fixture seed', () => {
  let model: ContentModel;
  let seed: Seed;
  let store: EmbeddedStore;
  let report: ImportReport;
  const one = async (collection: string, id: number) => (await store.find(collection, { id }))[0];

  beforeAll(async () => {
    model = await loadContentModel(`${fixture}schema`);
    seed = await loadSeedFile(`${fixture}seed.json`);
    store = new EmbeddedStore();
    report = await importSeed(model, seed, store, { now: NOW });
  });

  it('reports what it wrote per collection, media first, then users-permissions\' roles and their permissions', () => {
    expect(report).toEqual([
      { collection: 'files', written: 5 },
      { collection: 'articles', written: 8 },
      { collection: 'authors', written: 3 },
      { collection: 'categories', written: 4 },
      { collection: 'globals', written: 1 },
      { collection: 'tags', written: 4 },
      { collection: 'up_users', written: 0 },
      { collection: 'up_roles', written: 2 },
      { collection: 'up_permissions', written: 17 },
    ]);
  });

  it('writes Strapi\'s two roles and one permission per action each grants, users-permissions\' defaults included', async () => {
    expect(await store.find('up_roles', {})).toMatchObject([
      { id: 1, type: 'authenticated', name: 'Authenticated', description: 'Default role given to authenticated user.' },
      { id: 2, type: 'public', name: 'Public', description: 'Default role given to unauthenticated user.' },
    ]);
    const actions = (await store.find('up_permissions', {})).map((doc) => [doc.action, doc.role]);
    expect(actions).toContainEqual(['api::article.article.find', 2]);
    expect(actions).toContainEqual(['plugin::upload.content-api.find', 2]);
    // users-permissions' defaults for its two roles, then the seed's: as the Strapi export of this fixture holds them.
    expect(actions).toHaveLength(17);
  });

  it('stores an article with components, a dynamic zone, relations, a bigint, JSON text and its localization', async () => {
    expect(await one('articles', 1)).toEqual({
      id: 1,
      title: 'Hello World',
      slug: 'hello-world',
      summary: 'The first article.',
      body: '# Hello\n\nWelcome **everyone**.',
      kind: 'news',
      contactEmail: 'desk@example.com',
      views: 10,
      bigViews: 2147483648000n,
      rating: 4.5,
      price: 9.99,
      featured: true,
      publishDate: '2024-01-15',
      readingTime: '00:05:00.000',
      scheduledAt: new Date('2024-01-15T09:30:00.000Z'),
      meta: '{"source":"wire","score":[1,2,3]}',
      cover: 1,
      gallery: [2, 4],
      author: 1,
      category: 1,
      tags: [1, 2],
      related: [2, 3],
      seo: {
        id: 1,
        metaTitle: 'Hello World | Site',
        metaDescription: 'Welcome post',
        shareImage: 5,
        metaSocial: [
          { id: 1, socialNetwork: 'Facebook', title: 'Hello on FB', description: 'fb card' },
          { id: 2, socialNetwork: 'Twitter', title: 'Hello on X', description: null },
        ],
      },
      blocks: [
        { __component: 'blocks.rich-text', id: 1, body: 'Some *rich* text.' },
        { __component: 'blocks.quote', id: 1, title: 'On beginnings', body: 'Every journey starts somewhere.', rating: 5 },
        { __component: 'blocks.media', id: 1, caption: 'A diagram', file: 2 },
        { __component: 'blocks.related-articles', id: 1, header: { id: 1, title: 'Read next', subtitle: 'Hand picked' }, articles: [2, 3] },
      ],
      createdAt: NOW,
      updatedAt: NOW,
      publishedAt: new Date('2024-01-15T10:00:00.000Z'),
      locale: 'en',
      localizations: [7],
    });
  });

  it('links the French localization back to its English entry', async () => {
    expect(await one('articles', 7)).toMatchObject({ locale: 'fr', localizations: [1], title: 'Bonjour le monde' });
    expect(await one('articles', 8)).toMatchObject({ locale: 'fr', localizations: [2] });
    expect(await one('articles', 3)).toMatchObject({ locale: 'en', localizations: [] });
  });

  it('stores a draft with a null publishedAt and empty relations as null or []', async () => {
    expect(await one('articles', 5)).toMatchObject({ publishedAt: null, seo: null, blocks: [], gallery: [], cover: null, related: [] });
  });

  it('stores nothing for the mappedBy side of a relation', async () => {
    const author = await one('authors', 1);
    expect(author).not.toHaveProperty('articles');
    expect(await one('categories', 3)).toEqual({ id: 3, name: 'JavaScript', slug: 'javascript', position: 3, parent: 2, createdAt: NOW, updatedAt: NOW });
  });

  it('stores a media row with its formats as JSON text and no publication fields', async () => {
    const file = await one('files', 4);
    expect(file).toEqual({
      id: 4,
      name: 'handbook.pdf',
      alternativeText: null,
      caption: null,
      width: null,
      height: null,
      formats: null,
      hash: 'handbook_aabbcc',
      ext: '.pdf',
      mime: 'application/pdf',
      size: 1024.7,
      url: '/uploads/handbook_aabbcc.pdf',
      previewUrl: null,
      provider: 'local',
      provider_metadata: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(JSON.parse((await one('files', 1)).formats as string)).toHaveProperty('thumbnail.width', 234);
  });

  it('stores the single type with its nested repeatable component', async () => {
    expect(await one('globals', 1)).toMatchObject({
      siteName: 'Conformance Site',
      favicon: 5,
      defaultSeo: { metaTitle: 'Conformance Site', metaSocial: [{ socialNetwork: 'Facebook', title: 'Site on FB' }] },
    });
  });

  it('ensures the documented indexes', async () => {
    expect((await store.listIndexes('articles')).sort()).toEqual(
      ['_id_', 'id_1', 'cover_1', 'gallery_1', 'author_1', 'category_1', 'tags_1', 'related_1', 'locale_1', 'publishedAt_1', 'slug_unique'].sort(),
    );
  });

  it('moves each counter past the largest id', async () => {
    expect(await store.allocateIds('articles', 1)).toBe(9);
    expect(await store.allocateIds('components_shared_seos', 1)).toBe(6);
  });

  it('leaves the same entries when imported twice', async () => {
    const again = new EmbeddedStore();
    await importSeed(model, seed, again, { now: NOW });
    const second = await importSeed(model, seed, again, { now: NOW });
    expect(second).toEqual(report);
    for (const { collection, written } of report) expect(await again.count(collection, {})).toBe(written);
    expect(await again.find('articles', { id: 5 })).toEqual([await one('articles', 5)]);
  });
});
