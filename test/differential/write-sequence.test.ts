// The write differential's own machinery: a step becomes each server's request with that server's
// ids, answers are compared after labelling created entries by their step and masking the run's
// timestamps, and a disagreement is named by its status, error or first differing path.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { disagreement } from './writes/compare.ts';
import { comparable, MISSING_ID, sentTimestamps, ServerIds, stepRequest, type WriteStep } from './writes/sequence.ts';

/** The conformance fixture's model, as the project keeps it. */
const SCHEMA = 'test/fixtures/blog';
const step = (index: number, rest: Partial<WriteStep>): WriteStep => ({ index, action: 'create', method: 'POST', path: '/api/tags', auth: 'full', ...rest });
const seedIds = () => new Map([['api::tag.tag', new Set<unknown>([1, 2])], ['api::article.article', new Set<unknown>([1, 2, 3])]]);

describe('a disagreement between two answers', () => {
  it.each([
    ['equal answers', { status: 200, body: { data: 1 } }, { status: 200, body: { data: 1 } }, undefined],
    ['another status', { status: 200, body: {} }, { status: 405, body: {} }, 'status 200/405'],
    ['another error name', { status: 400, body: { error: { name: 'ValidationError' } } }, { status: 400, body: { error: { name: 'ApplicationError' } } }, 'error-name'],
    ['another message', { status: 400, body: { error: { name: 'E', message: 'a' } } }, { status: 400, body: { error: { name: 'E', message: 'b' } } }, 'error-message'],
    ['other details', { status: 400, body: { error: { name: 'E', message: 'a', details: {} } } }, { status: 400, body: { error: { name: 'E', message: 'a', details: { errors: [] } } } }, 'error-details'],
    ['a value in a list', { status: 200, body: { data: [{ a: 1 }, { a: 2 }] } }, { status: 200, body: { data: [{ a: 1 }, { a: 3 }] } }, 'body .data[].a'],
    ['a longer list', { status: 200, body: { data: [1] } }, { status: 200, body: { data: [1, 2] } }, 'body .data.length'],
  ])('is named for %s', (_name, expected, got, named) => {
    expect(disagreement(expected, got)).toBe(named);
  });
});

describe('a step on one server', () => {
  let model: ContentModel;
  beforeAll(async () => {
    model = await loadContentModel(SCHEMA);
  });

  it('puts the ids this server gave earlier steps in the path and the body, and an absent one as a missing id', () => {
    const ids = new ServerIds(seedIds());
    ids.learn(step(0, {}), 'api::tag.tag', 200, { data: { id: 41, attributes: {} } });
    const request = stepRequest(step(1, { method: 'PUT', path: '/api/tags/{#0}', body: { data: { articles: [1, { $id: 0 }, { $id: 7 }] } } }), ids, 'http://x');
    expect(request.url).toBe('http://x/api/tags/41');
    return request.json().then((body) => expect(body).toEqual({ data: { articles: [1, 41, MISSING_ID] } }));
  });

  it('reads a component id from the answer of the step that populated it', () => {
    const ids = new ServerIds(seedIds());
    ids.learn(step(0, { method: 'GET' }), 'api::article.article', 200, { data: { id: 1, attributes: { seo: { id: 17 } } } });
    const request = stepRequest(step(1, { method: 'PUT', path: '/api/articles/1', body: { data: { seo: { id: { $component: [0, 'seo', null] } } } } }), ids, 'http://x');
    return request.json().then((body) => expect(body).toEqual({ data: { seo: { id: 17 } } }));
  });

  it.each([
    ['full', 'Bearer write-differential-full-access-0123456789'],
    ['public', null],
    ['basic', 'Basic dXNlcjpwYXNzd29yZA=='],
  ] as const)('sends the %s caller\'s credentials', (auth, header) => {
    expect(stepRequest(step(0, { auth, method: 'DELETE', path: '/api/tags/1' }), new ServerIds(seedIds()), 'http://x').headers.get('authorization')).toBe(header);
  });

  it('labels created entries by their step, through relations too, so two servers\' ids compare', () => {
    const answers = [[41, 900], [7, 8]].map(([tag, article]) => {
      const ids = new ServerIds(seedIds());
      ids.learn(step(0, {}), 'api::tag.tag', 200, { data: { id: tag, attributes: {} } });
      ids.learn(step(1, { path: '/api/articles' }), 'api::article.article', 200, { data: { id: article, attributes: {} } });
      const body = { data: { id: tag, attributes: { name: 'n', articles: { data: [{ id: article, attributes: {} }, { id: 2, attributes: {} }] } } } };
      return comparable(model, ids, step(2, { method: 'GET', path: '/api/tags/x' }), 200, body, 0);
    });
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].body).toMatchObject({ data: { id: '#0', attributes: { articles: { data: [{ id: '#1' }, { id: 2 }] } } } });
  });

  it('relabels the ids of referenced entries a refused value echoes, so two servers\' echoes compare', () => {
    const echoed = '"5",\n    "#0"';
    const answers = [41, 13].map((created) => {
      const ids = new ServerIds(seedIds());
      ids.learn(step(0, { path: '/api/articles' }), 'api::article.article', 200, { data: { id: created, attributes: {} } });
      const message = `blocks must be a \`array\` type, but the final value was: \`{\n  "articles": [\n    "5",\n    "${created}"\n  ]\n}\`.`;
      const body = { data: null, error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: ['blocks'], message, name: 'ValidationError' }] } } };
      const put = step(1, { method: 'PUT', path: '/api/articles/1', body: { data: { blocks: { articles: [5, { $id: 0 }] } } } });
      return comparable(model, ids, put, 400, body, 0);
    });
    expect(answers[0]).toEqual(answers[1]);
    const error = (answers[0].body as { error: { message: string; details: { errors: Array<{ message: string }> } } }).error;
    expect(error.message).toContain(echoed);
    expect(error.details.errors[0]!.message).toContain(echoed);
  });

  it('masks timestamps the run made, keeps the seed\'s publishedAt, and keeps any timestamp a step sent', () => {
    const since = Date.parse('2026-01-01T00:00:00.000Z');
    const sent = sentTimestamps([step(0, { body: { data: { createdAt: '2001-01-01T00:00:00.000Z' } } })]);
    const related = { id: 2, attributes: { publishedAt: '2023-05-06T07:08:09.000Z', createdAt: '2026-02-03T04:05:06.000Z' } };
    const body = { data: { id: 1, attributes: { publishedAt: '2026-02-03T04:05:06.000Z', createdAt: '2001-01-01T00:00:00.000Z', related: { data: [related] } } } };
    const answer = comparable(model, new ServerIds(seedIds()), step(1, { method: 'GET', path: '/api/articles/1' }), 200, body, since, sent);
    expect(answer.body).toMatchObject({ data: { attributes: {
      publishedAt: '<now>', createdAt: '<sent>2001-01-01T00:00:00.000Z',
      related: { data: [{ attributes: { publishedAt: '2023-05-06T07:08:09.000Z', createdAt: '<timestamp>' } }] },
    } } });
  });
});
