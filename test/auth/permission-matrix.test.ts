// Who may read what, every way it can be reached: each caller (the public role, a logged-in
// user's JWT acting as `authenticated`, a read-only API token, a custom API token) x each
// content-type x each path of access, over REST and GraphQL. A type the caller may not `find`
// is never answered and never leaks: no value of it appears in any answer (the tag-name probe of
// issue 8 included), relation filters and sorts through it are refused, and drafts stay hidden.
// Who may write what: each caller x each content-type x create, update and delete, decided by the
// operation layer both protocols' writes run through.
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { Callers } from '../../gateway/callers.ts';
import type { Exchange } from '../../gateway/http/pipeline.ts';
import type { ContentVerb as Action } from '../../src/access/actions.ts';
import { ForbiddenError, UnauthorizedError } from '../../src/errors/errors.ts';
import { authorize } from '../../src/operations/authorize.ts';
import type { Operation } from '../../src/operations/operation.ts';
import { graphqlRequest, modelGateway, restRequest, type TestGateway } from '../support/test-gateway.ts';

const SALT = 'matrix-api-token-salt';
const SECRET = 'matrix-jwt-secret';

type Type = 'article' | 'tag' | 'author' | 'category' | 'file' | 'global';
type WriteAction = Extract<Action, 'create' | 'update' | 'delete'>;
interface Caller { name: string; header(): Promise<Record<string, string>>; find: Type[]; findOne: Type[]; writes: Partial<Record<WriteAction, Type[]>> }

const userJwt = async () => `Bearer ${await new SignJWT({ id: 1 }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(SECRET))}`;

const CALLERS: Caller[] = [
  { name: 'public', header: async () => ({}), find: ['article', 'author', 'category', 'file', 'global'], findOne: ['article', 'author', 'category'], writes: { create: ['category'] } },
  {
    name: 'a logged-in user (authenticated)',
    header: async () => ({ authorization: await userJwt() }),
    find: ['article', 'tag', 'global'],
    findOne: ['article', 'tag'],
    writes: { create: ['article', 'tag'], update: ['article', 'global'], delete: ['tag'] },
  },
  {
    name: 'a read-only API token', header: async () => ({ authorization: 'Bearer matrix-read-only-token-0123456789' }),
    find: ['article', 'tag', 'author', 'category', 'file', 'global'], findOne: ['article', 'tag', 'author', 'category', 'file'], writes: {},
  },
  {
    name: 'a custom API token (articles, categories)', header: async () => ({ authorization: 'Bearer matrix-custom-token-0123456789ab' }),
    find: ['article', 'category'], findOne: ['article'], writes: { create: ['article'], update: ['category'], delete: ['tag'] },
  },
];

/** Callers only the write matrix asks: reads by a full-access token are the read-only token's. */
const WRITERS: Caller[] = [
  ...CALLERS,
  {
    name: 'a full-access API token', header: async () => ({ authorization: 'Bearer matrix-full-access-token-01234567' }), find: [], findOne: [],
    writes: Object.fromEntries((['create', 'update', 'delete'] as const).map((action) => [action, ['article', 'tag', 'author', 'category', 'file', 'global']])),
  },
];

/** Values only entries of that type hold: one of them in an answer means the type was read. */
const MARKERS: Record<Exclude<Type, 'article' | 'global'>, string[]> = {
  tag: ['alpha', 'beta', 'gamma', 'delta'],
  author: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'ada@example.com', 'grace@example.com'],
  category: ['News', 'Tech', 'JavaScript', 'Empty'],
  file: ['cover-hello.jpg', 'diagram.png', 'ada.jpg', 'handbook.pdf', 'share.jpg'],
};
const DRAFT = 'Draft Article';

