// A fetch Request's multipart/form-data body -> its text fields and its files, each streamed to a temporary
// file in a given folder within limits checked while streaming; any error or cut request removes them all.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy, { type Busboy, type FileInfo } from 'busboy';
import { z } from 'zod';
import { BadRequestError, PayloadTooLargeError } from '../errors/errors.ts';

const MiB = 1024 * 1024;

/** The config file's upload body limits (raw) -> typed; Strapi's body parser's (formidable's) where it has one. */
export const multipartLimitsSchema = z
  .object({
    /** One file's bytes; formidable's 200 MiB. */
    maxFileBytes: z.number().int().min(1).default(200 * MiB),
    /** All files' bytes together: formidable counts its `maxFileSize` over the whole request. */
    maxTotalFileBytes: z.number().int().min(1).default(200 * MiB),
    maxFiles: z.number().int().min(1).default(100),
    /** Text fields (`fileInfo`, `ref`, `refId`, `field`...); formidable's 1000. */
    maxFields: z.number().int().min(1).default(1000),
    maxFieldBytes: z.number().int().min(1).default(1 * MiB),
    /** All text fields' bytes together; formidable's 20 MiB. */
    maxFieldsBytes: z.number().int().min(1).default(20 * MiB),
  })
  .strict()
  .prefault({});

export type MultipartLimits = z.output<typeof multipartLimitsSchema>;

export interface ReceivedFile {
  /** The part's name (`files` for Strapi's REST upload). */
  readonly field: string;
  /** The temporary file holding its bytes; the caller moves or removes it. */
  readonly path: string;
  /** As the client sent it, path included (`dir/a.txt`), so the naming step can refuse it as Strapi does. */
  readonly filename: string;
  /** The part's Content-Type as sent, if any: a claim, not checked here. */
  readonly declaredType: string | undefined;
  readonly bytes: number;
}

export interface MultipartBody {
  readonly fields: readonly { readonly name: string; readonly value: string }[];
  /** In the order of their parts. A part with an empty filename (a file input left empty) is not one. */
  readonly files: readonly ReceivedFile[];
}

const EMPTY: MultipartBody = { fields: [], files: [] };

/**
 * Reads `request`'s body. A body that is not multipart/form-data, or is empty, holds no parts.
 * @throws PayloadTooLargeError (413) as soon as a limit is passed, before reading further;
 *   BadRequestError (400) for a body that is not valid multipart (no or wrong boundary, cut short).
 */
export async function receiveMultipart(request: Request, folder: string, limits: MultipartLimits): Promise<MultipartBody> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType) || request.body === null) return EMPTY;
  const parser = openParser(contentType, limits);
  await mkdir(folder, { recursive: true });
  const reception = new Reception(folder, limits);
  try {
    return await reception.read(Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>), parser);
  } catch (error) {
    await reception.discard();
    throw error;
  }
}

/** Removes the temporary files of a body once they are stored (or not needed). */
export async function removeReceived(body: MultipartBody): Promise<void> {
  await Promise.all(body.files.map((file) => rm(file.path, { force: true })));
}

function openParser(contentType: string, limits: MultipartLimits): Busboy {
  try {
    return busboy({
      headers: { 'content-type': contentType },
      preservePath: true,
      // Browsers and clients send UTF-8 filenames; busboy reads them as latin1 unless told.
      defParamCharset: 'utf8',
      // busboy signals a file that reaches its limit; one byte more signals one that passes ours.
      limits: { fileSize: limits.maxFileBytes + 1, files: limits.maxFiles, fields: limits.maxFields, fieldSize: limits.maxFieldBytes },
    });
  } catch (error) {
    throw new BadRequestError(`Invalid multipart body: ${(error as Error).message}`);
  }
}

