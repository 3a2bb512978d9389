// Generated hostile input, thousands of requests in process (fast-check): REST query strings
// built from Strapi's parameter names, operators, attribute names and junk, GraphQL documents
// and variables from a grammar of the schema's fields and arguments, users-permissions bodies
// (wrong types, huge fields, operators for values), and plain noise. Whatever arrives: no 5xx,
// every error in its protocol's envelope, a bounded number of store reads per request, nothing
// half-written, and a normal request answered afterwards; 10,000 sign-in attempts meet the
// per-client limit. Prints what was tried and what came back (times only reported: a test
// gateway's deadline is past what a busy machine reaches).
import fc from 'fast-check';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { authServices } from '../../src/operations/auth/services.ts';
import type { Mailer } from '../../src/mail/mailer.ts';
import { CountingStore } from '../support/counting-store.ts';
import { BLOG_MODEL, blogGateway, graphqlRequest, modelGateway, restRequest, type TestGateway } from '../support/test-gateway.ts';
import { DEFAULT_REQUEST_LIMITS } from '../../src/limits/request-limits.ts';
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

/** Mail that is accepted and goes nowhere: the routes that mail run to their end. */
const acceptingMailer: Mailer = { send: async () => ({ messageId: 'fuzz' }), close: () => undefined };
const AUTH_RUNS = 400;

describe('generated users-permissions bodies', () => {
  let users: TestGateway;
  let usersStore: CountingStore;
  /** Writes answered as done: users registered or created, less those deleted. */
  let added = 0;
  beforeAll(async () => {
    usersStore = new CountingStore(new EmbeddedStore());
    const auth = authServices({ jwtSecret: 'fuzz-jwt-secret', mailer: acceptingMailer });
    users = await modelGateway(BLOG_MODEL, 'test/fixtures/users-permissions/seed.json', { store: usersStore, secrets: { jwtSecret: 'fuzz-jwt-secret', apiTokenSalt: 'fuzz-salt' }, extra: { auth } });
    // The seed's passwords are hashed at import, holding the loop; requests are what is measured.
    // The monitor records a stall when its timer next runs: let it run, then forget it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    loop.reset();
  });

  const field = fc.constantFrom('identifier', 'password', 'email', 'username', 'currentPassword', 'passwordConfirmation', 'code', 'role', 'confirmed', 'blocked', 'provider', 'name', 'permissions', 'data', '__proto__', 'nope');
  const hostileValue = fc.oneof(
    fc.constantFrom('alice', 'alice@example.com', 'Alice-Pass-1', 'ALICE@EXAMPLE.COM', '', ' ', 'a@b.c', `a@${'.'.repeat(5000)} `, 'x'.repeat(100_000), '$2a$10$' + 'a'.repeat(53), '💥'.repeat(40), '\u0000'),
    fc.constantFrom(null, true, 0, -1, 1e308, [], {}, { $ne: 'x' }, { $gt: '' }, ['alice'], { connect: [{ id: 1 }] }, 2, 9999),
    fc.string({ maxLength: 40 }),
    fc.jsonValue({ maxDepth: 3 }),
  );
  const body = fc.oneof(
    { weight: 5, arbitrary: fc.dictionary(field, hostileValue, { maxKeys: 5 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
  const route = fc.constantFrom(
    ['POST', '/api/auth/local'], ['POST', '/api/auth/local/register'], ['POST', '/api/auth/forgot-password'], ['POST', '/api/auth/reset-password'],
    ['POST', '/api/auth/change-password'], ['POST', '/api/auth/send-email-confirmation'], ['GET', '/api/auth/email-confirmation'],
    ['POST', '/api/users'], ['PUT', '/api/users/3'], ['DELETE', '/api/users/9'], ['GET', '/api/users/count'],
    ['POST', '/api/users-permissions/roles'], ['PUT', '/api/users-permissions/roles/1'], ['DELETE', '/api/users-permissions/roles/3'],
  );
  const caller = fc.constantFrom(undefined, 'Bearer full-access-token-secret', 'Bearer read-only-token-secret', 'Bearer eyJ.nope.x');

  /** A generated value as query-string text; one String() cannot convert (a `toString` that is no function) as its JSON. */
  const queryText = (value: unknown): string => {
    try {
      return String(value);
    } catch {
      return JSON.stringify(value);
    }
  };

  it(`answers ${AUTH_RUNS} hostile auth, user and role requests without a 5xx, writing whole or nothing`, async () => {
    const before = await usersStore.count('up_users', {});
    await fc.assert(fc.asyncProperty(route, body, caller, fc.nat(60), async ([verb, path], raw, authorization, client) => {
      const query = verb === 'GET' ? `?${new URLSearchParams(typeof raw === 'object' && raw !== null ? Object.entries(raw).map(([k, v]) => [k, queryText(v)]) : []).toString()}` : '';
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', ...(authorization ? { authorization } : {}) };
      const request = new Request(`http://gateway.test${path}${query}`, { method: verb, headers, body: verb === 'GET' || verb === 'DELETE' ? undefined : JSON.stringify(raw) });
      tried++;
      const response = await users.gateway.fetch(request, undefined, `198.18.0.${client}`);
      const text = await response.text();
      statuses.set(String(response.status), (statuses.get(String(response.status)) ?? 0) + 1);
      expect(response.status, `${verb} ${path} ${text.slice(0, 200)}`).toBeLessThan(500);
      if (response.status >= 400) expect(JSON.parse(text)).toMatchObject({ data: null, error: { status: response.status, name: expect.any(String) } });
      const wrote = response.status < 300 && (path === '/api/auth/local/register' || (verb === 'POST' && path === '/api/users'));
      added += wrote ? 1 : verb === 'DELETE' && path.startsWith('/api/users/') && response.status === 200 ? -1 : 0;
    }), { numRuns: AUTH_RUNS });
    expect(await usersStore.count('up_users', {})).toBe(before + added);
    for (const user of await usersStore.find('up_users', {})) expect(String(user.password ?? '$2a$')).toMatch(/^\$2[aby]\$/);
  }, 300_000);

  it('holds the limit over 10,000 sign-in attempts from 10 clients: ten each are checked, the rest refused, and it serves on', async () => {
    const answered = new Map<string, number>();
    const clients = 10;
    for (let attempt = 0; attempt < 10_000; attempt += 1) {
      const client = `203.0.113.${attempt % clients}`;
      const request = new Request('http://gateway.test/api/auth/local', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'alice', password: `guess-${attempt}` }) });
      const response = await users.gateway.fetch(request, undefined, client);
      await response.arrayBuffer();
      expect(response.status).not.toBeGreaterThanOrEqual(500);
      if (response.status !== 429) answered.set(client, (answered.get(client) ?? 0) + 1);
    }
    tried += 10_000;
    expect([...answered.values()]).toEqual(Array(clients).fill(10));
    const after = await users.gateway.fetch(new Request('http://gateway.test/api/auth/local', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'bob@example.com', password: 'wrong-but-served' }) }), undefined, '203.0.113.200');
    expect(after.status).toBe(400);
    expect((await users.gateway.fetch(restRequest('/api/articles?fields[0]=title'))).status).toBe(200);
  }, 300_000);
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
