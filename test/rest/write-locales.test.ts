// The locale a write names, on both protocols, by the one locale rule reads follow: an unknown
// code is refused as on reads; a create is made in the locale asked; an update or delete by id
// needs the entry's own locale; `data.locale` must be text, agree with the locale asked, and never
// change an entry's. Types without i18n ignore a locale. (Strapi's answers: strapi-write-answers.)
import { beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { graphqlRequest, restCall } from '../support/test-gateway.ts';
import { writableGateway } from '../support/writable.ts';

let gateway: Gateway;
beforeEach(async () => {
  gateway = (await writableGateway()).gateway;
});

const rest = (method: string, path: string, data?: unknown) => restCall(gateway, method, path, data);

const invalid = (code: string) => `Invalid locale ${code}: expected one of en, fr`;
const notEntrys = (id: number, entry: string, asked: string) => `Entry ${id} is in locale ${entry}, not ${asked}: an id names one entry in one locale (its ${asked} localization has an id of its own)`;

describe('a REST write and its locale', () => {
  it.each<[string, string, string, unknown, number, string]>([
    ['a create in the locale ?locale= names', 'POST', '/api/articles?locale=fr', { title: 'x' }, 200, 'fr'],
    ['a create in the locale data.locale names', 'POST', '/api/articles', { title: 'x', locale: 'fr' }, 200, 'fr'],
    ['a create where both name the same locale', 'POST', '/api/articles?locale=fr', { title: 'x', locale: 'fr' }, 200, 'fr'],
    ['a create in the default locale when none is named', 'POST', '/api/articles', { title: 'x' }, 200, 'en'],
    ['a create with an unknown ?locale=', 'POST', '/api/articles?locale=xx', { title: 'x' }, 400, invalid('xx')],
    ['a create with ?locale=all', 'POST', '/api/articles?locale=all', { title: 'x' }, 400, invalid('all')],
    ['a create whose data.locale is not the one asked', 'POST', '/api/articles?locale=fr', { title: 'x', locale: 'en' }, 400, 'locale en is not the locale the request asks for (fr): a new entry has one locale'],
    ['a create whose data.locale is an operator', 'POST', '/api/articles', { title: 'x', locale: { $ne: 'en' } }, 400, 'locale must be a `string` type, but the final value was: `{\n  "$ne": "\\"en\\""\n}`.'],
    ['an update of an entry in its own locale', 'PUT', '/api/articles/7?locale=fr', { title: 'y' }, 200, 'fr'],
    ['an update naming another locale than the entry\'s', 'PUT', '/api/articles/1?locale=fr', { title: 'y' }, 400, notEntrys(1, 'en', 'fr')],
    ['an update with an unknown ?locale=', 'PUT', '/api/articles/1?locale=xx', { title: 'y' }, 400, invalid('xx')],
    ['an update whose data.locale is the entry\'s', 'PUT', '/api/articles/1', { title: 'y', locale: 'en' }, 200, 'en'],
    ['an update whose data.locale would change it', 'PUT', '/api/articles/2', { title: 'y', locale: 'fr' }, 400, 'locale cannot be changed: the entry is in en, data.locale is fr (a new locale is a new localization)'],
    ['a delete naming another locale than the entry\'s', 'DELETE', '/api/articles/1?locale=fr', undefined, 400, notEntrys(1, 'en', 'fr')],
    ['a delete with an unknown ?locale=', 'DELETE', '/api/articles/1?locale=xx', undefined, 400, invalid('xx')],
    ['a write on a type without i18n, which ignores ?locale=', 'PUT', '/api/authors/1?locale=xx', { name: 'z' }, 200, ''],
  ])('%s', async (_name, method, path, data, status, expected) => {
    const before = await rest('GET', '/api/articles?locale=all&publicationState=preview&fields[0]=title&pagination[pageSize]=100');
    const answer = await rest(method, path, data);
    expect(answer.status).toBe(status);
    if (status === 200) return expect(answer.body.data.attributes.locale ?? '').toBe(expected);
    expect(answer.body.error).toMatchObject({ status: 400, name: 'ValidationError', message: expected });
    // Nothing written.
    expect(await rest('GET', '/api/articles?locale=all&publicationState=preview&fields[0]=title&pagination[pageSize]=100')).toEqual(before);
  });
});

describe('a GraphQL write and its locale', () => {
  it.each<[string, string, string | undefined, string | undefined]>([
    ['a create in the locale asked', 'createArticle(locale: "fr", data: { title: "x" }) { data { attributes { locale } } }', 'fr', undefined],
    ['a create in an unknown locale', 'createArticle(locale: "xx", data: { title: "x" }) { data { id } }', undefined, invalid('xx')],
    ['an update of an entry in its own locale', 'updateArticle(id: 7, locale: "fr", data: { title: "y" }) { data { attributes { locale } } }', 'fr', undefined],
    ['an update naming another locale than the entry\'s', 'updateArticle(id: 1, locale: "fr", data: { title: "y" }) { data { id } }', undefined, notEntrys(1, 'en', 'fr')],
    ['a delete in an unknown locale', 'deleteArticle(id: 1, locale: "xx") { data { id } }', undefined, invalid('xx')],
  ])('%s', async (_name, field, locale, message) => {
    const body = await (await gateway.fetch(graphqlRequest(`mutation { ${field} }`))).json();
    if (message === undefined) return expect(Object.values(body.data as Record<string, any>)[0].data.attributes.locale).toBe(locale);
    expect(body.errors).toEqual([{ message, extensions: { code: 'BAD_USER_INPUT', error: expect.objectContaining({ name: 'ValidationError', message }) } }]);
  });
});
