// GraphQL answers what the caller may list and nothing more, as Strapi's plugin does: a nested
// relation to a type it may not list is null with one FORBIDDEN error per entry, and filters or
// sorts through such a relation are refused, so nothing about its entries can be probed.
import { roleGranting } from '../support/roles.ts';
import { execute, parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole, type Role } from '../../src/auth/roles.ts';
import { toGraphQLError } from '../../src/errors/map.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { scopeFor } from '../support/scope.ts';
import { LongScalar } from '../../src/graphql/schema/scalars.ts';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';

let model: ContentModel;
let store: EmbeddedStore;
let schema: ReturnType<typeof buildGraphQLSchema>;
beforeAll(async () => {
  model = await loadContentModel('test/fixtures/blog');
  store = new EmbeddedStore();
  await importSeed(model, await loadSeedFile('test/fixtures/seeds/filter-semantics.json'), store);
  schema = buildGraphQLSchema(model);
});

const noTags = roleGranting('public', { find: ['api::article.article', 'api::author.author'] });
const noAuthors = roleGranting('public', { find: ['api::article.article', 'api::tag.tag'] });

async function run(query: string, role: Role) {
  const contextValue = scopeFor({ model, store, role, locales: { codes: ['en'], defaultLocale: 'en' } });
  const result = await execute({ schema, document: parse(query), contextValue });
  const errors = (result.errors ?? []).map((error) => toGraphQLError(error, () => undefined));
  return { data: result.data as Record<string, any> | null | undefined, errors: errors.map((e) => ({ message: e.message, code: e.extensions.code, path: e.path })) };
}

describe('a nested relation to a type the caller may not list', () => {
  it('is null, with one FORBIDDEN error per entry and no path, as Strapi answers', async () => {
    const { data, errors } = await run('{ articles { data { id attributes { title tags { data { id } } } } } }', noTags);
    expect(data?.articles.data.map((entry: any) => entry.attributes.tags)).toEqual([null, null, null]);
    expect(errors).toEqual(Array(3).fill({ message: 'Forbidden access', code: 'FORBIDDEN', path: undefined }));
  });
});

describe('filters and sorts through a relation the caller may not list', () => {
  it.each([
    ['a filter on the related entries\' field', '{ articles(filters: { tags: { name: { startsWith: "a" } } }) { data { id } } }'],
    ['a filter nested in or', '{ articles(filters: { or: [{ views: { gt: 0 } }, { tags: { id: { null: true } } }] }) { data { id } } }'],
    ['a count', '{ articles(filters: { tags: { name: { eq: "alpha" } } }) { meta { pagination { total } } } }'],
  ])('are refused: %s', async (_name, query) => {
    const { data, errors } = await run(query, noTags);
    expect(data?.articles).toBeNull();
    expect(errors).toEqual([{ message: 'Invalid parameter tags', code: 'BAD_USER_INPUT', path: undefined }]);
  });

  it('recover no tag name: every probe answers the same refusal', async () => {
    const answers = await Promise.all(['a', 'b', 'z'].map((letter) => run(`{ articles(filters: { tags: { name: { startsWith: "${letter}" } } }) { data { id } } }`, noTags)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  });

  it('refuses a sort through a to-one relation the caller may not list', async () => {
    const { data, errors } = await run('{ articles(sort: "author.name:desc") { data { id } } }', noAuthors);
    expect(data?.articles).toBeNull();
    expect(errors).toEqual([{ message: 'Invalid parameter author', code: 'BAD_USER_INPUT', path: undefined }]);
  });

  it('answers the same sort for a caller who may list the relation', async () => {
    const { data, errors } = await run('{ articles(sort: "author.name:desc") { data { id } } }', noTags);
    expect(errors).toEqual([]);
    expect(data?.articles.data.map((entry: any) => entry.id)).toEqual(['2', '1', '3']);
  });
});

describe('Long', () => {
  it.each([
    [12n, 12],
    [2147483648000n, 2147483648000],
    [9007199254740991n, 9007199254740991],
    [9007199254740992n, '9007199254740992'],
    [-9223372036854775808n, '-9223372036854775808'],
    [null, null],
  ])('serialises %s as %j: a number while it is safe, its digits past 2^53', (value, expected) => {
    expect(LongScalar.serialize(value)).toBe(expected);
  });
});
