// Generates a blog of any size in the stored layout (docs/storage.md) for the blog fixture
// model: authors with avatars, categories, articles with authors, categories, tags and related.
import type { Store } from '../../src/store/store.ts';

export interface BlogSize {
  articles: number;
}

export async function fillBlog(store: Store, size: BlogSize): Promise<void> {
  const now = new Date('2024-01-01T00:00:00.000Z');
  const stamps = { createdAt: now, updatedAt: now };
  const authors = Math.max(1, Math.floor(size.articles / 2));
  const categories = Math.max(1, Math.floor(size.articles / 5));
  await store.upsertMany('files', Array.from({ length: authors }, (_, i) => ({
    id: i + 1, name: `avatar-${i + 1}.jpg`, hash: `h${i + 1}`, ext: '.jpg', mime: 'image/jpeg', size: 1.5,
    url: `/uploads/avatar-${i + 1}.jpg`, provider: 'local', formats: null, provider_metadata: null, ...stamps,
  })));
  await store.upsertMany('authors', Array.from({ length: authors }, (_, i) => ({
    id: i + 1, name: `Author ${i + 1}`, email: null, bio: null, avatar: i + 1, socials: [], ...stamps,
  })));
  await store.upsertMany('categories', Array.from({ length: categories }, (_, i) => ({
    id: i + 1, name: `Category ${i + 1}`, slug: `category-${i + 1}`, position: i, parent: i === 0 ? null : 1, ...stamps,
  })));
  await store.upsertMany('tags', [1, 2, 3].map((id) => ({ id, name: `tag-${id}`, ...stamps })));
  await store.upsertMany('articles', Array.from({ length: size.articles }, (_, i) => ({
    id: i + 1, title: `Article ${i + 1}`, slug: `article-${i + 1}`, views: i, locale: 'en', localizations: [],
    author: (i % authors) + 1, category: (i % categories) + 1, tags: [1, 2], related: i > 0 ? [i] : [],
    cover: null, gallery: [], seo: null, blocks: [], publishedAt: now, ...stamps,
  })));
}
