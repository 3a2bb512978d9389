// Kept answers after an update: tags drop what they name, and an answer tagged by a watched list
// is dropped only when one of its watched reads testing a changed field may have changed (or when
// it carries such a tag with no such read).
import { describe, expect, it } from 'vitest';
import { KeptAnswers, type Entry } from '../../../gateway/http/kept-answers.ts';
import { changedBy } from '../../../src/store/collection-reads.ts';
import { pageWatch, type ListWatch } from '../../../src/store/list-watch.ts';

const entry = (): Entry => ({ body: Buffer.from('{}'), length: 2, headers: [], etag: '"e"', kind: 'rest' });
// A page of titles b and c, sorted by title then id, the first of its list.
const page = pageWatch('articles', {}, new Set(['title', 'id']), { sort: [['title', 1], ['id', 1]], skip: 0, limit: 2 }, [{ id: 1, title: 'b' }, { id: 2, title: 'c' }]);
const update = (title: string, to: string, id = 9) => changedBy([{ op: 'put', collection: 'articles', doc: { id, title: to } }], () => ({ id, title }));

describe('KeptAnswers after an update', () => {
  it.each<[string, string[], ListWatch[], ReturnType<typeof update>, boolean]>([
    ['a watched page the entry stays after', ['articles?', 'articles~title', 'articles~id', 'articles#1', 'articles#2'], [page], update('x', 'y'), true],
    ['a watched page the entry moves into', ['articles?', 'articles~title', 'articles~id', 'articles#1', 'articles#2'], [page], update('x', 'a'), false],
    ['a watched page holding the entry', ['articles?', 'articles~title', 'articles~id', 'articles#1', 'articles#2'], [page], update('b', 'bb', 1), false],
    ['a watched tag with no watched read', ['articles?', 'articles~title'], [], update('x', 'y'), false],
    ['a list testing the field, not watched', ['articles?', 'articles?title'], [], update('x', 'y'), false],
    ['a list testing other fields', ['articles?', 'articles?views'], [], update('x', 'y'), true],
  ])('%s: kept %s', (_name, tags, watches, changed, kept) => {
    const answers = new KeptAnswers(1024 * 1024);
    expect(answers.keep('k', entry(), tags, answers.now(), watches)).toBe(true);
    answers.forget(changed);
    expect(answers.get('k') !== undefined).toBe(kept);
  });
});
