// Generated write bodies, ten thousand in process (fast-check, seeded): REST POST/PUT/DELETE bodies
// and GraphQL mutations built from the fixture's attribute names, relation and component forms
// and junk values. Whatever arrives: no 5xx, every error in its envelope, a refused write changes
// nothing at all (the whole store is compared), and the gateway keeps answering reads.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.ts';
import { graphqlRequest, type TestGateway } from '../support/test-gateway.ts';
import { writableGateway } from '../support/writable.ts';

const RUNS = { rest: 7000, graphql: 3000 };
const COLLECTIONS = ['articles', 'authors', 'categories', 'tags', 'globals', 'files'];

let subject: TestGateway;
const statuses = new Map<string, number>();

beforeAll(async () => {
  subject = await writableGateway();
});

afterAll(() => {
  const counts = [...statuses].sort().map(([status, n]) => `${status}: ${n}`).join(', ');
  console.log(`write fuzz: answers ${counts}`);
});

/** Every document of the fixture's collections, hashed: equal before and after a refused write. */
async function fingerprint(store: Store): Promise<string> {
  const hash = createHash('sha256');
  for (const collection of COLLECTIONS) {
    for (const doc of await store.find(collection, {}, { sort: [['id', 1]] })) hash.update(JSON.stringify(doc, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)));
  }
  return hash.digest('hex');
}

const name = fc.constantFrom(
  'title', 'slug', 'summary', 'body', 'kind', 'contactEmail', 'views', 'bigViews', 'rating', 'price', 'featured', 'publishDate', 'readingTime',
  'scheduledAt', 'meta', 'author', 'category', 'tags', 'related', 'cover', 'gallery', 'seo', 'blocks', 'localizations', 'name', 'articles',
  'parent', 'children', 'socials', 'avatar', 'siteName', 'favicon', 'defaultSeo', 'id', 'createdAt', 'updatedAt', 'publishedAt', 'locale',
  '__proto__', 'constructor', 'metaTitle', 'metaSocial', 'socialNetwork', '__component', 'connect', 'disconnect', 'set', 'position', '',
);
const scalar = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('12', '12abc', '9223372036854775808', '-1', '1e400', '2024-02-30', '2024-06-01', '25:99:00', '09:30:00', '2024-06-01T10:00:00Z',
    'not-an-email', 'a@b.co', 'news', 'guide', 'blocks.quote', 'blocks.rich-text', 'shared.seo', 'a'.repeat(5000), '\u0000', '💥'),
);
const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(name, tie('value'), { maxKeys: 5 }),
    fc.record({ connect: fc.array(fc.oneof(fc.integer({ min: -1, max: 12 }), fc.record({ id: fc.integer({ min: 0, max: 12 }), position: fc.dictionary(fc.constantFrom('before', 'after', 'start', 'end'), scalar, { maxKeys: 2 }) })), { maxLength: 3 }), disconnect: fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 2 }) }),
    fc.record({ __component: fc.constantFrom('blocks.quote', 'blocks.rich-text', 'blocks.media', 'shared.seo', 'nope'), id: fc.integer({ min: 0, max: 30 }), body: scalar }),
  ),
})).value;
const data = fc.dictionary(name, json, { maxKeys: 6 });
const body = fc.oneof(
  { weight: 8, arbitrary: data.map((d) => ({ data: d })) },
  { weight: 1, arbitrary: json },
  { weight: 1, arbitrary: json.map((d) => ({ data: d })) },
);
const target = fc.constantFrom(
  ['POST', '/api/articles'], ['POST', '/api/tags'], ['POST', '/api/authors'], ['POST', '/api/categories'],
  ['PUT', '/api/articles/1'], ['PUT', '/api/articles/7'], ['PUT', '/api/tags/1'], ['PUT', '/api/authors/1'], ['PUT', '/api/categories/2'], ['PUT', '/api/global'],
  ['DELETE', '/api/tags/3'], ['POST', '/api/articles/2/localizations'], ['PUT', '/api/articles/999'],
);

async function answerOf(request: Request): Promise<{ status: number; body: unknown }> {
  const response = await subject.gateway.fetch(request);
  statuses.set(String(response.status), (statuses.get(String(response.status)) ?? 0) + 1);
  return { status: response.status, body: await response.json() };
}

describe('generated write bodies', () => {
  it(`never answer 5xx, and a refused one writes nothing (${RUNS.rest} REST bodies)`, async () => {
    await fc.assert(
      fc.asyncProperty(target, body, async ([method, path], payload) => {
        const before = await fingerprint(subject.store);
        const request = new Request(`http://gateway.test${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
        const { status, body: answer } = await answerOf(request);
        expect(status).toBeLessThan(500);
        if (status !== 200) {
          expect(answer).toMatchObject({ data: null, error: { status, name: expect.any(String), message: expect.any(String) } });
          expect(await fingerprint(subject.store)).toBe(before);
        }
      }),
      { numRuns: RUNS.rest, seed: 20261125 },
    );
    expect((await subject.gateway.fetch(new Request('http://gateway.test/api/articles'))).status).toBe(200);
  }, 600_000);

  const mutation = fc.constantFrom(
    ['createArticle', 'ArticleInput!', ''], ['createTag', 'TagInput!', ''], ['updateArticle', 'ArticleInput!', 'id: 1'],
    ['updateAuthor', 'AuthorInput!', 'id: 1'], ['updateGlobal', 'GlobalInput!', ''], ['createCategory', 'CategoryInput!', ''],
  );

  it(`never answer 5xx over GraphQL, and a refused one writes nothing (${RUNS.graphql} mutations)`, async () => {
    await fc.assert(
      fc.asyncProperty(mutation, data, async ([field, input, args], payload) => {
        const before = await fingerprint(subject.store);
        const query = `mutation($data: ${input}) { ${field}(${args ? `${args}, ` : ''}data: $data) { data { id } } }`;
        const { status, body: answer } = await answerOf(graphqlRequest(query, { data: payload }));
        expect(status).toBeLessThan(500);
        const errors = (answer as { errors?: unknown[] }).errors;
        if (errors?.length) expect(await fingerprint(subject.store)).toBe(before);
      }),
      { numRuns: RUNS.graphql, seed: 20261125 },
    );
    expect((await subject.gateway.fetch(new Request('http://gateway.test/api/articles'))).status).toBe(200);
  }, 600_000);
});
