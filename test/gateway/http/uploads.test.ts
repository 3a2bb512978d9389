// Media files at /uploads/ from an uploads folder (Strapi's public/uploads layout): content
// types, ranges, revalidation, caching, no way out of the folder; and media URLs under a public
// base URL when one is configured.
import { describe, expect, it } from 'vitest';
import { blogGateway, graphqlRequest, restRequest } from '../../support/test-gateway.ts';

const UPLOADS = 'test/fixtures/uploads';
const withUploads = () => blogGateway({ extra: { uploadsDir: UPLOADS } });

describe('GET /uploads/<file>', () => {
  it.each([
    ['harbour_dawn_3f9a1c.png', 'image/png', 69],
    ['2024/clip_9d2e.mp4', 'video/mp4', 4096],
  ])('serves %s as %s with its length and a cache lifetime', async (file, type, length) => {
    const { gateway } = await withUploads();
    const response = await gateway.fetch(restRequest(`/uploads/${file}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(response.headers.get('etag')).toMatch(/^W\/"/);
    expect(response.headers.get('last-modified')).toBeTruthy();
    expect((await response.arrayBuffer()).byteLength).toBe(length);
  });

  it('answers a range with 206 and just those bytes', async () => {
    const { gateway } = await withUploads();
    const whole = Buffer.from(await (await gateway.fetch(restRequest('/uploads/2024/clip_9d2e.mp4'))).arrayBuffer());
    const response = await gateway.fetch(restRequest('/uploads/2024/clip_9d2e.mp4', { range: 'bytes=100-199' }));
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 100-199/4096');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(whole.subarray(100, 200));
  });

  it('answers 416 to a range past the end', async () => {
    const { gateway } = await withUploads();
    const response = await gateway.fetch(restRequest('/uploads/2024/clip_9d2e.mp4', { range: 'bytes=5000-6000' }));
    expect(response.status).toBe(416);
  });

  it('answers 304 when the client has the file already', async () => {
    const { gateway } = await withUploads();
    const first = await gateway.fetch(restRequest('/uploads/harbour_dawn_3f9a1c.png'));
    const again = await gateway.fetch(restRequest('/uploads/harbour_dawn_3f9a1c.png', { 'if-none-match': first.headers.get('etag')! }));
    expect(again.status).toBe(304);
  });

  it('sandboxes files so an uploaded SVG or HTML page cannot run scripts as the API', async () => {
    const { gateway } = await withUploads();
    const response = await gateway.fetch(restRequest('/uploads/notes_1a2b.svg'));
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
  });

  it.each([
    ['a missing file', '/uploads/missing.png'],
    ['a dot file', '/uploads/.secret.txt'],
    ['a way out of the folder, encoded', '/uploads/..%2F..%2Fpackage.json'],
    ['a way out of the folder, dotted', '/uploads/2024/%2e%2e/%2e%2e/package.json'],
    ['a folder', '/uploads/2024'],
    ['a malformed escape', '/uploads/%E0%A4%A'],
  ])('answers 404 in Strapi envelope for %s', async (_name, path) => {
    const { gateway } = await withUploads();
    const response = await gateway.fetch(restRequest(path));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ data: null, error: { status: 404, name: 'NotFoundError' } });
  });

  it('answers 404 when no uploads folder is configured', async () => {
    const { gateway } = await blogGateway();
    expect((await gateway.fetch(restRequest('/uploads/harbour_dawn_3f9a1c.png'))).status).toBe(404);
  });

  it('answers 405 to other methods', async () => {
    const { gateway } = await withUploads();
    const response = await gateway.fetch(new Request('http://gateway.test/uploads/harbour_dawn_3f9a1c.png', { method: 'DELETE' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('a public base URL for media', () => {
  const base = 'https://cdn.example.com/media/';

  it('goes before media URLs that are paths, in both protocols', async () => {
    const { gateway } = await blogGateway({ extra: { mediaUrl: base } });
    const files = await (await gateway.fetch(restRequest('/api/upload/files?fields[0]=url&fields[1]=formats'))).json();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file.url).toMatch(/^https:\/\/cdn\.example\.com\/media\/uploads\//);
    const withFormats = files.find((file: { formats: unknown }) => file.formats);
    for (const format of Object.values(withFormats.formats) as Array<{ url: string }>) expect(format.url).toMatch(/^https:\/\/cdn\.example\.com\/media\/uploads\//);
    const graphql = await (await gateway.fetch(graphqlRequest('{ uploadFiles { data { attributes { url } } } }'))).json();
    expect(graphql.data.uploadFiles.data[0].attributes.url).toMatch(/^https:\/\/cdn\.example\.com\/media\/uploads\//);
  });

  it('leaves media URLs as stored without one', async () => {
    const { gateway } = await blogGateway();
    const files = await (await gateway.fetch(restRequest('/api/upload/files?fields[0]=url'))).json();
    expect(files[0].url).toMatch(/^\/uploads\//);
  });
});
