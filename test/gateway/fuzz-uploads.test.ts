// Generated upload bodies, in process (fast-check, seeded): multipart bodies of random parts (file
// parts of fixture images and random bytes under odd names and types, fileInfo, ref, refId, field,
// huge fields), cut, with a wrong boundary, without their end, or with junk before; to POST
// /api/upload, POST /api/upload?id=, and /graphql under the multipart request spec. Whatever
// arrives: no 5xx, every error in its envelope, a refused request changes nothing, no temporary
// file stays, no stored file is left that no row names, and the gateway keeps answering.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysOf } from '../../src/operations/media/file-row.ts';
import type { Store } from '../../src/store/store.ts';
import { uploadGateway, type UploadTestGateway } from '../support/upload-gateway.ts';

const RUNS = { rest: 2000, graphql: 600 };
const COLLECTIONS = ['files', 'articles', 'authors', 'globals'];
const LIMITS = { maxFileBytes: 200_000, maxTotalFileBytes: 300_000, maxFiles: 6, maxFields: 20, maxFieldBytes: 4096, maxFieldsBytes: 16_384 };

let subject: UploadTestGateway;
const statuses = new Map<string, number>();

beforeAll(async () => {
  subject = await uploadGateway({ settings: { limits: LIMITS } });
});
afterAll(async () => {
  console.log(`upload fuzz: answers ${[...statuses].sort().map(([status, n]) => `${status}: ${n}`).join(', ')}`);
  await subject.close();
});

async function fingerprint(store: Store): Promise<string> {
  const hash = createHash('sha256');
  for (const collection of COLLECTIONS) {
    for (const doc of await store.find(collection, {}, { sort: [['id', 1]] })) hash.update(JSON.stringify(doc, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)));
  }
  return hash.digest('hex');
}

const FIXTURES = ['w300.jpg', 'small-150x100.jpg', 'alpha-300x200.png', 'anim-120x80.gif', 'logo.svg', 'tiny.pdf', 'notes.txt', 'truncated-photo.jpg', 'text-named.jpg', 'bomb-50000x50000.png', 'empty.txt', 'image-400x300.webp'];
const fixtureBytes = new Map(FIXTURES.map((file) => [file, readFileSync(`test/fixtures/upload/${file}`)]));

interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: Buffer;
}

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('{"name":"x.jpg","caption":"c"}', '[{"name":"a"},{"name":"b"}]', '{not json', 'null', '[]', '{"name":{"deep":1}}', '{"name":"a/b.txt"}', 'api::article.article', 'shared.seo', 'api::nope.nope', '1', '2', '999', 'abc', 'cover', 'gallery', 'title', 'avatar', 'x'.repeat(5000)),
);
const filename = fc.oneof(fc.constantFrom(...FIXTURES, 'README', '', 'a<b>.txt', 'dir/sub/f.txt', '..', `${'n'.repeat(300)}.txt`, 'Été 💥.png', 'con.txt', '.hidden'), fc.string({ maxLength: 20 }));
const mime = fc.oneof(fc.constantFrom('image/jpeg', 'image/png', 'application/pdf', 'text/plain', 'application/octet-stream', 'image/svg+xml', 'video/mp4', ''), fc.string({ maxLength: 15 }));
const content = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FIXTURES).map((file) => fixtureBytes.get(file)!) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.integer({ min: 150_000, max: 320_000 }).map((size) => Buffer.alloc(size, 7)) },
);
const filePart = fc.record({ name: fc.constantFrom('files', 'files', 'files', 'file', '0', '1'), filename, type: mime, content });
const fieldPart = fc.record({ name: fc.constantFrom('fileInfo', 'ref', 'refId', 'field', 'fileInfo[name]', 'operations', 'map', 'source'), content: text.map((value) => Buffer.from(value)) });
const parts = fc.array(fc.oneof({ weight: 2, arbitrary: filePart }, { weight: 3, arbitrary: fieldPart }), { maxLength: 7 });
const breakage = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map((at) => ({ kind: 'cut' as const, at })) },
  { weight: 1, arbitrary: fc.constantFrom({ kind: 'boundary' as const }, { kind: 'no-end' as const }, { kind: 'junk' as const }, { kind: 'no-boundary' as const }) },
);

