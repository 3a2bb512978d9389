// Issue 18's media-file attacks, as the test: symlinks in the uploads folder that lead out of it
// (a file, a folder to /etc, a chain, a dot file) answer 404 like a missing file, while links
// that stay inside are served; Range headers of RFC 9110's examples, If-Range, and any header
// a fuzzer makes are answered 200, 206 or 416, never 5xx.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../../gateway/app.ts';
import { blogGateway, restRequest } from '../../support/test-gateway.ts';

/** The RFC's examples assume a 10,000-byte representation; each byte tells its offset mod 251. */
const SIZE = 10_000;
const BYTES = Buffer.from(Array.from({ length: SIZE }, (_, i) => i % 251));
const CLIP = '/uploads/rfc-10000.mp4';

let base: string;
let gateway: Gateway;
let missing: unknown;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'uploads-hardening-'));
  const uploads = path.join(base, 'uploads');
  const outside = path.join(base, 'outside');
  await mkdir(path.join(uploads, '2024'), { recursive: true });
  await mkdir(path.join(uploads, '.private'), { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(uploads, 'rfc-10000.mp4'), BYTES);
  await writeFile(path.join(uploads, 'empty.mp4'), '');
  await writeFile(path.join(uploads, '2024', 'clip.mp4'), BYTES.subarray(0, 100));
  await writeFile(path.join(uploads, '.secret.txt'), 'secret');
  await writeFile(path.join(uploads, '.private', 'hidden.png'), 'hidden');
  await writeFile(path.join(outside, 'stolen.jpg'), 'not for the public');
  // Links that lead out of the folder, or to what it does not serve.
  await symlink(path.join(outside, 'stolen.jpg'), path.join(uploads, 'link-out.jpg'));
  await symlink('../outside/stolen.jpg', path.join(uploads, 'relative-out.jpg'));
  await symlink('/etc', path.join(uploads, 'etcdir'));
  await symlink(outside, path.join(uploads, 'outdir'));
  await symlink('link-out.jpg', path.join(uploads, 'chain-out.jpg'));
  await symlink('.secret.txt', path.join(uploads, 'visible.txt'));
  await symlink('.private/hidden.png', path.join(uploads, 'shown.png'));
  await symlink('nowhere.jpg', path.join(uploads, 'dangling.jpg'));
  await symlink(base, path.join(uploads, 'parent'));
  // Links that stay inside.
  await symlink('rfc-10000.mp4', path.join(uploads, 'link-in.mp4'));
  await symlink('2024', path.join(uploads, 'dir-in'));
  // The folder itself may be a link (a mounted volume): its real path is the one that counts.
  await symlink(uploads, path.join(base, 'uploads-link'));
  ({ gateway } = await blogGateway({ extra: { uploadsDir: path.join(base, 'uploads-link') } }));
  missing = await (await gateway.fetch(restRequest('/uploads/missing.jpg'))).json();
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const get = (file: string, headers: Record<string, string> = {}, method = 'GET') =>
  gateway.fetch(new Request(`http://gateway.test${file}`, { method, headers }));

describe('symlinks in the uploads folder', () => {
  it.each([
    ['a file link to a file outside', '/uploads/link-out.jpg'],
    ['a relative file link to a file outside', '/uploads/relative-out.jpg'],
    ['a folder link to /etc', '/uploads/etcdir/passwd'],
    ['a folder link to /etc, another file', '/uploads/etcdir/hostname'],
    ['a folder link to a folder outside', '/uploads/outdir/stolen.jpg'],
    ['a link to a link that leads outside', '/uploads/chain-out.jpg'],
    ['a link to the folder\'s parent', '/uploads/parent/outside/stolen.jpg'],
    ['a link to a dot file inside', '/uploads/visible.txt'],
    ['a link into a dot folder inside', '/uploads/shown.png'],
    ['a dot folder itself', '/uploads/.private/hidden.png'],
    ['a dangling link', '/uploads/dangling.jpg'],
  ])('answers %s 404, exactly as a missing file', async (_name, file) => {
    for (const method of ['GET', 'HEAD']) {
      const response = await get(file, {}, method);
      expect(response.status).toBe(404);
      if (method === 'GET') expect(await response.json()).toEqual(missing);
    }
  });

  it.each([
    ['a file link to a file inside', '/uploads/link-in.mp4', BYTES],
    ['a folder link to a folder inside', '/uploads/dir-in/clip.mp4', BYTES.subarray(0, 100)],
    ['a file through the folder\'s own link', '/uploads/2024/clip.mp4', BYTES.subarray(0, 100)],
  ])('serves %s', async (_name, file, bytes) => {
    const response = await get(file);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe('Range on a media file', () => {
  it.each<[string, string, number, string | null, [number, number] | 'all' | 'none']>([
    // RFC 9110 §14.1.2's examples on its 10,000 bytes, then the edges.
    ['the first 500 bytes', 'bytes=0-499', 206, 'bytes 0-499/10000', [0, 499]],
    ['the second 500 bytes', 'bytes=500-999', 206, 'bytes 500-999/10000', [500, 999]],
    ['the final 500 bytes', 'bytes=-500', 206, 'bytes 9500-9999/10000', [9500, 9999]],
    ['the final 500 bytes, open', 'bytes=9500-', 206, 'bytes 9500-9999/10000', [9500, 9999]],
    ['the first and last bytes: sent whole', 'bytes=0-0,-1', 200, null, 'all'],
    ['adjacent parts, merged', 'bytes=500-600,601-999', 206, 'bytes 500-999/10000', [500, 999]],
    ['overlapping parts, merged', 'bytes=500-700,601-999', 206, 'bytes 500-999/10000', [500, 999]],
    ['a suffix of nothing (was a 500)', 'bytes=-0', 416, 'bytes */10000', 'none'],
    ['everything', 'bytes=0-', 206, 'bytes 0-9999/10000', [0, 9999]],
    ['past the end', 'bytes=10000-', 416, 'bytes */10000', 'none'],
    ['a huge last position', `bytes=0-${'9'.repeat(30)}`, 206, 'bytes 0-9999/10000', [0, 9999]],
    ['a huge suffix', `bytes=-${'9'.repeat(30)}`, 206, 'bytes 0-9999/10000', [0, 9999]],
    ['reversed: ignored', 'bytes=999-500', 200, null, 'all'],
    ['garbage: ignored', 'bytes=lots', 200, null, 'all'],
    ['another unit: ignored', 'pages=1-2', 200, null, 'all'],
  ])('%s (%s): %i', async (_name, range, status, contentRange, body) => {
    const response = await get(CLIP, { range });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-range')).toBe(contentRange);
    const bytes = Buffer.from(await response.arrayBuffer());
    const expected = body === 'all' ? BYTES : body === 'none' ? Buffer.alloc(0) : BYTES.subarray(body[0], body[1] + 1);
    expect(bytes.equals(expected)).toBe(true);
    if (status !== 416) expect(response.headers.get('content-length')).toBe(String(expected.byteLength));
  });

  it.each<[string, number]>([
    ['bytes=0-0', 416],
    ['bytes=-0', 416],
    ['bytes=-1', 200],
    ['bytes=0-', 416],
  ])('answers %s on an empty file %i', async (range, status) => {
    const response = await get('/uploads/empty.mp4', { range });
    expect(response.status).toBe(status);
    if (status === 416) expect(response.headers.get('content-range')).toBe('bytes */0');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('ignores Range on a HEAD', async () => {
    const response = await get(CLIP, { range: 'bytes=0-9' }, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(SIZE));
  });

  it('follows If-Range: the Last-Modified date keeps the Range, anything else sends the whole file', async () => {
    const first = await get(CLIP);
    await first.arrayBuffer();
    const lastModified = first.headers.get('last-modified')!;
    const etag = first.headers.get('etag')!;
    const cases: Array<[string, number]> = [
      [lastModified, 206],
      [new Date(Date.parse(lastModified) - 1000).toUTCString(), 200],
      // The file's ETag is weak, and If-Range compares strongly: never a match.
      [etag, 200],
      ['"another"', 200],
      ['not a validator', 200],
    ];
    for (const [ifRange, status] of cases) {
      const response = await get(CLIP, { range: 'bytes=0-9', 'if-range': ifRange });
      expect([ifRange, response.status]).toEqual([ifRange, status]);
      expect((await response.arrayBuffer()).byteLength).toBe(status === 206 ? 10 : SIZE);
    }
  });

  it('never answers a Range header with a 5xx, and gives every 206 the bytes it names', async () => {
    const position = fc.oneof(fc.nat(11_000).map(String), fc.constantFrom('', '0', '9'.repeat(40), '-1', '1e3', ' 5'));
    const spec = fc.tuple(position, fc.constantFrom('-', '', '--'), position).map(([a, dash, b]) => `${a}${dash}${b}`);
    const range = fc.oneof(
      fc.array(spec, { maxLength: 5 }).map((specs) => `bytes=${specs.join(',')}`),
      fc.string({ maxLength: 30 }).filter((text) => /^[\t\x20-\x7e]*$/.test(text)),
    );
    await fc.assert(fc.asyncProperty(range, fc.constantFrom(CLIP, '/uploads/empty.mp4'), async (value, file) => {
      const response = await get(file, { range: value });
      const bytes = Buffer.from(await response.arrayBuffer());
      expect([200, 206, 416]).toContain(response.status);
      if (response.status !== 206) return;
      const [, start, end] = /^bytes (\d+)-(\d+)\/10000$/.exec(response.headers.get('content-range')!)!.map(Number);
      expect(bytes.equals(BYTES.subarray(start, end + 1))).toBe(true);
    }), { numRuns: 300 });
  });
});
