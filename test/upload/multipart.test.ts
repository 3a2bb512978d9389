// Multipart bodies read as streams: files land in temporary files with their names, declared types
// and sizes; limits stop the reading with a 413 before the rest of the body is read; broken, cut or
// oversized bodies leave the folder empty.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BadRequestError, PayloadTooLargeError } from '../../src/errors/errors.ts';
import { multipartLimitsSchema, receiveMultipart, removeReceived, type MultipartLimits } from '../../src/upload/multipart.ts';

const defaults = multipartLimitsSchema.parse(undefined);
let folder: string;
beforeEach(async () => (folder = await mkdtemp(join(tmpdir(), 'multipart-'))));
afterEach(() => rm(folder, { recursive: true, force: true }));

/** A form's bytes and Content-Type as fetch writes them. */
async function encoded(form: FormData): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string }> {
  const response = new Response(form);
  return { bytes: new Uint8Array(await response.arrayBuffer()), type: response.headers.get('content-type')! };
}

function post(body: BodyInit | ReadableStream<Uint8Array>, type: string): Request {
  return new Request('http://gateway.test/api/upload', { method: 'POST', body, headers: { 'content-type': type }, duplex: 'half' } as RequestInit);
}

/** A body streamed in 64 KiB chunks, counting what the reader pulled. */
function counted(bytes: Uint8Array<ArrayBuffer>): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 65_536));
      offset += 65_536;
    },
  });
  return { stream, pulled: () => Math.min(offset, bytes.length) };
}

const form = (...parts: [string, string | File][]) => {
  const data = new FormData();
  for (const [name, value] of parts) data.append(name, value);
  return data;
};

async function refused(request: Request, limits: MultipartLimits, expected: Error) {
  await expect(receiveMultipart(request, folder, limits)).rejects.toThrow(expected);
  expect(await readdir(folder)).toEqual([]);
}

describe('receiveMultipart', () => {
  it('streams each file to a temporary file and keeps the text fields in order', async () => {
    const { bytes, type } = await encoded(
      form(['fileInfo', '{"name":"a"}'], ['files', new File(['hello notes\n'], 'notes.txt', { type: 'text/plain' })], ['ref', 'api::article.article'], ['files', new File([new Uint8Array(70_000).fill(7)], 'dir/sub/blob.bin')]),
    );
    const body = await receiveMultipart(post(bytes, type), folder, defaults);
    expect(body.fields).toEqual([{ name: 'fileInfo', value: '{"name":"a"}' }, { name: 'ref', value: 'api::article.article' }]);
    expect(body.files.map(({ field, filename, declaredType, bytes: size }) => ({ field, filename, declaredType, size }))).toEqual([
      { field: 'files', filename: 'notes.txt', declaredType: 'text/plain', size: 12 },
      { field: 'files', filename: 'dir/sub/blob.bin', declaredType: 'application/octet-stream', size: 70_000 },
    ]);
    expect(await readFile(body.files[0].path, 'utf8')).toBe('hello notes\n');
    expect((await readFile(body.files[1].path)).every((byte) => byte === 7)).toBe(true);
    await removeReceived(body);
    expect(await readdir(folder)).toEqual([]);
  });

  it('skips a file part with an empty filename (a file input left empty), as Strapi sees no file', async () => {
    const { bytes, type } = await encoded(form(['files', new File([], '')]));
    expect(await receiveMultipart(post(bytes, type), folder, defaults)).toEqual({ fields: [], files: [] });
  });

  it.each([
    ['a JSON body', '{"files":"x"}', 'application/json'],
    ['an empty multipart body', '', 'multipart/form-data; boundary=xyz'],
  ])('reads no parts from %s', async (_name, body, type) => {
    expect(await receiveMultipart(post(body, type), folder, defaults)).toEqual({ fields: [], files: [] });
  });
});

