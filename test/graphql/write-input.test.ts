// A mutation's coerced arguments -> the write operation it runs, with the REST-like raw `data` the
// operation checks: ids as numbers, Long as digits, DateTime as ISO text, components and zone items walked.
import { beforeAll, describe, expect, it } from 'vitest';
import { contentOperations } from '../../src/graphql/resolve/mutations.ts';
import { restWriteData } from '../../src/graphql/resolve/write-input.ts';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';

/** The conformance fixture's model, as the project keeps it. */
const FIXTURE = 'test/fixtures/blog';
let model: ContentModel;
beforeAll(async () => {
  model = await loadContentModel(FIXTURE);
});
const article = () => model.contentTypes.get('api::article.article')!;

describe('GraphQL write data as REST would send it', () => {
  it.each([
    ['keeps strings, numbers, booleans, enumerations and JSON', { title: 'T', views: 3, featured: true, kind: 'news', meta: { a: [1] } }, { title: 'T', views: 3, featured: true, kind: 'news', meta: { a: [1] } }],
    ['writes a Long as its digits, precision kept', { bigViews: 9007199254740993n }, { bigViews: '9007199254740993' }],
    ['writes a DateTime as ISO 8601 text', { scheduledAt: new Date('2024-05-02T18:45:00Z'), publishedAt: new Date('2024-01-01T00:00:00Z') }, { scheduledAt: '2024-05-02T18:45:00.000Z', publishedAt: '2024-01-01T00:00:00.000Z' }],
    ['keeps Date and Time as text', { publishDate: '2024-05-02', readingTime: '00:05:00' }, { publishDate: '2024-05-02', readingTime: '00:05:00' }],
    ['reads relation and media ids as numbers', { author: '2', tags: ['1', '3'], cover: '7', gallery: ['7', '8'] }, { author: 2, tags: [1, 3], cover: 7, gallery: [7, 8] }],
    ['leaves ids that are not integers for the operation to refuse', { author: 'abc', tags: ['01', '1e3', '99999999999999999999'] }, { author: 'abc', tags: ['01', '1e3', '99999999999999999999'] }],
    ['keeps null, which clears a relation or removes a component', { author: null, tags: null, seo: null, blocks: null }, { author: null, tags: null, seo: null, blocks: null }],
    ['walks a component and its repeatable components, their ids as numbers', { seo: { id: '4', metaTitle: 'M', shareImage: '7', metaSocial: [{ id: '9', socialNetwork: 'Facebook', title: 'f' }, { title: 'new' }] } }, { seo: { id: 4, metaTitle: 'M', shareImage: 7, metaSocial: [{ id: 9, socialNetwork: 'Facebook', title: 'f' }, { title: 'new' }] } }],
    ['walks zone items by the component they name', { blocks: [{ __component: 'blocks.media', caption: 'c', file: '7' }, { __component: 'blocks.related-articles', articles: ['1', 2], header: { title: 'h' } }] }, { blocks: [{ __component: 'blocks.media', caption: 'c', file: 7 }, { __component: 'blocks.related-articles', articles: [1, 2], header: { title: 'h' } }] }],
    ['leaves a zone item naming no known component for the operation to refuse', { blocks: [{ __component: 'blocks.nope', file: '7' }, 'x'] }, { blocks: [{ __component: 'blocks.nope', file: '7' }, 'x'] }],
  ])('%s', (_name, data, expected) => {
    expect(restWriteData(model, article(), data)).toEqual(expected);
  });

  it.each([[null], [undefined], ['text']])('leaves a data of %j as it is, for the operation to refuse', (data) => {
    expect(restWriteData(model, article(), data)).toBe(data);
  });
});

describe('mutation fields as write operations', () => {
  it.each([
    ['createArticle', { data: { title: 'T' }, locale: 'fr' }, { action: 'create', input: { data: { title: 'T' }, locale: 'fr', publishByDefault: false } }],
    ['updateArticle', { id: '3', data: { author: '2' } }, { action: 'update', input: { id: '3', data: { author: 2 }, locale: undefined } }],
    ['deleteArticle', { id: '3', locale: 'en' }, { action: 'delete', input: { id: '3', locale: 'en' } }],
    ['createArticleLocalization', { id: '1', data: { title: 'Bonjour' }, locale: 'fr' }, { action: 'createLocalization', input: { id: '1', data: { title: 'Bonjour' }, locale: 'fr' } }],
    ['createArticleLocalization', { id: '1', data: null, locale: 'fr' }, { action: 'createLocalization', input: { id: '1', data: null, locale: 'fr' } }],
  ])('%s(%j) runs %j', (field, args, expected) => {
    const operation = contentOperations(model, article())[field](args);
    expect(operation).toEqual({ ...expected, type: article() });
  });

  it('gives a single type update and delete without an id, and no create', () => {
    const global = model.contentTypes.get('api::global.global')!;
    const operations = contentOperations(model, global);
    expect(Object.keys(operations).sort()).toEqual(['deleteGlobal', 'updateGlobal']);
    expect(operations.updateGlobal({ data: { siteName: 'S' } })).toEqual({ action: 'update', type: global, input: { id: undefined, data: { siteName: 'S' }, locale: undefined } });
    expect(operations.deleteGlobal({})).toEqual({ action: 'delete', type: global, input: { id: undefined, locale: undefined } });
  });

  it('gives a type without i18n no localization mutation', () => {
    expect(Object.keys(contentOperations(model, model.contentTypes.get('api::tag.tag')!)).sort()).toEqual(['createTag', 'deleteTag', 'updateTag']);
  });
});
