// Which documents graphql-jit compiles: any but those with a variable of a recursive input type
// (its code generation expands such a type without end), and a compiled document answers as
// graphql-js does.
import { execute, parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole } from '../../src/auth/roles.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { compileDocument } from '../../src/graphql/compile.ts';
import { createContext } from '../../src/graphql/context.ts';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';

let model: ContentModel;
let schema: ReturnType<typeof buildGraphQLSchema>;
beforeAll(async () => {
  model = await loadContentModel('test/fixtures/blog');
  schema = buildGraphQLSchema(model);
});

describe('compiling documents', () => {
  it.each([
    ['a document without variables', '{ articles { data { id attributes { title } } } }', true],
    ['a pagination variable (a flat input object)', 'query ($p: PaginationArg) { articles(pagination: $p) { data { id } } }', true],
    ['filters written inline', '{ articles(filters: { or: [{ title: { eq: "x" } }] }) { data { id } } }', true],
    ['a filters variable (a recursive input type)', 'query ($f: ArticleFiltersInput) { articles(filters: $f) { data { id } } }', false],
    ['a list of filters variables', 'query ($f: [ArticleFiltersInput]) { articles(filters: { and: $f }) { data { id } } }', false],
    ['a string filter variable (recursive too: and, or, not)', 'query ($s: StringFilterInput) { articles(filters: { title: $s }) { data { id } } }', false],
  ])('%s: compiled %s', (_name, query, compiled) => {
    expect(compileDocument(schema, parse(query)) !== undefined).toBe(compiled);
  });

  it('answers as graphql-js does, errors included', async () => {
    const store = new EmbeddedStore();
    const seed = await loadSeedFile('test/fixtures/blog-seed.json');
    await importSeed(model, seed, store);
    const role = createRole('public', { find: ['api::article.article', 'api::author.author'] });
    const document = parse(`{ articles(sort: "title", pagination: { pageSize: 4 }) { data { id attributes {
      title views bigViews publishDate scheduledAt meta kind
      author { data { attributes { name } } } tags { data { attributes { name } } }
      blocks { __typename ... on ComponentBlocksQuote { title rating } ... on ComponentBlocksRelatedArticles { articles { data { id } } } }
    } } meta { pagination { total pageCount } } } }`);
    const context = () => createContext({ model, store, role, locales: { codes: ['en', 'fr'], defaultLocale: 'en' } });
    const plain = await execute({ schema, document, contextValue: context() });
    const compiled = await compileDocument(schema, document)!.query(undefined, context(), {});
    expect(JSON.parse(JSON.stringify(compiled))).toEqual(JSON.parse(JSON.stringify(plain)));
    expect(plain.errors?.map((e) => e.message)).toContain('Forbidden access');
  });
});