/** One body's reading: the files written so far, the bytes counted, and the first failure. */
class Reception {
  private readonly paths: string[] = [];
  private readonly writes: Promise<ReceivedFile>[] = [];
  /** The files' streams: a write that failed may still be opening its file when its promise settles. */
  private readonly outputs: WriteStream[] = [];
  private readonly fields: { name: string; value: string }[] = [];
  private fileBytes = 0;
  private fieldBytes = 0;
  private bodyBytes = 0;
  private failure: ((error: Error) => void) | undefined;

  constructor(
    private readonly folder: string,
    private readonly limits: MultipartLimits,
  ) {}

  async read(source: Readable, parser: Busboy): Promise<MultipartBody> {
    const parsed = new Promise<void>((resolve, reject) => {
      this.failure = (error) => {
        this.failure = undefined;
        reject(error);
        source.unpipe(parser);
        source.destroy();
        // Not from inside busboy's own event: it goes on with the part it is emitting for.
        setImmediate(() => parser.destroy());
      };
      source.on('data', (chunk: Uint8Array) => (this.bodyBytes += chunk.length));
      source.on('error', () => this.fail(new BadRequestError('The request body was cut off before the multipart form ended')));
      this.listen(parser, resolve);
      source.pipe(parser);
    });
    await parsed;
    return { fields: this.fields, files: await Promise.all(this.writes) };
  }

  /** Waits for every write to stop and its file to be closed, then removes every file written. */
  async discard(): Promise<void> {
    await Promise.allSettled(this.writes);
    await Promise.all(this.outputs.map((output) => (output.closed ? undefined : once(output, 'close').catch(() => undefined))));
    await Promise.all(this.paths.map((path) => rm(path, { force: true })));
  }

  private listen(parser: Busboy, done: () => void): void {
    parser.on('file', (field, stream, info) => this.file(field, stream, info));
    parser.on('field', (name, value, info) => {
      this.fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (info.nameTruncated || info.valueTruncated) this.fail(new PayloadTooLargeError(`Field "${name}" is longer than ${this.limits.maxFieldBytes} bytes`));
      else if (this.fieldBytes > this.limits.maxFieldsBytes) this.fail(new PayloadTooLargeError(`Fields are longer than ${this.limits.maxFieldsBytes} bytes together`));
      else this.fields.push({ name, value });
    });
    parser.on('filesLimit', () => this.fail(new PayloadTooLargeError(`A request may carry at most ${this.limits.maxFiles} files`)));
    parser.on('fieldsLimit', () => this.fail(new PayloadTooLargeError(`A request may carry at most ${this.limits.maxFields} fields`)));
    parser.on('error', (error: Error) => {
      // An empty body is a form without parts (Strapi then answers "Files are empty").
      if (this.bodyBytes === 0) done();
      else this.fail(new BadRequestError(`Invalid multipart body: ${error.message}`));
    });
    parser.on('close', done);
  }

  private file(field: string, stream: Readable, info: FileInfo): void {
    const filename = info.filename;
    if (!filename) {
      stream.resume();
      return;
    }
    const path = join(this.folder, `upload-${randomUUID()}`);
    this.paths.push(path);
    stream.on('limit', () => this.fail(new PayloadTooLargeError('FileTooBig')));
    const counter = new ByteCounter((bytes) => {
      this.fileBytes += bytes;
      if (this.fileBytes > this.limits.maxTotalFileBytes) this.fail(new PayloadTooLargeError('FileTooBig'));
    });
    const output = createWriteStream(path, { flags: 'wx' });
    this.outputs.push(output);
    const written = pipeline(stream, counter, output).then(() => ({
      field,
      path,
      filename,
      declaredType: info.mimeType || undefined,
      bytes: counter.bytes,
    }));
    // A write that fails stops the reading; `read` then rejects with the first failure.
    written.catch((error: Error) => this.fail(error));
    this.writes.push(written);
  }

  private fail(error: Error): void {
    this.failure?.(error);
  }
}

/** Passes bytes through, telling how many went by. */
class ByteCounter extends Transform {
  bytes = 0;

  constructor(private readonly counted: (bytes: number) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    this.counted(chunk.length);
    callback(null, chunk);
  }
}
