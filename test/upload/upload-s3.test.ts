// Two gateways sharing one uploads store: the S3 provider chosen by the config's uploads section,
// against an S3-compatible server in this process (s3rver). A photo uploaded through one gateway is
// in the bucket under the names its row gives, at the urls it answers; deleted through the other,
// its objects are gone.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFileConfig } from '../../gateway/config/file-config.ts';
import { chosenProvider } from '../../src/upload/providers/choose.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { AS, fixtureForm, SECRETS, UPLOAD_SEED } from '../support/upload-gateway.ts';
import { modelGateway } from '../support/test-gateway.ts';
import { createGateway } from '../../gateway/app.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let server: S3rver;
let folder: string;
let endpoint: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 's3rver-gateways-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(folder, 's3'), configureBuckets: [{ name: 'media', configs: [] }] });
  endpoint = `http://127.0.0.1:${(await server.run()).port}`;
});
afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

describe('gateways sharing an S3 bucket (uploads.provider "s3")', () => {
  it('stores an upload of one gateway in the bucket at the urls it answers, and removes it on a delete through the other', async () => {
    const http = parseFileConfig({ uploads: { provider: 's3', tmpDir: join(folder, 'tmp'), s3: { bucket: 'media', region: 'us-east-1', endpoint, forcePathStyle: true, credentials, rootPath: 'uploads/' } } }, 'test config');
    const provider = chosenProvider(http.uploads, join(folder, 'unused'));
    const store = new EmbeddedStore();
    const first = await modelGateway('test/fixtures/blog', UPLOAD_SEED, { secrets: SECRETS, store, extra: { http, uploads: { settings: http.uploads, provider } } });
    const second = createGateway({ model: first.model, schema: buildGraphQLSchema(first.model), store, settings: () => first.settings, secrets: SECRETS, http, uploads: { settings: http.uploads, provider } });
    const form = await fixtureForm([['files', { file: 'photo-1600x1067.jpg', type: 'image/jpeg' }]]);
    const response = await first.gateway.fetch(new Request('http://gateway.test/api/upload', { method: 'POST', headers: AS.full, body: form }));
    const [file] = (await response.json()) as Array<{ id: number; url: string; provider: string; formats: Record<string, { url: string }> }>;
    expect(file.provider).toBe('aws-s3');
    const urls = [file.url, ...Object.values(file.formats).map((format) => format.url)];
    expect(urls.every((url) => url.startsWith(`${endpoint}/media/uploads/`))).toBe(true);
    const reader = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { ...credentials } });
    for (const url of urls) {
      const served = await fetch(url);
      expect(served.status, url).toBe(200);
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const deleted = await second.fetch(new Request(`http://gateway.test/api/upload/files/${file.id}`, { method: 'DELETE', headers: AS.full }));
    expect(deleted.status).toBe(200);
    for (const url of urls) {
      await expect(reader.send(new HeadObjectCommand({ Bucket: 'media', Key: url.slice(`${endpoint}/media/`.length) }))).rejects.toMatchObject({ name: 'NotFound' });
    }
    reader.destroy();
    provider.close();
  });

  it('serves the very bytes of a file stored as sent', async () => {
    const http = parseFileConfig({ uploads: { provider: 's3', tmpDir: join(folder, 'tmp'), s3: { bucket: 'media', region: 'us-east-1', endpoint, forcePathStyle: true, credentials } } }, 'test config');
    const provider = chosenProvider(http.uploads, join(folder, 'unused'));
    const { gateway } = await modelGateway('test/fixtures/blog', UPLOAD_SEED, { secrets: SECRETS, extra: { http, uploads: { settings: http.uploads, provider } } });
    const form = await fixtureForm([['files', { file: 'tiny.pdf', type: 'application/pdf' }]]);
    const [file] = (await (await gateway.fetch(new Request('http://gateway.test/api/upload', { method: 'POST', headers: AS.full, body: form }))).json()) as Array<{ url: string }>;
    expect(Buffer.from(await (await fetch(file.url)).arrayBuffer())).toEqual(await readFile('test/fixtures/upload/tiny.pdf'));
    provider.close();
  });
});