/** The body's bytes and Content-Type, broken as asked. */
function multipart(list: readonly Part[], broken: { kind: string; at?: number }): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = 'fuzzBoundary7MA4YWxk';
  const chunks: Buffer[] = broken.kind === 'junk' ? [Buffer.from('garbage before the first boundary\r\n')] : [];
  for (const part of list) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename.replace(/"/g, '%22')}"`}`;
    const headers = `Content-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type.replace(/[\r\n]/g, '')}\r\n` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\n${headers}\r\n`), part.content, Buffer.from('\r\n'));
  }
  if (broken.kind !== 'no-end') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let body = Buffer.concat(chunks);
  if (broken.kind === 'cut') body = body.subarray(0, Math.floor(body.length * (broken.at ?? 0)));
  const type = broken.kind === 'boundary' ? 'multipart/form-data; boundary=another' : broken.kind === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
  return { body: new Uint8Array(body), type };
}

/** Every key the rows name, and every file the uploads folder holds: equal when no file is orphaned. */
async function orphans(): Promise<string[]> {
  const named = new Set((await subject.store.find('files', {})).flatMap((row) => keysOf(row, 'local')));
  return (await subject.stored()).filter((name) => !named.has(name));
}

async function answer(path: string, list: readonly Part[], broken: { kind: string; at?: number }): Promise<{ status: number; body: unknown }> {
  const { body, type } = multipart(list, broken);
  const response = await subject.gateway.fetch(new Request(`http://gateway.test${path}`, { method: 'POST', headers: { authorization: 'Bearer full-access-secret-token-0001', 'content-type': type }, body }));
  statuses.set(String(response.status), (statuses.get(String(response.status)) ?? 0) + 1);
  return { status: response.status, body: await response.json() };
}

async function holdsAfter(path: string, list: readonly Part[], broken: { kind: string; at?: number }, graphql: boolean): Promise<void> {
  const before = await fingerprint(subject.store);
  const { status, body } = await answer(path, list, broken);
  expect(status, JSON.stringify(body)).toBeLessThan(500);
  if (graphql) expect(body).toEqual(expect.objectContaining(status === 200 ? {} : { errors: expect.any(Array) }));
  else if (status !== 200) expect(body).toMatchObject({ data: null, error: { status, name: expect.any(String), message: expect.any(String) } });
  const failed = status !== 200 || (graphql && (body as { data?: unknown }).data === null);
  if (failed) expect(await fingerprint(subject.store)).toBe(before);
  expect(await subject.temporary()).toEqual([]);
}

describe('generated upload bodies', () => {
  it(`never answer 5xx, change nothing when refused, and leave no temporary file (${RUNS.rest} REST bodies)`, async () => {
    const path = fc.constantFrom('/api/upload', '/api/upload', '/api/upload', '/api/upload?id=1', '/api/upload?id=2', '/api/upload?id=abc', '/api/upload?id=999');
    await fc.assert(fc.asyncProperty(path, parts, breakage, (target, list, broken) => holdsAfter(target, list, broken, false)), { numRuns: RUNS.rest, seed: 32 });
    expect(await orphans()).toEqual([]);
    expect((await subject.get('/api/upload/files?fields[0]=name&filters[id]=1')).status).toBe(200);
  }, 600_000);

  it(`never answer 5xx over GraphQL's multipart requests either (${RUNS.graphql} bodies)`, async () => {
    const query = fc.constantFrom(
      'mutation($file: Upload!) { upload(file: $file) { data { id } } }',
      'mutation($file: Upload!, $info: FileInfoInput) { upload(file: $file, info: $info) { data { id attributes { name } } } }',
      'mutation($files: [Upload]!) { multipleUpload(files: $files) { data { id } } }',
      'mutation($file: Upload!) { upload(file: $file, ref: "api::article.article", refId: "1", field: "cover") { data { id } } }',
      '{ uploadFiles { data { id } } }',
    );
    const variables = fc.constantFrom({ file: null }, { files: [null, null] }, { file: null, info: { name: 'n' } }, {}, { file: 'x' });
    const map = fc.constantFrom('{"0":["variables.file"]}', '{"0":["variables.files.0"],"1":["variables.files.1"]}', '{}', '{"0":["nope.deeper"]}', '[]', 'junk');
    const files = fc.array(fc.record({ name: fc.constantFrom('0', '1', '2'), filename, type: mime, content }), { maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(query, variables, map, files, breakage, fc.boolean(), (q, v, m, list, broken, ordered) => {
        const fields: Part[] = [{ name: 'operations', content: Buffer.from(JSON.stringify({ query: q, variables: v })) }, { name: 'map', content: Buffer.from(m) }];
        return holdsAfter('/graphql', ordered ? [...fields, ...list] : [...list, ...fields.reverse()], broken, true);
      }),
      { numRuns: RUNS.graphql, seed: 33 },
    );
    expect(await orphans()).toEqual([]);
  }, 600_000);
});