function strings(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') found.add(value);
  else if (Array.isArray(value)) value.forEach((item) => strings(item, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => strings(item, found));
  return found;
}

/** One way of reaching `reads`: the request, and what a caller allowed / refused gets. */
interface Access {
  name: string;
  reads: Exclude<Type, 'article' | 'global'>;
  /** `findOne` instead of `find` decides. */
  byId?: boolean;
  request: () => Request;
  /** What the body must show when the caller may read the type (its markers are checked too). */
  allowed: (status: number, body: any) => void;
  refused: (status: number, body: any) => void;
}

const rest = (path: string) => () => restRequest(path);
const gql = (query: string) => () => graphqlRequest(query);
const ok = (status: number) => expect(status).toBe(200);
const restForbidden = (status: number, body: any) => expect({ status, name: body.error?.name }).toEqual({ status: 403, name: 'ForbiddenError' });
const restInvalid = (field: string) => (status: number, body: any) => expect({ status, message: body.error?.message }).toEqual({ status: 400, message: `Invalid parameter ${field}` });
const gqlForbidden = (status: number, body: any) => {
  expect(status).toBe(200);
  expect(body.errors?.map((e: any) => e.extensions.code)).toContain('FORBIDDEN');
};
const gqlRefused = (status: number, body: any) => {
  expect(status).toBe(200);
  expect(body.errors?.length).toBeGreaterThan(0);
  expect(['FORBIDDEN', 'BAD_USER_INPUT']).toContain(body.errors[0].extensions.code);
};
/** The field is left out of every populated entry (Strapi's answer), the request still answered. */
const fieldLeftOut = (field: string) => (status: number, body: any) => {
  expect(status).toBe(200);
  for (const entry of [body.data].flat()) expect(Object.keys(entry.attributes)).not.toContain(field);
};
const fieldShown = (field: string) => (status: number, body: any) => {
  expect(status).toBe(200);
  expect([body.data].flat().some((entry: any) => entry.attributes[field] !== undefined)).toBe(true);
};

const RELATIONS: Array<[string, Access['reads'], string]> = [['tags', 'tag', 'name'], ['author', 'author', 'name'], ['category', 'category', 'name'], ['cover', 'file', 'name'], ['gallery', 'file', 'name']];
const PLURAL: Record<Access['reads'], string> = { tag: 'tags', author: 'authors', category: 'categories', file: 'upload/files' };
const ENTITY: Record<Access['reads'], [string, string, string]> = {
  tag: ['tags', 'tag', 'name'], author: ['authors', 'author', 'name'], category: ['categories', 'category', 'name'], file: ['uploadFiles', 'uploadFile', 'name'],
};

const ACCESSES: Access[] = [
  ...(['tag', 'author', 'category', 'file'] as const).flatMap((type): Access[] => [
    { name: `REST list of ${type}`, reads: type, request: rest(`/api/${PLURAL[type]}`), allowed: ok, refused: restForbidden },
    { name: `REST ${type} by id`, reads: type, byId: true, request: rest(`/api/${PLURAL[type]}/1`), allowed: ok, refused: restForbidden },
    { name: `GraphQL list of ${type}`, reads: type, request: gql(`{ ${ENTITY[type][0]} { data { attributes { ${ENTITY[type][2]} } } } }`), allowed: ok, refused: gqlForbidden },
    { name: `GraphQL ${type} by id`, reads: type, byId: true, request: gql(`{ ${ENTITY[type][1]}(id: 1) { data { attributes { ${ENTITY[type][2]} } } } }`), allowed: ok, refused: gqlForbidden },
  ]),
  ...RELATIONS.flatMap(([field, type, name]): Access[] => [
    { name: `populate[${field}]=*`, reads: type, request: rest(`/api/articles?populate[${field}]=*`), allowed: fieldShown(field), refused: fieldLeftOut(field) },
    { name: `populate=${field}`, reads: type, request: rest(`/api/articles?populate=${field}`), allowed: fieldShown(field), refused: fieldLeftOut(field) },
    { name: `populate[0]=${field}`, reads: type, request: rest(`/api/articles?populate[0]=${field}`), allowed: fieldShown(field), refused: fieldLeftOut(field) },
    { name: `populate[${field}][fields][0]=${name}`, reads: type, request: rest(`/api/articles?populate[${field}][fields][0]=${name}`), allowed: fieldShown(field), refused: fieldLeftOut(field) },
    { name: `populate=* (${field})`, reads: type, request: rest('/api/articles?populate=*'), allowed: fieldShown(field), refused: fieldLeftOut(field) },
    // Media fields filter nobody (Strapi's filter inputs leave them out), so only relations are here.
    ...(type === 'file' ? [] : [{ name: `a filter through ${field}`, reads: type, request: rest(`/api/articles?filters[${field}][${name}][$notNull]=true`), allowed: ok, refused: restInvalid(field) }]),
    { name: `GraphQL nesting of ${field}`, reads: type, request: gql(`{ articles { data { attributes { ${field} { data { attributes { ${name} } } } } } } }`), allowed: ok, refused: gqlForbidden },
    {
      name: `GraphQL fragment of ${field}`, reads: type,
      request: gql(`query { articles { data { ...A } } } fragment A on ArticleEntity { attributes { ${field} { data { attributes { ${name} } } } } }`),
      allowed: ok, refused: gqlForbidden,
    },
    { name: `GraphQL alias of ${field}`, reads: type, request: gql(`{ articles { data { attributes { x: ${field} { data { attributes { y: ${name} } } } } } } }`), allowed: ok, refused: gqlForbidden },
    ...(type === 'file' ? [] : [{
      name: `a GraphQL filter through ${field}`, reads: type,
      request: gql(`{ articles(filters: { ${field}: { ${name}: { notNull: true } } }) { data { id } meta { pagination { total } } } }`), allowed: ok, refused: gqlRefused,
    }]),
  ]),
  ...([['author', 'author'], ['category', 'category']] as const).flatMap(([field, type]): Access[] => [
    { name: `sort=${field}.name`, reads: type, request: rest(`/api/articles?sort=${field}.name`), allowed: ok, refused: restInvalid(field) },
    { name: `GraphQL sort "${field}.name"`, reads: type, request: gql(`{ articles(sort: "${field}.name:desc") { data { id } } }`), allowed: ok, refused: gqlRefused },
  ]),
  { name: 'a dynamic zone holding media', reads: 'file', request: rest('/api/articles/1?populate[blocks][populate]=*'), allowed: ok, refused: ok },
  { name: 'a component holding media', reads: 'file', request: rest('/api/articles/1?populate[seo][populate]=*'), allowed: ok, refused: ok },
  {
    name: 'GraphQL media in a dynamic zone', reads: 'file',
    request: gql('{ article(id: 1) { data { attributes { blocks { ... on ComponentBlocksMedia { file { data { attributes { name } } } } } } } } }'),
    allowed: ok, refused: gqlForbidden,
  },
  { name: 'GraphQL media in a component', reads: 'file', request: gql('{ article(id: 1) { data { attributes { seo { shareImage { data { attributes { name } } } } } } } }'), allowed: ok, refused: gqlForbidden },
];

/**
 * Paths every caller may take (articles), where drafts and counts are checked: 5 published
 * English articles (1, 2, 3, 4, 6; 5 is a draft), 7 in every locale (7 and 8 are French).
 */
const ARTICLE_PATHS: Array<[string, () => Request, number?]> = [
  ['the list', rest('/api/articles?pagination[pageSize]=1'), 5],
  ['a relation to a draft', rest('/api/articles/2?populate=related')],
  ['a dynamic zone relating a draft', rest('/api/articles/3?populate[blocks][populate]=*')],
  ['localizations in every locale', rest('/api/articles?populate=localizations&locale=all'), 7],
  ['GraphQL total', gql('{ articles { meta { pagination { total } } } }'), 5],
  ['a relation filter matching only a draft', rest(`/api/articles?filters[related][title][$eq]=${encodeURIComponent(DRAFT)}`), 0],
  ['a GraphQL relation filter matching only a draft', gql(`{ articles(filters: { related: { title: { eq: "${DRAFT}" } } }) { meta { pagination { total } } } }`), 0],
  ['GraphQL relation to a draft', gql('{ article(id: 2) { data { attributes { related { data { attributes { title } } } } } } }')],
  ['GraphQL zone relating a draft', gql('{ article(id: 3) { data { attributes { blocks { ... on ComponentBlocksRelatedArticles { articles { data { attributes { title } } } } } } } } }')],
];

let subject: TestGateway;
beforeAll(async () => {
  subject = await modelGateway('test/fixtures/blog', 'test/fixtures/seeds/permission-matrix.json', { secrets: { apiTokenSalt: SALT, jwtSecret: SECRET } });
});

async function send(caller: Caller, request: Request): Promise<{ status: number; body: any }> {
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(await caller.header())) headers.set(name, value);
  const response = await subject.gateway.fetch(new Request(request, { headers }));
  return { status: response.status, body: await response.json() };
}

