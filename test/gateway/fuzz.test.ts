// Generated hostile input, thousands of requests in process (fast-check): REST query strings
// built from Strapi's parameter names, operators, attribute names and junk, and GraphQL documents
// and variables from a grammar of the schema's fields and arguments, and plain noise. Whatever
// arrives: no 5xx, every error in its protocol's envelope, a bounded number of store reads per
// request, and a normal request answered afterwards. Prints what was tried and what came back
// (times only reported: a test gateway's deadline is past what a busy machine reaches).
import fc from 'fast-check';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { DEFAULT_REQUEST_LIMITS } from '../../src/limits/request-limits.ts';
import { CountingStore } from '../support/counting-store.ts';
import { blogGateway, graphqlRequest, restRequest, type TestGateway } from '../support/test-gateway.ts';
import { writableGateway } from '../support/writable.ts';

const RUNS = 2000;
/**
 * Store reads one request may make here: a list and its count, one read per relation per level
 * (DataLoader batches), GraphQL's aliases and depth bounded by its limits. A request past it
 * would be the N+1 or the unbounded document the limits are there to refuse.
 */
const MOST_READS = 100;

let subject: TestGateway;
const statuses = new Map<string, number>();
let tried = 0;
let slowestMs = 0;
let mostReads = 0;
let store: CountingStore;
const loop = monitorEventLoopDelay({ resolution: 1 });

beforeAll(async () => {
  store = new CountingStore(new EmbeddedStore());
  subject = await blogGateway({ store });
  loop.enable();
});

afterAll(() => {
  loop.disable();
  const counts = [...statuses].sort().map(([status, n]) => `${status}: ${n}`).join(', ');
  console.log(`fuzz: ${tried} inputs tried; answers ${counts}; most store reads ${mostReads}; slowest ${slowestMs.toFixed(0)} ms; longest event-loop stall ${(loop.max / 1e6).toFixed(0)} ms`);
});

