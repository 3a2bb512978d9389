// The write differential's documented deviations recognise exactly their rows: each rule on a
// pair of answers (Strapi's, ours) it must explain, and on one just beside it that it must not.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentModel } from '../../src/model/types.ts';
import type { Answer } from '../support/strapi-answers.ts';
import { fixtureModel } from '../rest/support/fixture.ts';
import { explain, type WriteDeviationClass } from './writes/deviations.ts';
import type { WriteStep } from './writes/sequence.ts';

let model: ContentModel;
beforeAll(async () => {
  model = await fixtureModel();
});

const step = (index: number, method: string, path: string, body?: unknown): WriteStep => ({ index, action: 'test', method, path, auth: 'full', body });
const ok = (body: unknown): Answer => ({ status: 200, body });
const article = (attributes: Record<string, unknown>) => ({ data: { id: 1, attributes }, meta: {} });
const refused = (message: string): Answer => ({ status: 400, body: { data: null, error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: [], message, name: 'ValidationError' }] } } } });

/** Earlier steps with Strapi's answers (and ours, when not the same), then the judged step (last). */
interface Case {
  earlier: Array<[WriteStep, Answer, Answer?]>;
  judged: WriteStep;
  strapi: Answer;
  ours: Answer;
}

const unshared: [WriteStep, Answer] = [step(0, 'PUT', '/api/articles/1', { data: { views: 3 } }), ok(article({ views: 3 }))];
const shownLocales: [WriteStep, Answer] = [step(0, 'PUT', '/api/articles/1?populate=*', { data: { views: 3 } }), ok(article({ views: 3 }))];
const frenchRead = step(1, 'GET', '/api/articles/7?publicationState=preview');
const quote = { id: '<id>', __component: 'blocks.quote', title: 'q' };
const header = { id: '<id>', __component: 'shared.header', title: 'h' };

const bigRefusal = refused('bigViews must be a `biginteger` type, but the final value was: `"1.5"`.');
const listStep = step(1, 'GET', '/api/articles?sort[0]=id:desc&pagination[pageSize]=2');
const page = (ids: unknown[], total: number) => ({ data: ids.map((id) => ({ id, attributes: {} })), meta: { pagination: { page: 1, pageSize: 2, pageCount: Math.ceil(total / 2), total } } });

const validation = (message: string, details: Record<string, unknown> = {}): Answer => ({ status: 400, body: { data: null, error: { status: 400, name: 'ValidationError', message, details } } });
const fieldError = (message: string, path: string[]) => ({ path, message, name: 'ValidationError' });
const several = 'author holds one entry, but the value names 2: 2, 3';
const badPosition = 'There was a problem connecting relation with id 2 at position "start": a position is {"before": id}, {"after": id}, {"start": true} or {"end": true}';
const tooDeep = validation('The request body nests arrays and objects deeper than 24 levels (maxVariablesDepth)', { limit: 'maxVariablesDepth' });
const syntax = (details?: object): Answer => ({ status: 400, body: { data: null, error: { status: 400, name: 'SyntaxError', message: "Expected property name or '}' in JSON at position 10", ...(details ? { details } : {}) } } });
const notObject = (details?: object): Answer => ({ status: 400, body: { data: null, error: { status: 400, name: 'Error', message: 'invalid JSON, only supports object and array', ...(details ? { details } : {}) } } });
const forbidden: Answer = { status: 403, body: { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } } };
const createdIn = (locale: string) => ok({ data: { id: '#0', attributes: { title: 't', locale } }, meta: {} });
const withAuth = (each: WriteStep, auth: WriteStep['auth']): WriteStep => ({ ...each, auth });
const tagsList = (ids: unknown[]) => ok({ data: { id: 2, attributes: { name: 'x', articles: { data: ids.map((id) => ({ id, attributes: {} })) } } }, meta: {} });

