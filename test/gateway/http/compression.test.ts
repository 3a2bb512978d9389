// Compression: brotli or gzip as the client accepts, only past the threshold, the body the same
// once decoded, and Vary telling caches the answer depends on Accept-Encoding.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadHttpSettings } from '../../../gateway/config/load-config.ts';
import { blogGateway, restRequest } from '../../support/test-gateway.ts';

const LARGE = '/api/articles?populate=*';
const SMALL = '/api/articles/1?fields[0]=title';

describe('compression', () => {
  it.each([
    ['br', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br', 'br;q=1, gzip;q=0.5', brotliDecompressSync],
    ['gzip', 'br;q=0.1, gzip', gunzipSync],
  ])('answers %s to Accept-Encoding: %s, decoding to the same body', async (encoding, accept, decode) => {
    const { gateway } = await blogGateway();
    const plain = Buffer.from(await (await gateway.fetch(restRequest(LARGE))).arrayBuffer());
    expect(plain.byteLength).toBeGreaterThan(1024);
    const response = await gateway.fetch(restRequest(LARGE, { 'accept-encoding': accept }));
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.byteLength).toBeLessThan(plain.byteLength);
    expect(decode(body).toString()).toBe(plain.toString());
  });

  it.each([
    ['a body under the threshold', SMALL, { 'accept-encoding': 'br, gzip' }],
    ['a client that accepts no encoding', LARGE, {}],
    ['a client that accepts only an encoding we do not offer', LARGE, { 'accept-encoding': 'zstd' }],
  ])('leaves %s as it is', async (_name, path, headers) => {
    const { gateway } = await blogGateway();
    const response = await gateway.fetch(restRequest(path, headers));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toHaveProperty('data');
  });

  it('follows the threshold and encodings of the config file', async () => {
    const http = await loadHttpSettings('test/fixtures/config/compression.json');
    const { gateway } = await blogGateway({ extra: { http } });
    const response = await gateway.fetch(restRequest('/api/articles?fields[0]=title', { 'accept-encoding': 'br, gzip' }));
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });
});