const cases = CALLERS.flatMap((caller) => ACCESSES.map((access) => [caller.name, access.name, caller, access] as const));

describe('the permission matrix', () => {
  it.each(cases)('%s: %s', async (_caller, _access, caller, access) => {
    const may = (access.byId ? caller.findOne : caller.find).includes(access.reads);
    const { status, body } = await send(caller, access.request());
    (may ? access.allowed : access.refused)(status, body);
    const seen = strings(body);
    // A type the caller may not list leaks nothing, whatever the path.
    for (const [type, markers] of Object.entries(MARKERS) as Array<[Access['reads'], string[]]>) {
      if (!caller.find.includes(type)) expect(markers.filter((m) => seen.has(m)), `${type} values`).toEqual([]);
    }
    if (may && access.allowed === ok && access.reads !== 'file') {
      // What is read is shown: some value of the type appears (filters and sorts answer articles).
      if (!access.name.includes('filter') && !access.name.includes('sort')) expect(MARKERS[access.reads].some((m) => seen.has(m))).toBe(true);
    }
    expect(seen.has(DRAFT)).toBe(false);
  });

  it.each(CALLERS.flatMap((caller) => ARTICLE_PATHS.map(([name, request, total]) => [caller.name, name, caller, request, total] as const)))(
    '%s: %s shows no draft and counts only what may be listed',
    async (_caller, _name, caller, request, total) => {
      const { status, body } = await send(caller, request());
      expect(status).toBe(200);
      expect(strings(body).has(DRAFT)).toBe(false);
      expect(body.meta?.pagination?.total ?? body.data?.articles?.meta?.pagination?.total).toBe(total);
    },
  );
});

