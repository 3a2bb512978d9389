// The response cache after a write: once the changes are in the store and `forget(changes)` ran
// (what the write path does before answering), every kept answer they changed is made again (the
// entry, lists of its type, answers that populated it through a relation, the other side of each
// relation it touched), on the normal path and the server's fast path alike; answers made from
// other collections stay kept; a read running while the write lands is not kept. Requests for an
// answer being made wait for it, and make their own when it was not kept.
import { describe, expect, it } from 'vitest';
import { type Change, type Doc, type Filter, type FindOptions } from '../../../src/store/store.ts';
import { CountingStore } from '../../support/counting-store.ts';
import { EmbeddedStore } from '../../../src/store/embedded-store.ts';
import { blogGateway, graphqlRequest, restRequest } from '../../support/test-gateway.ts';

const EDITOR = { authorization: 'Bearer editor-token-123' };

/** A store whose finds of one collection, once `held`, read and then wait until released. */
class HeldStore extends CountingStore {
  held: { collection: string; release: Promise<void>; read: () => void } | undefined;

  override async find(collection: string, filter: Filter, options?: FindOptions): Promise<Doc[]> {
    const docs = await super.find(collection, filter, options);
    const held = this.held;
    if (held?.collection === collection) {
      this.held = undefined;
      held.read();
      await held.release;
    }
    return docs;
  }
}

async function cachedBlog() {
  const store = new HeldStore(new EmbeddedStore());
  const subject = await blogGateway({ store, extra: { responseCache: true } });
  /** The answer's JSON, and how many store reads it took (0: served from the cache). */
  const ask = async (request: Request) => {
    const before = store.calls.length;
    const response = await subject.gateway.fetch(request);
    expect(response.status).toBe(200);
    return { body: (await response.json()) as any, reads: store.calls.length - before };
  };
  /** A write as the write path makes it: the store's atomic write, then the cache forgets. */
  const write = async (changes: Change[]) => {
    await store.write(changes);
    subject.gateway.forget(changes);
  };
  const doc = async (collection: string, id: number) => (await store.find(collection, { id }))[0];
  return { ...subject, store, ask, write, doc };
}

type Blog = Awaited<ReturnType<typeof cachedBlog>>;

/** The response cache's hits so far, as /metrics counts them. */
async function hits(blog: Blog): Promise<number> {
  const text = await blog.gateway.metrics.registry.getSingleMetricAsString('gateway_cache_hits_total');
  return Number(/gateway_cache_hits_total\{cache="response"\} (\d+)/.exec(text)?.[1] ?? 0);
}

/** Titles of the articles in an answer, wherever they are. */
function titles(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => titles(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'title' && typeof inner === 'string') found.push(inner);
      else titles(inner, found);
    }
  }
  return found;
}

const renameArticle1 = async (blog: Blog): Promise<Change[]> => [{ op: 'put', collection: 'articles', doc: { ...(await blog.doc('articles', 1)), title: 'Renamed' } }];
/** Article 1's tags go from [1, 2] to [1, 3]: tag 2 loses it, tag 3 gains it. */
const retagArticle1 = async (blog: Blog): Promise<Change[]> => [{ op: 'put', collection: 'articles', doc: { ...(await blog.doc('articles', 1)), tags: [1, 3] } }];
const deleteArticle1 = async (): Promise<Change[]> => [{ op: 'delete', collection: 'articles', id: 1 }];
const renameTag1 = async (blog: Blog): Promise<Change[]> => [{ op: 'put', collection: 'tags', doc: { ...(await blog.doc('tags', 1)), name: 'renamed-tag' } }];

