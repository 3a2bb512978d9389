// The text plans key a shared document by (src/rest/document-text.ts) must name exactly one
// document: it parses back to the document graphql would print, for every document the façade
// builds from the conformance requests and from forms they do not exercise; two documents share a
// text only when graphql prints them alike; a kind the façade never builds is printed by graphql.
import { readFile } from 'node:fs/promises';
import { parse, print, type DocumentNode } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../src/errors/errors.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { documentText } from '../../src/rest/document-text.ts';
import { fixtureModel, translate } from './support/fixture.ts';

const conformance = JSON.parse(await readFile('test/fixtures/rest/conformance-requests.json', 'utf8')) as Array<{ path: string }>;

const OTHER_FORMS = [
  '/api/articles?populate[blocks][populate]=*&populate[seo][populate]=*&populate[author][populate]=*&populate[localizations][populate]=*',
  '/api/articles?populate[related][populate][related][populate][author][populate][articles][fields][0]=title',
  '/api/articles?populate[gallery][filters][mime][$startsWith]=image&populate[gallery][sort]=name:desc',
  '/api/articles?filters[$or][0][author][articles][seo][metaTitle][$containsi]=x&filters[$not][localizations][locale][$eq]=fr',
  '/api/articles?filters[bigViews][$between][0]=1&filters[bigViews][$between][1]=9&filters[price][$lt]=2.5&filters[publishDate][$notNull]=true',
  '/api/articles?filters[title][$in][0]=a&filters[title][$in][1]=b&sort[0]=author.name:desc&sort[1]=seo.metaTitle',
  '/api/articles?pagination[start]=2&pagination[limit]=3&pagination[withCount]=false&locale=all&publicationState=preview',
  '/api/articles?pagination[page]=3&pagination[pageSize]=7&fields[0]=title&fields[1]=views',
  '/api/articles?pagination[page]=4&pagination[pageSize]=7&fields[0]=title&fields[1]=views',
  '/api/articles/1?populate=*&publicationState=preview',
  '/api/articles/2?populate=*&publicationState=preview',
  '/api/categories?populate[children][populate][children][populate][parent][fields][0]=name&filters[parent][id][$null]=true',
  '/api/global?populate[defaultSeo][populate]=*&populate[favicon][fields][0]=url',
  '/api/upload/files?filters[mime][$containsi]=image&sort=size:desc&pagination[page]=1&pagination[pageSize]=2',
];

let model: ContentModel;
beforeAll(async () => {
  model = await fixtureModel();
});

/** The document the façade builds for `path`; undefined when the request is refused before one exists. */
function built(path: string): DocumentNode | undefined {
  try {
    return translate(model, path).built.document;
  } catch (error) {
    if (error instanceof ValidationError || error instanceof NotFoundError) return undefined;
    throw error;
  }
}

const paths = [...conformance.map((request) => request.path), ...OTHER_FORMS];

describe('the text of a document the façade built', () => {
  it.each(paths)('parses back to the same document: %s', (path) => {
    const document = built(path);
    if (!document) return expect(() => translate(model, path)).toThrow();
    expect(print(parse(documentText(document)))).toBe(print(document));
  });

  it('is shared by two documents exactly when graphql prints them alike', () => {
    const documents = paths.flatMap((path) => built(path) ?? []);
    const texts = new Map<string, string>();
    for (const document of documents) {
      const printed = print(document);
      const known = texts.get(documentText(document));
      if (known !== undefined) expect(known).toBe(printed);
      texts.set(documentText(document), printed);
    }
    expect(texts.size).toBe(new Set(documents.map((document) => print(document))).size);
    // Requests that differ only in their values build one document (a page, an id).
    expect(documentText(built(OTHER_FORMS[7]!)!)).toBe(documentText(built(OTHER_FORMS[8]!)!));
    expect(documentText(built(OTHER_FORMS[9]!)!)).toBe(documentText(built(OTHER_FORMS[10]!)!));
  });
});

describe('values and kinds the façade does not build today', () => {
  it.each([
    ['every literal value', 'query Q($v: [Int!]) { a(s: "quote \\" back\\\\slash\\nline é \\u0001", f: 1.5e3, b: false, n: null, e: DESC, l: [1, "x", [true]], o: {k: {j: $v}}) { b } }'],
    ['an alias, an inline fragment without a type', 'query { x: a { ... { b } ... on T { c } } }'],
    ['an anonymous query', '{ a }'],
  ])('%s parses back to the same document', (_, source) => {
    const document = parse(source, { noLocation: true });
    expect(print(parse(documentText(document)))).toBe(print(document));
  });

  it.each([
    ['a directive', 'query { a @skip(if: true) }'],
    ['a fragment definition', 'query { ...F } fragment F on T { a }'],
    ['a default value', 'query ($v: Int = 3) { a(n: $v) }'],
  ])('%s is printed by graphql', (_, source) => {
    const document = parse(source, { noLocation: true });
    expect(documentText(document)).toBe(print(document));
  });

  it('tells apart strings that differ only in an escape', () => {
    const texts = ['{ a(s: "a/b") }', '{ a(s: "a\\\\/b") }', '{ a(s: "a\\"b") }'].map((source) => documentText(parse(source, { noLocation: true })));
    expect(new Set(texts).size).toBe(3);
    expect(texts.map((text) => (parse(text).definitions[0] as any).selectionSet.selections[0].arguments[0].value.value)).toEqual(['a/b', 'a\\/b', 'a"b']);
  });
});
