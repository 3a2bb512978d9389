// Filter inputs -> MongoDB filter documents, one row per operator, plus relation filters that
// become id sets read with one lookup.
import { beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/errors.ts';
import { compileFilters, compileOperators, type IdLookup } from '../../src/graphql/query/filters.ts';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';

describe('compileOperators', () => {
  it.each([
    ['eq', 'string', { eq: 'a' }, { title: { $eq: 'a' } }],
    ['ne', 'string', { ne: 'a' }, { title: { $ne: 'a' } }],
    ['eqi', 'string', { eqi: 'A.b' }, { title: { $regex: '^A\\.b$', $options: 'i' } }],
    ['nei', 'string', { nei: 'a' }, { title: { $not: { $regex: '^a$', $options: 'i' } } }],
    ['lt', 'integer', { lt: 3 }, { title: { $lt: 3 } }],
    ['lte', 'integer', { lte: 3 }, { title: { $lte: 3 } }],
    ['gt', 'integer', { gt: 3 }, { title: { $gt: 3 } }],
    ['gte', 'integer', { gte: 3 }, { title: { $gte: 3 } }],
    ['in', 'string', { in: ['a', 'b'] }, { title: { $in: ['a', 'b'] } }],
    ['notIn', 'string', { notIn: ['a'] }, { title: { $nin: ['a'] } }],
    ['between', 'integer', { between: [1, 5] }, { title: { $gte: 1, $lte: 5 } }],
    ['contains', 'string', { contains: 'a+' }, { title: { $regex: 'a\\+' } }],
    ['containsi', 'string', { containsi: 'A' }, { title: { $regex: 'A', $options: 'i' } }],
    ['notContains', 'string', { notContains: 'a' }, { title: { $not: { $regex: 'a' } } }],
    ['notContainsi', 'string', { notContainsi: 'a' }, { title: { $not: { $regex: 'a', $options: 'i' } } }],
    ['startsWith', 'string', { startsWith: 'a' }, { title: { $regex: '^a' } }],
    ['startsWithi', 'string', { startsWithi: 'a' }, { title: { $regex: '^a', $options: 'i' } }],
    ['endsWith', 'string', { endsWith: 'a' }, { title: { $regex: 'a$' } }],
    ['endsWithi', 'string', { endsWithi: 'a' }, { title: { $regex: 'a$', $options: 'i' } }],
    ['null: true', 'string', { null: true }, { title: { $eq: null } }],
    ['null: false', 'string', { null: false }, { title: { $ne: null } }],
    ['notNull', 'string', { notNull: true }, { title: { $ne: null } }],
    ['or of values', 'string', { or: ['a', 'b'] }, { $or: [{ title: { $eq: 'a' } }, { title: { $eq: 'b' } }] }],
    ['not', 'string', { not: { eq: 'a' } }, { $nor: [{ title: { $eq: 'a' } }] }],
    ['two operators', 'integer', { gt: 1, lt: 5 }, { $and: [{ title: { $gt: 1 } }, { title: { $lt: 5 } }] }],
    ['ids as integers', 'id', { in: ['1', '3'] }, { title: { $in: [1, 3] } }],
    ['JSON compared as stored text', 'json', { eq: { a: 1 } }, { title: { $eq: '{"a":1}' } }],
  ] as const)('translates %s', (_name, type, input, expected) => {
    expect(compileOperators('title', type, input as Record<string, unknown>)).toEqual(expected);
  });

  it('refuses an unknown operator naming it', () => {
    expect(() => compileOperators('title', 'string', { like: 'a' })).toThrow(new ValidationError('Invalid parameter like'));
  });

  it('refuses an id that is not an integer', () => {
    expect(() => compileOperators('id', 'id', { eq: 'abc' })).toThrow(ValidationError);
  });
});

describe('compileFilters', () => {
  let model: ContentModel;
  const lookups: Array<[string, unknown, string]> = [];
  const lookup: IdLookup = async (ct, filter, field) => {
    lookups.push([ct.uid, filter, field]);
    return field === 'id' ? [1, 2] : [[4], 5, null];
  };
  beforeAll(async () => {
    model = await loadContentModel('test/fixtures/blog');
  });

  it('turns an owning relation filter into an id set read from the target', async () => {
    lookups.length = 0;
    const article = model.contentTypes.get('api::article.article')!;
    const filter = await compileFilters({ model, lookup }, article, { author: { name: { eq: 'Ada' } } });
    expect(filter).toEqual({ author: { $in: [1, 2] } });
    expect(lookups).toEqual([['api::author.author', { name: { $eq: 'Ada' } }, 'id']]);
  });

  it('turns an inverse relation filter into the owners found on the other side', async () => {
    const author = model.contentTypes.get('api::author.author')!;
    const filter = await compileFilters({ model, lookup }, author, { articles: { title: { eq: 'x' } } });
    expect(filter).toEqual({ id: { $in: [4, 5] } });
  });

  it('puts component fields on dotted paths and combines and/or/not', async () => {
    const article = model.contentTypes.get('api::article.article')!;
    const filter = await compileFilters({ model, lookup }, article, {
      or: [{ seo: { metaTitle: { eq: 'a' } } }, { not: { views: { gt: 1 } } }],
    });
    expect(filter).toEqual({ $or: [{ 'seo.metaTitle': { $eq: 'a' } }, { $nor: [{ views: { $gt: 1 } }] }] });
  });

  it.each([
    ['a to-one relation that is empty', 'api::article.article', { author: { id: { null: true } } }, { author: { $eq: null } }],
    ['a to-one relation that is set', 'api::article.article', { author: { id: { notNull: true } } }, { author: { $ne: null } }],
    ['a to-many relation that is empty', 'api::article.article', { tags: { id: { null: true } } }, { $or: [{ tags: { $eq: null } }, { tags: { $size: 0 } }] }],
    ['a to-many relation that is set', 'api::article.article', { tags: { id: { null: false } } }, { 'tags.0': { $exists: true } }],
    ['an inverse relation that is empty', 'api::author.author', { articles: { id: { null: true } } }, { id: { $nin: [4, 5] } }],
  ])('asks for %s as a SQL left join would', async (_name, uid, input, expected) => {
    const owner = model.contentTypes.get(uid)!;
    expect(await compileFilters({ model, lookup }, owner, input)).toEqual(expected);
  });

  it('refuses a field the content-type does not have', async () => {
    const article = model.contentTypes.get('api::article.article')!;
    await expect(compileFilters({ model, lookup }, article, { nope: { eq: 1 } })).rejects.toThrow('Invalid parameter nope');
  });
});
