// Filter inputs answer as Strapi's SQL does: one row per operator over values with NULLs
// (three-valued logic), and relations as left joins, over data whose answers are known.
import { roleGranting } from '../support/roles.ts';
import { accessOf } from '../support/scope.ts';
import { find } from 'mingo';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole } from '../../src/auth/roles.ts';
import { ValidationError } from '../../src/errors/errors.ts';
import { compileFilters } from '../../src/query/filters.ts';
import { operatorFilter, operatorsOnNull } from '../../src/query/operators.ts';
import { filterScope, publicationFilter, type PublicationState } from '../../src/query/read.ts';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';

describe('scalar operators, with NULLs as SQL has them', () => {
  const rows = [
    { id: 1, title: 'Alpha', views: 5 },
    { id: 2, title: 'beta', views: null },
    { id: 3, title: null, views: 10 },
    { id: 4 },
  ];
  const matching = (field: string, type: 'string' | 'integer' | 'id', input: unknown) =>
    (find(rows, operatorFilter(field, type, input, true)).all() as Array<{ id: number }>).map((row) => row.id).sort();

  it.each([
    ['eq', 'title', { eq: 'Alpha' }, [1]],
    ['ne leaves NULLs out', 'title', { ne: 'Alpha' }, [2]],
    ['eqi', 'title', { eqi: 'ALPHA' }, [1]],
    ['nei leaves NULLs out', 'title', { nei: 'alpha' }, [2]],
    ['lt', 'views', { lt: 10 }, [1]],
    ['gte', 'views', { gte: 5 }, [1, 3]],
    ['in', 'title', { in: ['Alpha', 'x'] }, [1]],
    ['notIn leaves NULLs out', 'title', { notIn: ['Alpha'] }, [2]],
    ['between', 'views', { between: [1, 6] }, [1]],
    ['contains', 'title', { contains: 'eta' }, [2]],
    ['notContains leaves NULLs out', 'title', { notContains: 'eta' }, [1]],
    ['containsi', 'title', { containsi: 'ALP' }, [1]],
    ['notContainsi leaves NULLs out', 'title', { notContainsi: 'ALP' }, [2]],
    ['startsWith', 'title', { startsWith: 'b' }, [2]],
    ['endsWithi', 'title', { endsWithi: 'A' }, [1, 2]],
    ['a regex character taken literally', 'title', { contains: 'a.' }, []],
    ['null: true, missing included', 'title', { null: true }, [3, 4]],
    ['null: false', 'title', { null: false }, [1, 2]],
    ['notNull: true', 'title', { notNull: true }, [1, 2]],
    ['notNull: false', 'title', { notNull: false }, [3, 4]],
    ['eq: null as IS NULL', 'title', { eq: null }, [3, 4]],
    ['not of eq leaves NULLs out', 'title', { not: { eq: 'Alpha' } }, [2]],
    ['not of ne is eq', 'title', { not: { ne: 'Alpha' } }, [1]],
    ['not of null', 'title', { not: { null: true } }, [1, 2]],
    ['or of values', 'title', { or: ['Alpha', 'beta'] }, [1, 2]],
    ['two operators, both holding', 'views', { gt: 1, lt: 7 }, [1]],
    ['ids given as strings', 'id', { in: ['1', '3'] }, [1, 3]],
  ] as const)('%s', (_name, field, input, expected) => {
    const type = field === 'id' ? 'id' : field === 'views' ? 'integer' : 'string';
    expect(matching(field, type, input)).toEqual(expected);
  });

  it('compares JSON as its stored text', () => {
    expect(operatorFilter('meta', 'json', { eq: { a: 1 } }, true)).toEqual({ meta: { $eq: '{"a":1}' } });
  });

  it.each([
    ['an unknown operator', { like: 'a' }, 'Invalid parameter like'],
    ['an id that is not a number', { eq: 'abc' }, 'Invalid id "abc"'],
  ])('refuses %s', (_name, input, message) => {
    expect(() => operatorFilter('id', 'id', input, true)).toThrow(ValidationError);
    expect(() => operatorFilter('id', 'id', input, true)).toThrow(message);
  });

  it.each([
    [{ null: true }, 'true'],
    [{ notNull: true }, 'false'],
    [{ null: false }, 'false'],
    [{ eq: 'a' }, 'unknown'],
    [{ not: { null: true } }, 'false'],
    [{ null: true, eq: 'a' }, 'unknown'],
  ])('gives %o on a NULL the value %s', (input, expected) => {
    expect(operatorsOnNull(input)).toBe(expected);
  });
});

