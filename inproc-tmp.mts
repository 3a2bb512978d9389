import { EmbeddedStore } from '/work/main/src/store/embedded-store.ts';
const store = new EmbeddedStore({ file: process.argv[2] });
await store.ensureIndexes('articles', [], { apartFields: ['seo', 'blocks'] });
const projection = Object.fromEntries(['id','createdAt','updatedAt','publishedAt','locale','localizations','title','slug','summary','body','kind','contactEmail','views','bigViews','rating','price','featured','publishDate','readingTime','scheduledAt','meta'].map((f) => [f, 1 as const]));
const N = 3000;
for (const round of [1, 2, 3, 4]) {
  const t = performance.now();
  for (let i = 0; i < N; i++) {
    const kind = ['news', 'guide', 'opinion'][i % 3];
    const filter = { $and: [{ publishedAt: { $ne: null } }, { kind }, { locale: 'en' }] };
    await store.find('articles', filter, { sort: [['id', 1]], skip: Math.floor(Math.random() * 2600) * 25, limit: 25, projection });
  }
  console.log(round, ((performance.now() - t) / N * 1000).toFixed(0), 'µs per find');
}
