// Which documents graphql-jit compiles (every single-operation document, variables of recursive
// input types included: those are coerced by graphql-js and handed over opaque), and a compiled
// document answers as graphql-js does, variable errors included.
import { roleGranting } from '../support/roles.ts';
import { execute, parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole } from '../../src/auth/roles.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { COMPILE_AFTER_USES, DocumentCompiler, compileDocument } from '../../src/graphql/compile.ts';
import { DEFAULT_CACHE_BOUNDS } from '../../src/limits/byte-cache.ts';
import { scopeFor } from '../support/scope.ts';
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
    ['a filters variable (a recursive input type)', 'query ($f: ArticleFiltersInput) { articles(filters: $f) { data { id } } }', true],
    ['a list of filters variables', 'query ($f: [ArticleFiltersInput]) { articles(filters: { and: $f }) { data { id } } }', true],
    ['a string filter variable (recursive too: and, or, not)', 'query ($s: StringFilterInput) { articles(filters: { title: $s }) { data { id } } }', true],
    ['two operations', 'query A { articles { data { id } } } query B { authors { data { id } } }', false],
  ])('%s: compiled %s', (_name, query, compiled) => {
    expect(compileDocument(schema, parse(query)) !== undefined).toBe(compiled);
  });

  it('answers as graphql-js does, errors included', async () => {
    const store = new EmbeddedStore();
    const seed = await loadSeedFile('test/fixtures/blog-seed.json');
    await importSeed(model, seed, store);
    const role = roleGranting('public', { find: ['api::article.article', 'api::author.author'] });
    const document = parse(`{ articles(sort: "title", pagination: { pageSize: 4 }) { data { id attributes {
      title views bigViews publishDate scheduledAt meta kind
      author { data { attributes { name } } } tags { data { attributes { name } } }
      blocks { __typename ... on ComponentBlocksQuote { title rating } ... on ComponentBlocksRelatedArticles { articles { data { id } } } }
    } } meta { pagination { total pageCount } } } }`);
    const context = () => scopeFor({ model, store, role, locales: { codes: ['en', 'fr'], defaultLocale: 'en' } });
    const plain = await execute({ schema, document, contextValue: context() });
    const compiled = await compileDocument(schema, document)!.query(undefined, context(), {});
    expect(JSON.parse(JSON.stringify(compiled))).toEqual(JSON.parse(JSON.stringify(plain)));
    expect(plain.errors?.map((e) => e.message)).toContain('Forbidden access');
  });

  describe('with variables of recursive input types', () => {
    const document = parse(`query ($f: ArticleFiltersInput, $s: StringFilterInput, $p: PaginationArg) {
      articles(filters: { and: [$f, { title: $s }] }, pagination: $p, sort: "title") { data { id attributes { title views } } meta { pagination { total } } }
    }`);
    let compiled: NonNullable<ReturnType<typeof compileDocument>>;
    let context: () => ReturnType<typeof scopeFor>;
    beforeAll(async () => {
      const store = new EmbeddedStore();
      await importSeed(model, await loadSeedFile('test/fixtures/blog-seed.json'), store);
      const role = roleGranting('public', { find: ['api::article.article'] });
      context = () => scopeFor({ model, store, role, locales: { codes: ['en', 'fr'], defaultLocale: 'en' } });
      compiled = compileDocument(schema, document)!;
    });

    it.each([
      ['nested filters', { f: { or: [{ views: { gte: 100 } }, { kind: { eq: 'guide' } }], not: { title: { containsi: 'zzz' } } }, s: { notNull: true }, p: { pageSize: 3 } }],
      ['null filters', { f: null, s: null, p: null }],
      ['a field the input type lacks', { f: { nope: { eq: 1 } }, s: null, p: null }],
      ['a value the scalar refuses', { f: { views: { gte: 'many' } }, s: null, p: null }],
      ['a list where an object is wanted', { f: null, s: [{ eq: 'x' }], p: null }],
    ])('%s: the same answer as graphql-js', async (_name, variables) => {
      expect(compiled.runs(variables)).toBe(true);
      const plain = await execute({ schema, document, variableValues: variables, contextValue: context() });
      const fast = await compiled.query(undefined, context(), variables);
      expect(JSON.parse(JSON.stringify(fast))).toEqual(JSON.parse(JSON.stringify(plain)));
    });

    // graphql-jit would set a missing `$s` in `{ title: $s }` to null, where GraphQL leaves the field out.
    it.each([
      ['no variables', {}],
      ['one variable missing', { f: null, p: null }],
    ])('%s: runs on graphql-js instead', (_name, variables) => {
      expect(compiled.runs(variables)).toBe(false);
      const compiler = new DocumentCompiler(schema, { maxBytes: DEFAULT_CACHE_BOUNDS.compiledMaxBytes, maxDocumentBytes: DEFAULT_CACHE_BOUNDS.maxKeptDocumentBytes });
      for (let use = 0; use < COMPILE_AFTER_USES + 1; use++) expect(compiler.compiledFor(document, variables)).toBeUndefined();
      expect(compiler.compiledFor(document, { f: null, s: null, p: null })).toBeDefined();
    });

    it('answers alike when the same variables object runs again (its coercion is kept)', async () => {
      const variables = { f: { kind: { eq: 'guide' } }, s: { notNull: true }, p: null };
      const first = await compiled.query(undefined, context(), variables);
      const second = await compiled.query(undefined, context(), variables);
      expect(second).toEqual(first);
      expect((first.data as { articles: { data: unknown[] } }).articles.data.length).toBeGreaterThan(0);
    });
  });
});

describe('the compiled documents kept', () => {
  /** A distinct document that compiles, of about `bytes`: one long string literal. */
  const literal = (i: number, bytes: number) => parse(`{ articles(filters: { title: { eq: "${`${i}-`.padEnd(bytes, 'x')}" } }) { data { id } } }`);
  const useOften = (compiler: DocumentCompiler, document: ReturnType<typeof parse>) => {
    let compiled;
    for (let use = 0; use < COMPILE_AFTER_USES; use++) compiled = compiler.compiledFor(document, {});
    return compiled;
  };

  it('stay within their bound in bytes after many distinct documents used often', () => {
    const compiler = new DocumentCompiler(schema, { maxBytes: 1_000_000, maxDocumentBytes: 16 * 1024 });
    for (let i = 0; i < 60; i++) expect(useOften(compiler, literal(i, 10_000))).toBeDefined();
    const size = compiler.size();
    expect(size.bytes).toBeLessThanOrEqual(1_000_000);
    expect(size.entries).toBeGreaterThan(1);
    expect(size.entries).toBeLessThan(60);
  });

  it('never compile a document whose text is past the size kept', () => {
    const compiler = new DocumentCompiler(schema, { maxBytes: 100_000_000, maxDocumentBytes: 16 * 1024 });
    expect(useOften(compiler, literal(1, 20_000))).toBeUndefined();
    expect(useOften(compiler, literal(2, 10_000))).toBeDefined();
    expect(compiler.size().entries).toBe(1);
  });
});
