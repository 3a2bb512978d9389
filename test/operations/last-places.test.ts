// A gateway remembers the last place of each ordered list between its writes (write/last-places.ts)
// instead of reading every entry holding the target. Random writes from both sides of the
// relations, sent to a gateway that remembers and to one that reads every time, leave every list
// in the same order; and the one that remembers reads a popular tag's holders once, not per link.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LastPlaces } from '../../src/operations/write/last-places.ts';
import { restCall, type TestGateway } from '../support/test-gateway.ts';
import { CountingStore } from '../support/counting-store.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { writableGateway } from '../support/writable.ts';

const TAGS = [1, 2, 3];
const AUTHORS = [1, 2];

type Step =
  | { kind: 'create'; tags: number[]; author: number }
  | { kind: 'retag'; article: number; tags: number[] }
  | { kind: 'connect'; article: number; tag: number }
  | { kind: 'disconnect'; article: number; tag: number }
  | { kind: 'tag list'; tag: number; articles: number[] }
  | { kind: 'tag connect'; tag: number; articles: number[] }
  | { kind: 'author list'; author: number; articles: number[] }
  | { kind: 'delete'; article: number };

const article = fc.integer({ min: 1, max: 12 });
const someTags = fc.subarray(TAGS);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), tags: someTags, author: fc.constantFrom(...AUTHORS) }),
  fc.record({ kind: fc.constant('retag' as const), article, tags: someTags }),
  fc.record({ kind: fc.constant('connect' as const), article, tag: fc.constantFrom(...TAGS) }),
  fc.record({ kind: fc.constant('disconnect' as const), article, tag: fc.constantFrom(...TAGS) }),
  fc.record({ kind: fc.constant('tag list' as const), tag: fc.constantFrom(...TAGS), articles: fc.uniqueArray(article, { maxLength: 5 }) }),
  fc.record({ kind: fc.constant('tag connect' as const), tag: fc.constantFrom(...TAGS), articles: fc.uniqueArray(article, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('author list' as const), author: fc.constantFrom(...AUTHORS), articles: fc.uniqueArray(article, { maxLength: 5 }) }),
  fc.record({ kind: fc.constant('delete' as const), article }),
);

async function send(t: TestGateway, s: Step): Promise<number> {
  const call = (method: string, path: string, data?: unknown) => restCall(t.gateway, method, path, data).then((answer) => answer.status);
  switch (s.kind) {
    case 'create':
      return call('POST', '/api/articles', { title: 'new', slug: `s-${Math.random()}`, tags: s.tags, author: s.author });
    case 'retag':
      return call('PUT', `/api/articles/${s.article}`, { tags: s.tags });
    case 'connect':
      return call('PUT', `/api/articles/${s.article}`, { tags: { connect: [s.tag] } });
    case 'disconnect':
      return call('PUT', `/api/articles/${s.article}`, { tags: { disconnect: [s.tag] } });
    case 'tag list':
      return call('PUT', `/api/tags/${s.tag}`, { articles: s.articles });
    case 'tag connect':
      return call('PUT', `/api/tags/${s.tag}`, { articles: { connect: s.articles } });
    case 'author list':
      return call('PUT', `/api/authors/${s.author}`, { articles: s.articles });
    case 'delete':
      return call('DELETE', `/api/articles/${s.article}`);
  }
}

/** Every tag's and author's articles, in their lists' order. */
async function lists(t: TestGateway): Promise<unknown> {
  const read = async (path: string) => (await restCall(t.gateway, 'GET', path)).body.data.map((entry: { id: number; attributes: { articles: { data: Array<{ id: number }> } } }) => [entry.id, entry.attributes.articles.data.map((a) => a.id)]);
  const query = 'populate[articles][fields][0]=id&populate[articles][publicationState]=preview&publicationState=preview';
  return { tags: await read(`/api/tags?${query}&pagination[pageSize]=100`), authors: await read(`/api/authors?${query}&pagination[pageSize]=100`) };
}

describe('the last places a gateway remembers', () => {
  it('leave every list in the order a gateway that reads them each time gives, whatever the writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const remembering = await writableGateway();
        const reading = await writableGateway({ extra: { sharedStore: true } });
        for (const s of steps) expect(await send(remembering, s)).toBe(await send(reading, s));
        expect(await lists(remembering)).toEqual(await lists(reading));
      }),
      { numRuns: 40 },
    );
  });

  it('reads the holders of a tag once for ten new links to it, where a gateway that remembers nothing reads them ten times', async () => {
    const holderReads = async (shared: boolean) => {
      const store = new CountingStore(new EmbeddedStore());
      const t = await writableGateway({ store, extra: { sharedStore: shared } });
      store.reset();
      for (let n = 0; n < 10; n++) expect(await send(t, { kind: 'create', tags: [2], author: 1 })).toBe(200);
      return store.calls.filter((call) => call.op === 'find' && call.collection === 'articles' && JSON.stringify(call.filter) === '{"tags":2}').length;
    };
    expect(await holderReads(false)).toBe(1);
    expect(await holderReads(true)).toBe(10);
  });

  it.each([
    ['a place read, then raised by links', [['read', 4], ['raise', 5], ['raise', 3]], 5],
    ['nothing read yet: a raise alone is kept', [['raise', 2]], 2],
    ['forgotten: read again', [['read', 4], ['forget', 0], ['read', 1]], 1],
  ] as const)('keeps the highest place it saw: %s', async (_name, steps, expected) => {
    const places = new LastPlaces(true);
    for (const [what, place] of steps) {
      if (what === 'read') await places.last('tags#1', async () => place);
      else if (what === 'raise') places.raise('tags#1', place);
      else places.forget();
    }
    expect(await places.last('tags#1', async () => -1)).toBe(expected);
  });
});