const cases: Array<[string, Case, WriteDeviationClass | undefined]> = [
  ['a create in the locale ?locale= names, which Strapi makes in the default one', { earlier: [], judged: step(0, 'POST', '/api/articles?locale=fr', { data: { title: 't' } }), strapi: createdIn('en'), ours: createdIn('fr') }, 'query-locale'],
  ['a create whose answers differ by more than the locale', { earlier: [], judged: step(0, 'POST', '/api/articles?locale=fr', { data: { title: 't' } }), strapi: ok({ data: { id: '#0', attributes: { title: 'u', locale: 'en' } }, meta: {} }), ours: createdIn('fr') }, undefined],
  ['an unknown ?locale= on a write, refused', { earlier: [], judged: step(0, 'PUT', '/api/articles/1?locale=xx', { data: {} }), strapi: ok(article({})), ours: validation('Invalid locale xx: expected one of en, fr', { locale: 'xx' }) }, 'query-locale'],
  ['an update naming another locale than its entry\'s, refused', { earlier: [], judged: step(0, 'PUT', '/api/articles/1?locale=fr', { data: {} }), strapi: ok(article({})), ours: validation('Entry 1 is in locale en, not fr: an id names one entry in one locale (its fr localization has an id of its own)', { locale: 'fr' }) }, 'query-locale'],
  ['an unknown ?locale= on a type without i18n, refused', { earlier: [], judged: step(0, 'PUT', '/api/tags/1?locale=xx', { data: {} }), strapi: ok(article({})), ours: validation('Invalid locale xx: expected one of en, fr', { locale: 'xx' }) }, undefined],
  ['a to-one relation given several ids', { earlier: [], judged: step(0, 'PUT', '/api/articles/1', { data: { author: [2, 3] } }), strapi: ok(article({})), ours: validation(several, { errors: [fieldError(several, ['author'])] }) }, 'to-one-several'],
  ['a to-one relation given several ids, one of them missing', { earlier: [], judged: step(0, 'PUT', '/api/articles/1', { data: { author: [2, 999999] } }), strapi: refused('1 relation(s) of type api::author.author associated with this entity do not exist'), ours: validation('2 errors occurred', { errors: [fieldError(several, ['author']), fieldError('1 relation(s) of type api::author.author associated with this entity do not exist', [])] }) }, 'to-one-several'],
  ['a to-one relation refused beside another problem', { earlier: [], judged: step(0, 'PUT', '/api/articles/1', { data: { author: [2, 3], views: 'x' } }), strapi: ok(article({})), ours: validation('2 errors occurred', { errors: [fieldError(several, ['author']), fieldError('views must be a number', ['views'])] }) }, undefined],
  ['a connect position that is none', { earlier: [], judged: step(0, 'PUT', '/api/articles/1', { data: { tags: { connect: [{ id: 2, position: 'start' }] } } }), strapi: ok(article({})), ours: validation(badPosition) }, 'position-shape'],
  ['a connect anchor Strapi refuses in other words', { earlier: [], judged: step(0, 'PUT', '/api/articles/1', { data: { tags: { connect: [{ id: 2, position: { before: 999 } }] } } }), strapi: validation('There was a problem connecting relation with id 2 at position {"before":999}. The relation with id 999 needs to be connected first.'), ours: validation('There was a problem connecting relation with id 2 at position {"before":999}. The relation with id 998 needs to be connected first.') }, undefined],
  ['a body nested past the bound', { earlier: [], judged: step(0, 'POST', '/api/articles'), strapi: ok(article({})), ours: tooDeep }, 'body-depth'],
  ['invalid JSON, whose envelope has no details at Strapi', { earlier: [], judged: step(0, 'POST', '/api/tags'), strapi: syntax(), ours: syntax({}) }, 'syntax-error-details'],
  ['JSON that is no object, whose envelope has no details at Strapi', { earlier: [], judged: step(0, 'POST', '/api/tags'), strapi: notObject(), ours: notObject({}) }, 'syntax-error-details'],
  ['invalid JSON from a caller that may not write', { earlier: [], judged: withAuth(step(0, 'POST', '/api/tags'), 'read'), strapi: syntax(), ours: forbidden }, 'auth-before-body'],
  ['a refusal of a caller with every right', { earlier: [], judged: step(0, 'POST', '/api/tags'), strapi: syntax(), ours: forbidden }, undefined],
  ['a write answer that hides the draft it links', { earlier: [], judged: step(0, 'PUT', '/api/articles/1?populate=related', { data: { related: [5] } }), strapi: ok(article({ related: { data: [{ id: 5, attributes: { publishedAt: null } }] } })), ours: ok(article({ related: { data: [] } })) }, 'draft-through-relation'],
  ['a write answer in the preview', { earlier: [], judged: step(0, 'PUT', '/api/articles/1?populate=related&publicationState=preview', { data: { related: [5] } }), strapi: ok(article({ related: { data: [{ id: 5, attributes: { publishedAt: null } }] } })), ours: ok(article({ related: { data: [] } })) }, undefined],
  ['a relation listing an entry only Strapi made, its create refused as a documented deviation', { earlier: [[step(0, 'POST', '/api/articles', { data: { title: 't', author: [2, 3] } }), ok(article({})), validation(several, { errors: [fieldError(several, ['author'])] })]], judged: step(1, 'GET', '/api/tags/2?populate=articles'), strapi: tagsList([1, '#0']), ours: tagsList([1]) }, 'to-one-several'],
  ['a relation listing an entry only Strapi made, its create refused for another reason', { earlier: [[step(0, 'POST', '/api/articles', { data: {} }), ok(article({})), refused('title must be defined.')]], judged: step(1, 'GET', '/api/tags/2?populate=articles'), strapi: tagsList([1, '#0']), ours: tagsList([1]) }, undefined],
  ['a value not localized, after a write Strapi did not share', { earlier: [unshared], judged: frenchRead, strapi: ok(article({ title: 'Bonjour', views: 10 })), ours: ok(article({ title: 'Bonjour', views: 3 })) }, 'shared-attributes'],
  ['a value not localized, with no such write before', { earlier: [shownLocales], judged: frenchRead, strapi: ok(article({ title: 'Bonjour', views: 10 })), ours: ok(article({ title: 'Bonjour', views: 3 })) }, undefined],
  ['a localized value, after a write Strapi did not share', { earlier: [unshared], judged: frenchRead, strapi: ok(article({ title: 'Bonjour', views: 10 })), ours: ok(article({ title: 'Salut', views: 10 })) }, undefined],
  ['a zone where Strapi kept a component the zone does not list', { earlier: [], judged: step(0, 'GET', '/api/articles/1?populate=blocks'), strapi: ok(article({ blocks: [header] })), ours: ok(article({ blocks: [quote] })) }, 'zone-components'],
  ['a zone of listed components only', { earlier: [], judged: step(0, 'GET', '/api/articles/1?populate=blocks'), strapi: ok(article({ blocks: [{ ...quote, title: 'other' }] })), ours: ok(article({ blocks: [quote] })) }, undefined],
  ['a biginteger Strapi stored as text that is no number', { earlier: [], judged: step(0, 'GET', '/api/articles/1'), strapi: ok(article({ bigViews: '12abc' })), ours: ok(article({ bigViews: '5' })) }, 'biginteger-digits'],
  ['a biginteger Strapi rounded past 2^53', { earlier: [], judged: step(0, 'GET', '/api/articles/1'), strapi: ok(article({ bigViews: '9007199254740992' })), ours: ok(article({ bigViews: '9007199254740993' })) }, 'biginteger-digits'],
  ['a biginteger of other digits', { earlier: [], judged: step(0, 'GET', '/api/articles/1'), strapi: ok(article({ bigViews: '12' })), ours: ok(article({ bigViews: '5' })) }, undefined],
  // Strapi let the documented value pass and refused the body's other values; ours names both.
  ['a biginteger we refuse beside a value both refuse', { earlier: [], judged: step(0, 'POST', '/api/articles', { data: { bigViews: '1.5', kind: 'NEWS' } }), strapi: validation('kind must be one of the following values: news, guide, opinion, ', { errors: [fieldError('kind must be one of the following values: news, guide, opinion, ', ['kind'])] }), ours: validation('2 errors occurred', { errors: [fieldError('kind must be one of the following values: news, guide, opinion, ', ['kind']), fieldError('bigViews must be a `biginteger` type, but the final value was: `"1.5"`.', ['bigViews'])] }) }, 'biginteger-digits'],
  ['an array for a number we refuse, where Strapi\'s database refused another value', { earlier: [], judged: step(0, 'POST', '/api/articles', { data: { price: [1], publishDate: 'tomorrow' } }), strapi: validation('Invalid format, expected yyyy-MM-dd'), ours: validation(fieldError('price must be a `number` type, but the final value was: `NaN` (cast from the value `[\n  "1"\n]`).', ['price']).message, { errors: [fieldError('price must be a `number` type, but the final value was: `NaN` (cast from the value `[\n  "1"\n]`).', ['price'])] }) }, 'number-from-array'],
  ['a biginteger we refuse beside an error Strapi does not give', { earlier: [], judged: step(0, 'POST', '/api/articles', { data: { bigViews: '1.5', kind: 'NEWS' } }), strapi: validation('kind must be one of the following values: news, guide, opinion, ', { errors: [fieldError('kind must be one of the following values: news, guide, opinion, ', ['kind'])] }), ours: validation('2 errors occurred', { errors: [fieldError('kind must be a string', ['kind']), fieldError('bigViews must be a `biginteger` type, but the final value was: `"1.5"`.', ['bigViews'])] }) }, undefined],
  ['an integer Strapi stored beyond 32 bits', { earlier: [], judged: step(0, 'GET', '/api/articles/1'), strapi: ok(article({ views: 2 ** 40 })), ours: ok(article({ views: 3 })) }, 'integer-32-bits'],
  ['an integer within 32 bits', { earlier: [], judged: step(0, 'GET', '/api/articles/1'), strapi: ok(article({ views: 2 ** 31 - 1 })), ours: ok(article({ views: 3 })) }, undefined],
  ['a write of an integer beyond 32 bits that we refuse', { earlier: [], judged: step(0, 'PUT', '/api/articles/1', { data: { views: 2 ** 40 } }), strapi: ok(article({ views: 2 ** 40 })), ours: refused('views must be less than or equal to 2147483647') }, 'integer-32-bits'],
  ['media after Strapi emptied them for an object', { earlier: [[step(0, 'PUT', '/api/authors/1', { data: { avatar: { connect: [3] } } }), ok(article({}))]], judged: step(1, 'GET', '/api/authors/1?populate=avatar'), strapi: ok(article({ avatar: { data: null } })), ours: ok(article({ avatar: { data: { id: 3, attributes: {} } } })) }, 'media-object'],
  ['media after a set', { earlier: [[step(0, 'PUT', '/api/authors/1', { data: { avatar: { set: [3] } } }), ok(article({}))]], judged: step(1, 'GET', '/api/authors/1?populate=avatar'), strapi: ok(article({ avatar: { data: null } })), ours: ok(article({ avatar: { data: { id: 3, attributes: {} } } })) }, undefined],
  ['a list holding an entry only Strapi made, its create refused as a documented deviation', { earlier: [[step(0, 'POST', '/api/articles', { data: { title: 't', bigViews: '1.5' } }), ok(article({ bigViews: '1.5' })), bigRefusal]], judged: listStep, strapi: ok(page(['#0', 1], 5)), ours: ok(page([1, 2], 4)) }, 'biginteger-digits'],
  ['a list holding an entry only Strapi made, its create refused for another reason', { earlier: [[step(0, 'POST', '/api/articles', { data: {} }), ok(article({})), refused('title must be defined.')]], judged: listStep, strapi: ok(page(['#0', 1], 5)), ours: ok(page([1, 2], 4)) }, undefined],
  ['an array as data on an i18n type', { earlier: [], judged: step(0, 'PUT', '/api/articles/1', { data: [{}] }), strapi: ok(article({})), ours: refused('this must be a `object` type, but the final value was: `null` (cast from the value `[\n  {}\n]`).') }, 'i18n-data-array'],
  ['an array as data on a type without i18n', { earlier: [], judged: step(0, 'PUT', '/api/tags/1', { data: [{}] }), strapi: ok({ data: { id: 1, attributes: {} }, meta: {} }), ours: refused('this must be a `object` type, but the final value was: `null` (cast from the value `[\n  {}\n]`).') }, undefined],
];

describe('the documented deviations of the write differential', () => {
  it.each(cases)('%s', (_name, { earlier, judged, strapi, ours }, expected) => {
    const steps = [...earlier.map(([each]) => each), judged];
    const answers = [...earlier.map(([, answer]) => answer), strapi];
    const mine = [...earlier.map(([, answer, own]) => own ?? answer), ours];
    expect(explain(judged, strapi, ours, { model, steps, strapi: answers, ours: mine })).toBe(expected);
  });
});