describe('limits, checked while streaming', () => {
  it('refuses a file over maxFileBytes with 413 FileTooBig, before reading the rest of the body', async () => {
    const { bytes, type } = await encoded(form(['files', new File([new Uint8Array(8 * 1024 * 1024)], 'big.bin')]));
    const body = counted(bytes);
    await refused(post(body.stream, type), { ...defaults, maxFileBytes: 100_000 }, new PayloadTooLargeError('FileTooBig'));
    expect(body.pulled()).toBeLessThan(1024 * 1024);
  });

  it('counts the bytes of every file together, as Strapi\'s body parser does', async () => {
    const sixty = () => new File([new Uint8Array(60_000)], 'sixty.bin');
    const { bytes, type } = await encoded(form(['files', sixty()], ['files', sixty()]));
    await refused(post(bytes, type), { ...defaults, maxTotalFileBytes: 100_000 }, new PayloadTooLargeError('FileTooBig'));
  });

  it('lets a file of exactly maxFileBytes through', async () => {
    const { bytes, type } = await encoded(form(['files', new File([new Uint8Array(100_000)], 'exact.bin')]));
    const body = await receiveMultipart(post(bytes, type), folder, { ...defaults, maxFileBytes: 100_000, maxTotalFileBytes: 100_000 });
    expect(body.files[0].bytes).toBe(100_000);
  });

  it.each<[string, [string, string | File][], Partial<MultipartLimits>, string]>([
    ['too many files', [['files', new File(['a'], 'a.txt')], ['files', new File(['b'], 'b.txt')]], { maxFiles: 1 }, 'A request may carry at most 1 files'],
    ['too many fields', [['a', '1'], ['b', '2']], { maxFields: 1 }, 'A request may carry at most 1 fields'],
    ['a field over maxFieldBytes', [['fileInfo', 'x'.repeat(2_000)]], { maxFieldBytes: 1_000 }, 'Field "fileInfo" is longer than 1000 bytes'],
    ['fields over maxFieldsBytes together', [['a', 'x'.repeat(600)], ['b', 'x'.repeat(600)]], { maxFieldsBytes: 1_000 }, 'Fields are longer than 1000 bytes together'],
  ])('refuses %s with 413', async (_name, parts, limits, message) => {
    const { bytes, type } = await encoded(form(['files', new File(['first'], 'first.txt')], ...parts));
    await refused(post(bytes, type), { ...defaults, ...limits }, new PayloadTooLargeError(message));
  });
});

describe('broken and cut bodies leave nothing behind', () => {
  const withFile = () => encoded(form(['files', new File([new Uint8Array(200_000).fill(1)], 'photo.jpg', { type: 'image/jpeg' })]));

  it('refuses a body truncated inside the file with 400', async () => {
    const { bytes, type } = await withFile();
    await refused(post(bytes.slice(0, 100_000), type), defaults, new BadRequestError('Invalid multipart body: Unexpected end of form'));
  });

  it('refuses a body without its closing boundary with 400', async () => {
    const { bytes, type } = await withFile();
    await refused(post(bytes.slice(0, bytes.length - 10), type), defaults, new BadRequestError('Invalid multipart body: Unexpected end of form'));
  });

  it('refuses a body whose boundary is not the one its Content-Type names with 400', async () => {
    const { bytes } = await withFile();
    await refused(post(bytes, 'multipart/form-data; boundary=not-the-one'), defaults, new BadRequestError('Invalid multipart body: Unexpected end of form'));
  });

  it('refuses a Content-Type without a boundary with 400', async () => {
    const { bytes } = await withFile();
    await refused(post(bytes, 'multipart/form-data'), defaults, new BadRequestError('Invalid multipart body: Multipart: Boundary not found'));
  });

  it('refuses a request cut off by the client with 400, removing the file begun', async () => {
    const { bytes, type } = await withFile();
    let sent = false;
    const cut = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error('socket hang up'));
        controller.enqueue(bytes.slice(0, 150_000));
        sent = true;
      },
    });
    await refused(post(cut, type), defaults, new BadRequestError('The request body was cut off before the multipart form ended'));
  });
});