const word = fc.constantFrom(
  'title', 'slug', 'views', 'bigViews', 'rating', 'price', 'featured', 'publishDate', 'readingTime', 'scheduledAt', 'meta', 'kind',
  'author', 'category', 'tags', 'related', 'cover', 'gallery', 'seo', 'blocks', 'localizations', 'name', 'articles', 'parent', 'children',
  'id', 'createdAt', 'publishedAt', 'locale', '*', '__proto__', 'constructor', 'prototype', 'toString', 'password', 'email',
  '$eq', '$eqi', '$ne', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$contains', '$containsi', '$notContains', '$null', '$notNull',
  '$between', '$startsWith', '$endsWith', '$or', '$and', '$not', '$where', '$regex', '$expr', 'on', 'populate', 'fields', 'filters', 'sort',
  'page', 'pageSize', 'start', 'limit', 'withCount', 'blocks.quote', 'seo.shareImage', 'a.b.c', '0', '1', '-1', '', ' ',
);
const value = fc.oneof(
  word,
  fc.string({ maxLength: 12 }),
  fc.constantFrom('9007199254740991', '-9007199254740993', '1e308', 'NaN', 'Infinity', '0x10', '2024-02-30', '25:99', '-271821-04-20', '%', '%zz', 'true', 'null', '💥', '\u0000', 'a'.repeat(300)),
  fc.integer().map(String),
);
const key = fc.tuple(
  fc.constantFrom('filters', 'populate', 'sort', 'fields', 'pagination', 'locale', 'publicationState', 'status', 'x'),
  fc.array(fc.oneof(word, fc.nat(150).map(String), fc.constant('')), { maxLength: 6 }),
).map(([root, path]) => root + path.map((segment) => `[${segment}]`).join(''));
const queryString = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.tuple(key, value), { maxLength: 8 }).map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 80 }).map((raw) => encodeURI(raw)) },
  { weight: 1, arbitrary: fc.array(fc.tuple(key, value), { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')) },
);
const restPath = fc.constantFrom('/api/articles', '/api/articles/1', '/api/articles/5', '/api/articles/abc', '/api/categories', '/api/tags', '/api/global',
  '/api/upload/files', '/api/upload/files/1', '/api/users', '/api/users/me', '/api/users/count', '/api/nope', '/api/articles/1/2');
const method = fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS');

const gqlValue: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('1', '-1', '100', '9007199254740991', '1.5', 'true', 'null', '"x"', '"2024-02-30"', '"title:desc"', '"__proto__"', '"author.name"', 'ENUM'),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(', ')}]`),
    fc.array(fc.tuple(word.filter((w) => /^[A-Za-z_]\w*$/.test(w)), tie('value')), { maxLength: 4 }).map((fields) => `{ ${fields.map(([k, v]) => `${k}: ${v}`).join(', ')} }`),
  ),
})).value;
const argument = fc.tuple(fc.constantFrom('filters', 'sort', 'pagination', 'publicationState', 'locale', 'id', 'x'), gqlValue).map(([k, v]) => `${k}: ${v}`);
const selection: fc.Arbitrary<string> = fc.letrec<{ set: string }>((tie) => ({
  set: fc.array(
    fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom('id', 'title', '__typename', 'name', 'total', 'nope'),
      fc.tuple(fc.constantFrom('data', 'attributes', 'meta', 'pagination', 'author', 'tags', 'category', 'articles', 'blocks', 'seo', 'cover', 'localizations'),
        fc.array(argument, { maxLength: 2 }), tie('set'))
        .map(([field, args, set]) => `${field}${args.length ? `(${args.join(', ')})` : ''} { ${set} }`),
      tie('set').map((set) => `... on ComponentBlocksQuote { ${set} }`),
    ),
    { minLength: 1, maxLength: 4 },
  ).map((items) => items.join(' ')),
})).set;
const document = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom('articles', 'article', 'tags', 'tag', 'categories', 'global', 'uploadFiles', 'me', 'usersPermissionsUsers'), fc.array(argument, { maxLength: 3 }), selection)
    .map(([root, args, set]) => `{ ${root}${args.length ? `(${args.join(', ')})` : ''} { ${set} } }`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 120 }) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(40), fc.nat(40)).map(([open, close]) => `{ articles ${'{ data '.repeat(open)}${'}'.repeat(close)}`) },
);
const variables = fc.oneof(fc.constant(undefined), fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 4 })));

async function check(request: Request, protocol: 'rest' | 'graphql'): Promise<void> {
  tried++;
  store.reset();
  const started = performance.now();
  const response = await subject.gateway.fetch(request);
  const text = await response.text();
  slowestMs = Math.max(slowestMs, performance.now() - started);
  mostReads = Math.max(mostReads, store.calls.length);
  statuses.set(String(response.status), (statuses.get(String(response.status)) ?? 0) + 1);
  expect(response.status, `${request.method} ${request.url}`).toBeLessThan(500);
  expect(store.calls.length, `${request.method} ${request.url}`).toBeLessThanOrEqual(MOST_READS);
  if (request.method === 'HEAD' || response.status === 204 || text === '') return;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return;
  const body = JSON.parse(text);
  if (protocol === 'rest' && response.status >= 400) {
    expect(body).toEqual({ data: null, error: { status: response.status, name: expect.any(String), message: expect.any(String), details: expect.any(Object) } });
  }
  if (protocol === 'graphql' && body.errors) {
    for (const error of body.errors) expect(error).toMatchObject({ message: expect.any(String), extensions: { code: expect.any(String) } });
  }
}

describe('generated hostile input', () => {
  it(`answers ${RUNS} REST requests without a 5xx, errors in Strapi's envelope`, async () => {
    await fc.assert(fc.asyncProperty(method, restPath, queryString, async (verb, path, query) => {
      await check(new Request(`http://gateway.test${path}?${query}`, { method: verb, headers: { accept: 'application/json' } }), 'rest');
    }), { numRuns: RUNS });
  }, 120_000);

  it(`answers ${RUNS} GraphQL documents without a 5xx, errors with their code`, async () => {
    await fc.assert(fc.asyncProperty(document, variables, async (query, vars) => {
      await check(graphqlRequest(query, vars as Record<string, unknown> | undefined), 'graphql');
    }), { numRuns: RUNS });
  }, 120_000);

  it('answers GraphQL bodies that are not what they claim', async () => {
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 200 }), fc.constantFrom('application/json', 'application/graphql', 'text/plain', 'multipart/form-data'), async (body, type) => {
      await check(new Request('http://gateway.test/graphql', { method: 'POST', headers: { 'content-type': type }, body }), 'graphql');
    }), { numRuns: RUNS / 4 });
  }, 120_000);

  it('answers a normal request afterwards', async () => {
    const response = await subject.gateway.fetch(restRequest('/api/articles?fields[0]=title'));
    expect(response.status).toBe(200);
    expect((await response.json()).data.length).toBeGreaterThan(0);
  });
});

