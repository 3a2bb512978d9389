// A client exactly like a Strapi v4 mobile app, against the gateway on a port: a user registers and
// signs in through strapi-sdk-js (over GraphQL, through its mutations), and with that JWT
// uploads a photo (fetch with FormData, as apps send it: strapi-sdk-js 2.x has no upload helper, and
// its axios 0.32 cannot send a FormData from Node), links it to an entry, reads the entry back with
// the photo's formats through strapi-sdk-js, and fetches every url byte for byte; then the same over
// GraphQL (fetch with FormData, the multipart request spec, as apollo-upload-client sends it).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as strapiSdk from 'strapi-sdk-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../gateway/server.ts';
import { fixtureForm, uploadGateway, type UploadTestGateway } from '../support/upload-gateway.ts';

// strapi-sdk-js ships ES module code under CommonJS types: at run time its class is the default export.
const Strapi = (strapiSdk as unknown as { default: typeof strapiSdk.default.default }).default;

type Format = { url: string; width: number; height: number; sizeInBytes: number };
type File = { id: number; name: string; url: string; width: number; height: number; formats: Record<string, Format> };

let test: UploadTestGateway;
let server: RunningServer;
let base: string;
beforeAll(async () => {
  test = await uploadGateway();
  server = await listen(test.gateway, 0, '127.0.0.1');
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  await test.close();
});

/** Every url of a file (the original and its formats) fetched from the server, each equal to the file stored. */
async function expectServedAsStored(file: { url: string; formats: Record<string, Format> | null }): Promise<void> {
  const urls = [file.url, ...Object.values(file.formats ?? {}).map((format) => format.url)];
  for (const url of urls) {
    const served = await fetch(`${base}${url}`);
    expect(served.status, url).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()), url).toEqual(await readFile(join(test.uploadsDir, url.slice('/uploads/'.length))));
  }
}

/** A new user of the app, registered and signed in through strapi-sdk-js: its SDK and its JWT's header. */
async function signedInUser(name: string): Promise<{ sdk: InstanceType<typeof Strapi>; headers: Record<string, string> }> {
  const sdk = new Strapi({ url: base, prefix: '/api' });
  await sdk.register({ username: name, email: `${name}@example.com`, password: 'Photo-Pass-1' });
  sdk.logout();
  const { jwt, user } = await sdk.login({ identifier: `${name}@example.com`, password: 'Photo-Pass-1' });
  expect(user).toMatchObject({ username: name });
  expect(await sdk.fetchUser()).toMatchObject({ username: name, email: `${name}@example.com` });
  return { sdk, headers: { authorization: `Bearer ${jwt}` } };
}

/** A new user registered and signed in through the GraphQL mutations: its JWT's header. */
async function graphqlUser(name: string): Promise<Record<string, string>> {
  const call = async (query: string) => (await (await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) })).json()) as { data: Record<string, { jwt: string }> };
  await call(`mutation { register(input: { username: "${name}", email: "${name}@example.com", password: "Photo-Pass-1" }) { jwt } }`);
  const { data } = await call(`mutation { login(input: { identifier: "${name}", password: "Photo-Pass-1" }) { jwt } }`);
  return { authorization: `Bearer ${data.login.jwt}` };
}

describe('a Strapi v4 mobile app over REST (strapi-sdk-js 2.x)', () => {
  it('registers and signs in, uploads a photo linked to an article, reads the article back with the photo\'s formats, and fetches them byte for byte', async () => {
    const { sdk, headers } = await signedInUser('photographer');
    const form = await fixtureForm([['files', { file: 'photo-1600x1067.jpg', type: 'image/jpeg' }], ['ref', 'api::article.article'], ['refId', '1'], ['field', 'cover'], ['fileInfo', '{"alternativeText":"the harbour"}']]);
    const [uploaded] = (await (await fetch(`${base}/api/upload`, { method: 'POST', headers, body: form })).json()) as File[];
    expect(uploaded).toMatchObject({ name: 'photo-1600x1067.jpg', width: 1600, height: 1067 });
    const article = await sdk.findOne<{ id: number; attributes: { cover: { data: { id: number; attributes: Omit<File, 'id'> & { alternativeText: string } } } } }>('articles', 1, { populate: 'cover' });
    const cover = article.data.attributes.cover.data;
    expect(cover.id).toBe(uploaded.id);
    expect(cover.attributes.alternativeText).toBe('the harbour');
    expect(Object.fromEntries(Object.entries(cover.attributes.formats).map(([key, format]) => [key, [format.width, format.height]]))).toEqual({
      thumbnail: [235, 156], small: [500, 333], medium: [750, 500], large: [1000, 667],
    });
    await expectServedAsStored(cover.attributes);
  });

  it('registers and signs in, uploads a file that is stored as sent (a PDF), served with the very bytes the app sent', async () => {
    const { sdk, headers } = await signedInUser('archivist');
    const body = await fixtureForm([['files', { file: 'tiny.pdf', type: 'application/pdf' }]]);
    const [uploaded] = (await (await fetch(`${base}/api/upload`, { method: 'POST', headers, body })).json()) as File[];
    const [listed] = await sdk.request<File[]>('get', `/upload/files?filters[id]=${uploaded.id}`);
    expect(listed.url).toBe(uploaded.url);
    const served = await fetch(`${base}${uploaded.url}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(await readFile('test/fixtures/upload/tiny.pdf'));
  });
});

describe('a Strapi v4 mobile app over GraphQL (the multipart request spec)', () => {
  it('registers and signs in, uploads a photo linked to an article\'s gallery, reads it back with its formats, and fetches them byte for byte', async () => {
    const upload = 'mutation($file: Upload!, $ref: String, $refId: ID, $field: String) { upload(file: $file, ref: $ref, refId: $refId, field: $field) { data { id } } }';
    const form = await fixtureForm([
      ['operations', JSON.stringify({ query: upload, variables: { file: null, ref: 'api::article.article', refId: '1', field: 'gallery' } })],
      ['map', JSON.stringify({ 0: ['variables.file'] })],
      ['0', { file: 'photo-1600x1067.jpg', type: 'image/jpeg' }],
    ]);
    const headers = await graphqlUser('illustrator');
    const uploaded = (await (await fetch(`${base}/graphql`, { method: 'POST', headers, body: form })).json()) as { data: { upload: { data: { id: string } } } };
    const read = 'query { article(id: 1) { data { attributes { gallery { data { id attributes { url formats } } } } } } }';
    const answer = (await (await fetch(`${base}/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query: read }) })).json()) as {
      data: { article: { data: { attributes: { gallery: { data: Array<{ id: string; attributes: { url: string; formats: Record<string, Format> } }> } } } } };
    };
    const photo = answer.data.article.data.attributes.gallery.data.find((file) => file.id === uploaded.data.upload.data.id)!;
    expect(Object.keys(photo.attributes.formats).sort()).toEqual(['large', 'medium', 'small', 'thumbnail']);
    await expectServedAsStored(photo.attributes);
  });
});