describe('filters through relations and components, as left joins', () => {
  let model: ContentModel;
  let store: EmbeddedStore;
  beforeAll(async () => {
    model = await loadContentModel('test/fixtures/blog');
    store = new EmbeddedStore();
    await importSeed(model, await loadSeedFile('test/fixtures/seeds/filter-semantics.json'), store);
  });

  const everyone = roleGranting('all', { find: ['api::article.article', 'api::author.author', 'api::tag.tag'] });
  async function ids(uid: string, input: Record<string, unknown>, state: PublicationState = 'LIVE', role = everyone) {
    const ct = model.contentTypes.get(uid)!;
    const filter = await compileFilters(filterScope(model, store, accessOf(model, role), state), ct, input);
    const docs = await store.find(ct.collectionName, { $and: [filter, publicationFilter(ct, state)] }, { sort: [['id', 1]] });
    return docs.map((doc) => doc.id);
  }

  it.each([
    ['a to-one relation\'s field', { author: { name: { eq: 'Ada' } } }, [1]],
    ['ne through a relation, NULLs and missing relations left out', { author: { email: { ne: 'ada@example.com' } } }, []],
    ['null through a relation, matching entries with no related entry', { author: { name: { null: true } } }, [3]],
    ['an empty to-one relation', { author: { id: { null: true } } }, [3]],
    ['a set to-one relation', { author: { id: { notNull: true } } }, [1, 2]],
    ['not through a relation, unknown left out', { not: { author: { name: { eq: 'Ada' } } } }, [2]],
    ['a to-many relation holding a match', { tags: { name: { eq: 'beta' } } }, [2]],
    ['ne on a to-many relation: some related entry differs', { tags: { name: { ne: 'alpha' } } }, [2]],
    ['an empty to-many relation', { tags: { id: { null: true } } }, [3]],
    ['null in a single component, missing component included', { seo: { metaTitle: { null: true } } }, [2, 3]],
    ['ne in a single component, missing component left out', { seo: { metaTitle: { ne: 'M1' } } }, []],
    ['two conditions on one item of a repeatable component', { seo: { metaSocial: { socialNetwork: { eq: 'Facebook' }, title: { eq: 'fb' } } } }, [1]],
    ['two conditions no single item meets', { seo: { metaSocial: { socialNetwork: { eq: 'Facebook' }, title: { eq: 'tw' } } } }, []],
    ['a relation to drafts only, which live is no relation', { related: { id: { null: true } } }, [1, 2, 3]],
    ['or across a relation and a field', { or: [{ author: { name: { eq: 'Ada' } } }, { views: { eq: 10 } }] }, [1, 3]],
  ])('articles: %s', async (_name, input, expected) => {
    expect(await ids('api::article.article', input)).toEqual(expected);
  });

  it('sees drafts through relations in the preview state only', async () => {
    expect(await ids('api::article.article', { related: { id: { null: true } } }, 'PREVIEW')).toEqual([1, 2, 4]);
    expect(await ids('api::author.author', { articles: { title: { eq: 'Four' } } }, 'LIVE')).toEqual([]);
    expect(await ids('api::author.author', { articles: { title: { eq: 'Four' } } }, 'PREVIEW')).toEqual([3]);
  });

  it('finds owners through an inverse relation, and those with no visible related entry', async () => {
    expect(await ids('api::author.author', { articles: { views: { gt: 4 } } })).toEqual([1]);
    expect(await ids('api::author.author', { articles: { id: { null: true } } })).toEqual([3]);
  });

  it('refuses a relation to a content-type the caller may not list, as Strapi does', async () => {
    const noTags = roleGranting('public', { find: ['api::article.article'] });
    await expect(ids('api::article.article', { tags: { name: { startsWith: 'a' } } }, 'LIVE', noTags)).rejects.toThrow(new ValidationError('Invalid parameter tags'));
    await expect(ids('api::article.article', { or: [{ views: { gt: 1 } }, { tags: { id: { null: true } } }] }, 'LIVE', noTags)).rejects.toThrow('Invalid parameter tags');
  });

  it('refuses a field the content-type does not have', async () => {
    await expect(ids('api::article.article', { nope: { eq: 1 } })).rejects.toThrow('Invalid parameter nope');
  });
});