/** `levels` arrays (or `{"a": …}` objects) inside each other, as JSON text: built without recursion. */
function nestedText(levels: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(levels)}${']'.repeat(levels)}` : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/** A JSON body holding `nested` at `at` (keys from the root). */
function bodyText(at: readonly string[], nested: string): string {
  return `${at.map((key) => `{${JSON.stringify(key)}:`).join('')}${nested}${'}'.repeat(at.length)}`;
}

describe('bodies nested deeper than anything walks', () => {
  let writable: TestGateway;
  beforeAll(async () => {
    writable = await writableGateway();
  });

  const where = fc.constantFrom<readonly string[]>(
    ['data', 'title'], ['data', 'meta'], ['data', 'nope'], ['nope'], ['data', 'seo'], ['data', 'seo', 'metaSocial'], ['data', 'blocks'],
    ['data', 'tags'], ['data', 'tags', 'connect'], ['data', 'author', 'set'], ['data'],
  );
  const write = fc.constantFrom(['POST', '/api/articles'], ['PUT', '/api/articles/1'], ['PUT', '/api/global'], ['POST', '/api/articles/1/localizations'], ['PUT', '/api/tags/2']);
  const depth = fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 40, max: 6000 }));

  it('answers REST write bodies nested up to 6,000 levels under any key without a 5xx, past the bound with a 400 naming it', async () => {
    await fc.assert(fc.asyncProperty(write, where, depth, fc.constantFrom<'array' | 'object'>('array', 'object'), async ([verb, path], at, levels, kind) => {
      const request = new Request(`http://gateway.test${path}`, { method: verb, headers: { 'content-type': 'application/json' }, body: bodyText(at, nestedText(levels, kind)) });
      const response = await writable.gateway.fetch(request);
      const body = await response.json();
      expect(response.status, `${verb} ${path} ${at.join('.')} ${levels} ${kind}`).toBeLessThan(500);
      // The deepest array or object sits at depth `at.length + levels - 1` (the body itself at 0).
      if (at.length + levels - 1 >= DEFAULT_REQUEST_LIMITS.maxVariablesDepth) {
        expect(response.status).toBe(400);
        expect(body.error).toMatchObject({ name: 'ValidationError', details: { limit: 'maxVariablesDepth' } });
      } else if (response.status >= 400) {
        expect(body).toEqual({ data: null, error: { status: response.status, name: expect.any(String), message: expect.any(String), details: expect.any(Object) } });
      }
    }), { numRuns: RUNS / 4, seed: 20261127 });
  }, 120_000);

  it('answers GraphQL variables and JSON literals nested up to 6,000 levels without a 5xx, with a code', async () => {
    const graphql = fc.oneof(
      depth.map((levels) => JSON.stringify({ query: '{ tags { data { id } } }' }).replace(/}$/, `,"variables":{"x":${nestedText(levels, 'array')}}}`)),
      depth.map((levels) => JSON.stringify({ query: 'mutation($m: JSON) { createArticle(data: { title: "x", meta: $m }) { data { id } } }' }).replace(/}$/, `,"variables":{"m":${nestedText(levels, 'object')}}}`)),
      depth.map((levels) => JSON.stringify({ query: `mutation { createArticle(data: { title: "x", meta: ${nestedText(levels, 'array')} }) { data { id } } }` })),
    );
    await fc.assert(fc.asyncProperty(graphql, async (text) => {
      const response = await writable.gateway.fetch(new Request('http://gateway.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text }));
      expect(response.status).toBeLessThan(500);
      const body = await response.json();
      for (const error of body.errors ?? []) expect(error).toMatchObject({ message: expect.any(String), extensions: { code: expect.any(String) } });
    }), { numRuns: RUNS / 4, seed: 20261127 });
  }, 120_000);
});
