// Writes on an i18n, draft & publish single type (FoodAdvisor's `blog-page`, English and French)
// and REST creates' locales (`?locale=` names it, our deviation), answered as Strapi v4.25 answered them (test/differential/writes/README.md).
import { existsSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { TOKENS } from '../differential/writes/access.mjs';
import { WRITE_MODELS, writeGateway, writeSeedFile } from '../differential/writes/sets.ts';

const present = existsSync(WRITE_MODELS.foodadvisor.schema);
if (!present) console.warn('SKIPPED: the single-type write tests need ../shared/models/foodadvisor beside the project');

let gateway: Gateway;
beforeEach(async () => {
  if (present) gateway = await writeGateway(WRITE_MODELS.foodadvisor.schema, writeSeedFile('foodadvisor'));
});

type Step = [method: string, path: string, body?: unknown];

async function send([method, path, body]: Step) {
  const headers: Record<string, string> = { authorization: `Bearer ${TOKENS.full}`, 'content-type': 'application/json' };
  const response = await gateway.fetch(new Request(`http://gateway.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  return { status: response.status, body: await response.json() };
}

const alreadyExists = { data: null, error: { status: 400, name: 'ValidationError', message: 'singleType.alreadyExists', details: {} } };
const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };

describe.skipIf(!present)('writes on an i18n single type', () => {
  it.each<[string, Step[], Step, number, unknown]>([
    ['a PUT that would make a locale the type lost while another remains is refused before its body is read', [['DELETE', '/api/blog-page?publicationState=preview']], ['PUT', '/api/blog-page', { data: { slug: 3 } }], 400, alreadyExists],
    ['a PUT of a locale the type holds changes it', [], ['PUT', '/api/blog-page?locale=fr&fields[0]=slug', { data: { slug: 'fr' } }], 200, { data: { id: 2, attributes: { slug: 'fr' } }, meta: {} }],
    ['a DELETE of a draft is not found in the live state', [['PUT', '/api/blog-page', { data: { publishedAt: null } }]], ['DELETE', '/api/blog-page'], 404, notFound],
    ['a DELETE of a draft finds it in the preview', [['PUT', '/api/blog-page', { data: { publishedAt: null } }]], ['DELETE', '/api/blog-page?publicationState=preview'], 200, { data: { id: 1, attributes: expect.objectContaining({ publishedAt: null, locale: 'en' }) }, meta: {} }],
    ['a DELETE answers the scalars whatever populate and fields ask', [], ['DELETE', '/api/blog-page?populate=*&fields[0]=slug'], 200, { data: { id: 1, attributes: expect.not.objectContaining({ seo: expect.anything() }) }, meta: {} }],
  ])('%s', async (_name, before, step, status, body) => {
    for (const earlier of before) expect((await send(earlier)).status).toBe(200);
    const answer = await send(step);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(body);
    if (step[1].startsWith('/api/blog-page?populate=*')) expect(Object.keys(answer.body.data.attributes)).toEqual(expect.arrayContaining(['slug', 'categoryText', 'articlesPerPage', 'locale']));
  });
});

describe.skipIf(!present)('a REST create\'s locale', () => {
  it.each<[string, string, unknown, number, unknown]>([
    ['comes from ?locale= when data names none', '/api/pages?locale=fr&fields[0]=locale', { title: 't' }, 200, 'fr'],
    ['is data.locale when given', '/api/pages?fields[0]=locale', { title: 't', locale: 'fr' }, 200, 'fr'],
    ['is refused in Strapi\'s words when unknown', '/api/pages?fields[0]=locale', { title: 't', locale: 'xx' }, 400, "This locale doesn't exist"],
  ])('%s', async (_name, path, data, status, expected) => {
    const answer = await send(['POST', path, { data }]);
    expect(answer.status).toBe(status);
    expect(status === 200 ? answer.body.data.attributes.locale : answer.body.error).toEqual(status === 200 ? expected : { status: 400, name: 'ApplicationError', message: expected, details: {} });
  });
});