describe('the tag-name probe of issue 8', () => {
  it('recovers nothing for the public role: every guess gets the same refusal', async () => {
    const caller = CALLERS[0];
    const probes = [
      (letter: string) => rest(`/api/articles?filters[tags][name][$startsWith]=${letter}&fields[0]=id`),
      (letter: string) => gql(`{ articles(filters: { tags: { name: { startsWith: "${letter}" } } }) { meta { pagination { total } } } }`),
      (letter: string) => gql(`{ articles(sort: "tags.name", filters: { tags: { name: { contains: "${letter}" } } }) { data { id } } }`),
    ];
    for (const probe of probes) {
      const answers = new Set<string>();
      for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
        const { status, body } = await send(caller, probe(letter)());
        answers.add(JSON.stringify({ status, body }));
      }
      // Each kind of probe is answered the same whatever the letter guessed, and with no count or entry.
      expect(answers.size).toBe(1);
      expect([...answers][0]).not.toMatch(/"total"|"data":\[/);
    }
  });
});

const UIDS: Record<Type, string> = {
  article: 'api::article.article', tag: 'api::tag.tag', author: 'api::author.author', category: 'api::category.category', file: 'plugin::upload.file', global: 'api::global.global',
};

/** The operation a write of `action` on `type` runs, whichever protocol it came by. */
function writeOf(action: WriteAction, type: Type): Operation {
  const contentType = subject.model.contentTypes.get(UIDS[type])!;
  if (action === 'create') return { action, type: contentType, input: { data: {}, publishByDefault: true } };
  return action === 'update' ? { action, type: contentType, input: { id: 1, data: {} } } : { action, type: contentType, input: { id: 1 } };
}

/** What the operation layer decides for `caller` running `operation`: allowed, or the error's name. */
async function decide(caller: Caller, operation: Operation): Promise<string> {
  const callers = new Callers({ model: subject.model, store: subject.store, settings: () => subject.settings, secrets: { apiTokenSalt: SALT, jwtSecret: SECRET } });
  const exchange: Exchange = { id: 'matrix', log: (error) => { throw error; }, startedAt: 0, kind: 'rest' };
  try {
    authorize(await callers.baseFor(new Request('http://gateway.test/api', { headers: await caller.header() }), exchange), operation);
    return 'allowed';
  } catch (error) {
    if (error instanceof ForbiddenError || error instanceof UnauthorizedError) return `${error.name} ${error.message}`;
    throw error;
  }
}

describe('the permission matrix of writes', () => {
  const writes = WRITERS.flatMap((caller) =>
    (['create', 'update', 'delete'] as const).flatMap((action) => (Object.keys(UIDS) as Type[]).map((type) => [caller.name, action, type, caller] as const)),
  );

  it.each(writes)('%s: %s on %s is allowed only when granted, else Forbidden', async (_caller, action, type, caller) => {
    expect(await decide(caller, writeOf(action, type))).toBe(caller.writes[action]?.includes(type) ? 'allowed' : 'ForbiddenError Forbidden');
  });

  it.each(['create', 'update', 'delete'] as const)('refuses %s with an invalid token as Unauthorized, whatever the type', async (action) => {
    const invalid: Caller = { name: 'invalid', header: async () => ({ authorization: 'Bearer not-a-token-of-this-gateway' }), find: [], findOne: [], writes: {} };
    expect(await decide(invalid, writeOf(action, 'article'))).toBe('UnauthorizedError Missing or invalid credentials');
  });
});
