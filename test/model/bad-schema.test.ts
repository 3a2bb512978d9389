// Each bad schema folder under test/fixtures/schemas/ stops loading with a ConfigurationError
// whose message names the file and the attribute at fault.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors/errors.ts';
import { compileContentModel, loadContentModel } from '../../src/model/load.ts';

const fixtures = fileURLToPath(new URL('../fixtures/schemas/', import.meta.url));

const CONTENT_TYPE = 'api/article/content-types/article/schema.json';

interface BadSchema {
  name: string;
  folder: string;
  /** Fragments the message must contain: the file, the attribute, and what is wrong. */
  expected: string[];
}

const cases: BadSchema[] = [
  { name: 'a file that is not JSON is named with the parser message', folder: 'invalid-json', expected: [CONTENT_TYPE, 'invalid JSON', 'line 4, column 50'] },
  { name: 'an attribute of an unknown type', folder: 'unknown-type', expected: [`${CONTENT_TYPE}: attribute "foo": unknown type "strnig". Did you mean "string"?`] },
  { name: 'a relation whose target does not exist', folder: 'missing-relation-target', expected: [CONTENT_TYPE, 'attribute "writer"', '"api::writer.writer" is not a content-type'] },
  { name: 'a component attribute naming no component', folder: 'missing-component', expected: [CONTENT_TYPE, 'attribute "seo"', 'component "shared.seo" does not exist'] },
  { name: 'a dynamic zone naming a component that does not exist', folder: 'missing-zone-component', expected: [CONTENT_TYPE, 'attribute "blocks"', '"blocks.video" does not exist'] },
  { name: 'a component that contains itself directly', folder: 'component-contains-itself', expected: ['components/shared/node.json', 'attribute "children"', 'shared.node -> shared.node'] },
  { name: 'components that contain each other, with the cycle named', folder: 'component-cycle', expected: ['components/layout/column.json', 'attribute "nested"', 'layout.column -> layout.section -> layout.column'] },
  { name: 'an enumeration without values', folder: 'enumeration-without-values', expected: [CONTENT_TYPE, 'attribute "kind"', 'a non-empty array of strings'] },
  { name: 'an enumeration with values that are not strings', folder: 'enumeration-with-non-strings', expected: [CONTENT_TYPE, 'attribute "size"', 'got 2, null'] },
  { name: 'a content-type without info.singularName', folder: 'missing-singular-name', expected: [CONTENT_TYPE, 'missing info.singularName'] },
  { name: 'a content-type without info.pluralName', folder: 'missing-plural-name', expected: [CONTENT_TYPE, 'missing info.pluralName'] },
  { name: 'an unknown kind', folder: 'unknown-kind', expected: [CONTENT_TYPE, 'unknown kind "multiType"'] },
  { name: 'an unknown relation kind', folder: 'unknown-relation-kind', expected: [CONTENT_TYPE, 'attribute "related"', 'unknown relation kind "oneToFew"'] },
  { name: 'an attribute taking a reserved name', folder: 'reserved-attribute-name', expected: [CONTENT_TYPE, 'attribute "publishedAt"', 'reserved name'] },
  { name: 'a component attribute taking a reserved name', folder: 'reserved-name-in-component', expected: ['components/shared/seo.json', 'attribute "__component"', 'reserved name'] },
  { name: 'two content-types with the same singular name', folder: 'duplicate-singular-name', expected: ['api/post/content-types/post/schema.json', '"post" is already used by api::article.article'] },
  { name: 'two content-types with the same plural name', folder: 'duplicate-plural-name', expected: ['api/note/content-types/note/schema.json', '"entries" is already used by api::article.article'] },
  { name: 'a mappedBy whose other side does not point back', folder: 'mapped-by-not-pointing-back', expected: ['api/author/content-types/author/schema.json', 'attribute "articles"', 'with inversedBy "articles"'] },
  { name: 'an inversedBy whose other side does not point back', folder: 'inversed-by-not-pointing-back', expected: [CONTENT_TYPE, 'attribute "tags"', 'with mappedBy "tags"'] },
  { name: 'two sides of a relation with kinds that do not match', folder: 'relation-kinds-do-not-match', expected: ['api/author/content-types/author/schema.json', 'attribute "articles"', 'must be manyToOne'] },
  { name: 'a regex that does not compile', folder: 'bad-regex', expected: [CONTENT_TYPE, 'attribute "code"', '"regex" must be a valid regular expression; got "[unclosed"'] },
  { name: 'a min that is not a number', folder: 'bad-min', expected: [CONTENT_TYPE, 'attribute "views"', '"min" must be a number; got "ten"'] },
  { name: 'a dynamic zone inside a component', folder: 'dynamic-zone-in-component', expected: ['components/shared/box.json', 'attribute "content"', 'content-types only'] },
  { name: 'several problems, all listed', folder: 'several-problems', expected: ['(3 problems)', 'attribute "title": unknown type', 'attribute "id": "id" is a reserved name', 'attribute "kind": an enumeration'] },
];

describe('loading a bad schema', () => {
  it.each(cases)('rejects $name', async ({ folder, expected }) => {
    const error = await loadContentModel(`${fixtures}${folder}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    for (const fragment of expected) expect((error as Error).message).toContain(fragment);
  });

  it('names the schema folder it was given', async () => {
    const error = await loadContentModel(`${fixtures}unknown-type`).catch((e: unknown) => e);
    expect((error as Error).message).toContain(`Invalid content model in ${fixtures}unknown-type`);
  });

  it('rejects a folder with neither api/ nor components/, here or in src/', async () => {
    await expect(loadContentModel(`${fixtures}no-schema-here`)).rejects.toThrow(/holds no api\/ or components\/ folder/);
  });

  it('rejects a folder that does not exist', async () => {
    await expect(loadContentModel(`${fixtures}no-such-folder`)).rejects.toThrow(/does not exist/);
  });

  it('reports a parse error handed to the pure entry point with the file it came from', () => {
    const files = new Map([['components/shared/seo.json', { error: 'Unexpected end of JSON input' }]]);
    expect(() => compileContentModel(files)).toThrow('components/shared/seo.json: invalid JSON: Unexpected end of JSON input');
  });
});
