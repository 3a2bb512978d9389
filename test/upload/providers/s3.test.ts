// The S3 provider against an S3-compatible server running in this process (s3rver): objects stored
// with their bytes and type under the root path, deleted, refused for a missing bucket; URLs in
// every addressing style.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicUrl, s3Provider, s3SettingsSchema, type S3Settings } from '../../../src/upload/providers/s3.ts';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let server: S3rver;
let folder: string;
let endpoint: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 's3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: folder, configureBuckets: [{ name: 'media', configs: [] }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

const settings = (extra: Partial<S3Settings> = {}): S3Settings =>
  s3SettingsSchema.parse({ bucket: 'media', region: 'us-east-1', endpoint, forcePathStyle: true, credentials, rootPath: 'uploads/', ...extra });

describe('s3Provider on an S3-compatible server', () => {
  it('stores the file\'s bytes and type under the root path, then deletes them', async () => {
    const config = settings();
    const provider = s3Provider(config);
    // A copy: the SDK writes into the credentials object it is given.
    const reader = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { ...credentials } });
    await provider.put('w300_0123456789.jpg', 'test/fixtures/upload/w300.jpg', 'image/jpeg');
    expect(config.credentials).toEqual(credentials);
    const stored = await reader.send(new GetObjectCommand({ Bucket: 'media', Key: 'uploads/w300_0123456789.jpg' }));
    expect(stored.ContentType).toBe('image/jpeg');
    expect(Buffer.from(await stored.Body!.transformToByteArray())).toEqual(await readFile('test/fixtures/upload/w300.jpg'));
    await provider.delete('w300_0123456789.jpg');
    await expect(reader.send(new HeadObjectCommand({ Bucket: 'media', Key: 'uploads/w300_0123456789.jpg' }))).rejects.toMatchObject({ name: 'NotFound' });
    provider.close();
    reader.destroy();
  });

  it('fails a put into a bucket that does not exist', async () => {
    const provider = s3Provider(settings({ bucket: 'no-such-bucket' }));
    await expect(provider.put('notes_0123456789.txt', 'test/fixtures/upload/notes.txt', 'text/plain')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    provider.close();
  });
});

describe('publicUrl', () => {
  const base = { bucket: 'media', region: 'eu-west-3', forcePathStyle: false, rootPath: '' } as S3Settings;
  it.each<[string, Partial<S3Settings>, string]>([
    ['AWS, virtual-hosted', {}, 'https://media.s3.eu-west-3.amazonaws.com/a_0123456789.jpg'],
    ['AWS, path style', { forcePathStyle: true }, 'https://s3.eu-west-3.amazonaws.com/media/a_0123456789.jpg'],
    ['an S3-compatible endpoint, path style', { endpoint: 'http://minio:9000', forcePathStyle: true }, 'http://minio:9000/media/a_0123456789.jpg'],
    ['an S3-compatible endpoint, virtual-hosted', { endpoint: 'https://r2.example.test' }, 'https://media.r2.example.test/a_0123456789.jpg'],
    ['a CDN base URL', { baseUrl: 'https://cdn.example.test/assets/' }, 'https://cdn.example.test/assets/a_0123456789.jpg'],
  ])('%s', (_name, extra, url) => {
    expect(publicUrl({ ...base, ...extra }, 'a_0123456789.jpg')).toBe(url);
  });

  it('keeps the root path and encodes each segment', () => {
    expect(publicUrl({ ...base, baseUrl: 'https://cdn.example.test' }, 'up loads/a b.jpg')).toBe('https://cdn.example.test/up%20loads/a%20b.jpg');
  });
});

describe('s3SettingsSchema', () => {
  it.each([
    ['a root path without its closing slash', { rootPath: 'uploads' }],
    ['an endpoint that is no URL', { endpoint: 'minio:9000:x' }],
    ['an unknown key', { acl2: 'x' }],
  ])('refuses %s', (_name, extra) => {
    expect(s3SettingsSchema.safeParse({ bucket: 'media', region: 'us-east-1', ...extra }).success).toBe(false);
  });
});
