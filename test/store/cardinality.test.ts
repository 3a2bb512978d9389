// What the entry estimate knows of the data after a write, without measuring again: every list a
// written document holds raises its maximum, every document an entry, every owning id one more
// entry pointing at its target; nothing ever drops below what was measured.
import { describe, expect, it } from 'vitest';
import { listKey, measureCardinality, raisedBy } from '../../src/store/cardinality.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { fixtureModel } from '../rest/support/fixture.ts';

describe('the cardinality raised by a write', () => {
  it.each([
    ['a new article with three tags', { id: 50, tags: [1, 2, 3] }, listKey('api::article.article', 'tags'), 3],
    ['an article pointing at tag 1', { id: 50, tags: [1] }, listKey('api::tag.tag', 'articles'), 2],
    ['an article with four repeatable social links in its seo', { id: 50, seo: { id: 1, metaSocial: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }] } }, listKey('shared.seo', 'metaSocial'), 4],
  ])('%s raises the bound of %s', async (_name, doc, key, expected) => {
    const model = await fixtureModel();
    const store = new EmbeddedStore();
    await store.upsertMany('articles', [{ id: 1, tags: [1] }]);
    const measured = await measureCardinality(model, store);
    const raised = raisedBy(model, measured, [{ op: 'put', collection: 'articles', doc }]);
    expect(raised.lists.get(key)).toBe(expected);
    expect(raised.entries.get('api::article.article')).toBe(2);
  });

  it('keeps what was measured when a write holds less', async () => {
    const model = await fixtureModel();
    const measured = { entries: new Map([['api::article.article', 5]]), lists: new Map([[listKey('api::article.article', 'tags'), 7]]) };
    const raised = raisedBy(model, measured, [{ op: 'put', collection: 'articles', doc: { id: 1, tags: [] } }, { op: 'delete', collection: 'articles', id: 2 }]);
    expect(raised.lists.get(listKey('api::article.article', 'tags'))).toBe(7);
    expect(raised.entries.get('api::article.article')).toBe(6);
  });
});