const CHANGED: Array<[string, () => Request, (blog: Blog) => Promise<Change[]>, (body: any) => unknown, unknown, unknown]> = [
  ['the entry, over REST', () => restRequest('/api/articles/1'), renameArticle1, (b) => b.data.attributes.title, 'Hello World', 'Renamed'],
  ['the entry, over GraphQL', () => graphqlRequest('{ article(id: 1) { data { attributes { title } } } }'), renameArticle1, (b) => b.data.article.data.attributes.title, 'Hello World', 'Renamed'],
  ['a list of its type', () => restRequest('/api/articles?fields[0]=title&sort=id'), renameArticle1, (b) => titles(b).includes('Renamed'), false, true],
  ['a list\'s total after a delete', () => graphqlRequest('{ articles { meta { pagination { total } } } }'), deleteArticle1, (b) => b.data.articles.meta.pagination.total, 5, 4],
  ['an answer that populated it', () => restRequest('/api/tags/1?populate[articles][fields][0]=title', EDITOR), renameArticle1, (b) => titles(b).includes('Renamed'), false, true],
  ['an answer that populated it over GraphQL', () => graphqlRequest('{ authors { data { attributes { articles { data { attributes { title } } } } } } }'), renameArticle1, (b) => titles(b).includes('Renamed'), false, true],
  ['the other side of a relation it gained', () => restRequest('/api/tags/3?populate=articles', EDITOR), retagArticle1, (b) => titles(b).includes('Hello World'), false, true],
  ['the other side of a relation it lost', () => restRequest('/api/tags/2?populate=articles', EDITOR), retagArticle1, (b) => titles(b).includes('Hello World'), true, false],
  ['an entry it populates', () => restRequest('/api/articles/1?populate[tags][fields][0]=name', EDITOR), renameTag1, (b) => b.data.attributes.tags.data[0].attributes.name, 'alpha', 'renamed-tag'],
];

describe('a cached read after a write', () => {
  it.each(CHANGED)('shows the write at once: %s', async (_name, request, changes, value, before, after) => {
    const blog = await cachedBlog();
    expect(value((await blog.ask(request())).body)).toEqual(before);
    const hit = await blog.ask(request());
    expect({ reads: hit.reads, value: value(hit.body) }).toEqual({ reads: 0, value: before });

    await blog.write(await changes(blog));
    const again = await blog.ask(request());
    expect(again.reads).toBeGreaterThan(0);
    expect(value(again.body)).toEqual(after);
    // Kept again, as the write left it.
    expect(await blog.ask(request())).toEqual({ body: again.body, reads: 0 });
  });

  it.each([
    ['an author without its articles', () => restRequest('/api/authors/1')],
    ['a list of categories', () => graphqlRequest('{ categories { data { attributes { name } } } }')],
    ['a tag without its articles', () => restRequest('/api/tags/1', EDITOR)],
    ['another article', () => restRequest('/api/articles/2')],
  ])('keeps an answer made from other collections: %s', async (_name, request) => {
    const blog = await cachedBlog();
    const first = await blog.ask(request());
    await blog.write(await renameArticle1(blog));
    const hitsBefore = await hits(blog);
    expect(await blog.ask(request())).toEqual({ body: first.body, reads: 0 });
    expect(await hits(blog)).toBe(hitsBefore + 1);
  });

  it('no longer serves the entry from the server\'s fast path', async () => {
    const blog = await cachedBlog();
    const head = { method: 'GET', url: '/api/articles/1', header: (name: string) => (name === 'accept' ? 'application/json' : undefined) };
    await blog.ask(restRequest('/api/articles/1'));
    expect(blog.gateway.kept(head)).toBeDefined();
    await blog.write(await renameArticle1(blog));
    expect(blog.gateway.kept(head)).toBeUndefined();
    expect((await blog.ask(restRequest('/api/articles/1'))).body.data.attributes.title).toBe('Renamed');
  });

  it('does not keep an answer whose read was running while the write landed', async () => {
    const blog = await cachedBlog();
    let read!: () => void;
    let release!: () => void;
    const atRead = new Promise<void>((resolve) => (read = resolve));
    await blog.ask(restRequest('/api/categories')); // the data measured for the entry estimate, before holding
    // The article is read first, then its author: held there, the read has the old title when the write lands.
    blog.store.held = { collection: 'authors', release: new Promise((resolve) => (release = resolve)), read };
    const running = blog.ask(restRequest('/api/articles/1?populate=author'));
    await atRead;
    await blog.write(await renameArticle1(blog));
    release();
    expect((await running).body.data.attributes.title).toBe('Hello World');
    const after = await blog.ask(restRequest('/api/articles/1?populate=author'));
    expect({ reads: after.reads > 0, title: after.body.data.attributes.title }).toEqual({ reads: true, title: 'Renamed' });
  });

  /** A request for article 1 with its author, held at the author's read; `release` lets it finish. */
  async function heldRead(blog: Blog) {
    let read!: () => void;
    let release!: () => void;
    const atRead = new Promise<void>((resolve) => (read = resolve));
    await blog.ask(restRequest('/api/categories')); // the data measured for the entry estimate, before holding
    blog.store.held = { collection: 'authors', release: new Promise((resolve) => (release = resolve)), read };
    const start = blog.store.calls.length;
    const running = blog.ask(restRequest('/api/articles/1?populate=author'));
    await atRead;
    return { running, release, start };
  }

  it('makes an answer once for requests that ask for it while it is being made', async () => {
    const alone = await cachedBlog();
    await alone.ask(restRequest('/api/categories'));
    const once = await alone.ask(restRequest('/api/articles/1?populate=author'));
    const blog = await cachedBlog();
    const { running, release, start } = await heldRead(blog);
    const waiting = [1, 2, 3].map(() => blog.ask(restRequest('/api/articles/1?populate=author')));
    release();
    const first = await running;
    const answers = await Promise.all(waiting);
    expect(answers.map((one) => one.body)).toEqual([first.body, first.body, first.body]);
    expect(blog.store.calls.length - start).toBe(once.reads);
  });

  it('has a request that waited make its own answer when the one it waited for was not kept', async () => {
    const blog = await cachedBlog();
    const { running, release } = await heldRead(blog);
    const waiting = blog.ask(restRequest('/api/articles/1?populate=author'));
    await blog.write(await renameArticle1(blog));
    release();
    expect((await running).body.data.attributes.title).toBe('Hello World');
    const waited = await waiting;
    expect({ reads: waited.reads > 0, title: waited.body.data.attributes.title }).toEqual({ reads: true, title: 'Renamed' });
  });
});

describe('a cached read after another gateway changed entries not known by id (forgetCollections)', () => {
  it.each([
    ['an entry of the collection', () => restRequest('/api/articles/2'), true],
    ['a list of the collection', () => restRequest('/api/articles?fields[0]=title'), true],
    ['an answer that populated an entry of it', () => restRequest('/api/tags/1?populate[articles][fields][0]=title', EDITOR), true],
    ['an author without its articles', () => restRequest('/api/authors/1'), false],
    ['a list of categories', () => graphqlRequest('{ categories { data { attributes { name } } } }'), false],
  ])('%s: made again %s', async (_name, request, madeAgain) => {
    const blog = await cachedBlog();
    await blog.ask(request());
    blog.gateway.forgetCollections(['articles']);
    expect((await blog.ask(request())).reads > 0).toBe(madeAgain);
  });

  it('does not keep an answer that read an entry of the collection while it was forgotten', async () => {
    const blog = await cachedBlog();
    let read!: () => void;
    let release!: () => void;
    const atRead = new Promise<void>((resolve) => (read = resolve));
    await blog.ask(restRequest('/api/categories'));
    blog.store.held = { collection: 'authors', release: new Promise((resolve) => (release = resolve)), read };
    const running = blog.ask(restRequest('/api/articles/1?populate=author'));
    await atRead;
    blog.gateway.forgetCollections(['articles']);
    release();
    await running;
    expect((await blog.ask(restRequest('/api/articles/1?populate=author'))).reads).toBeGreaterThan(0);
  });

  it('forgets every kept answer when what changed is not known at all (forgetEverything)', async () => {
    const blog = await cachedBlog();
    await blog.ask(restRequest('/api/authors/1'));
    blog.gateway.forgetEverything();
    expect((await blog.ask(restRequest('/api/authors/1'))).reads).toBeGreaterThan(0);
  });
});
