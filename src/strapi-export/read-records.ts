// Tar bytes (the streams `openArchive` gives) -> the archive's records, one at a time and in
// archive order: each JSON line of schemas/, entities/, links/ and configuration/, metadata.json,
// and each file of assets/uploads/ as a stream. Nothing is held but the line being read.
import { createInterface } from 'node:readline';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { ConfigurationError } from '../errors/errors.ts';
import type { OpenedArchive } from './open-archive.ts';

/** The JSONL folders of a Strapi v4 export, one line per record. */
export type LineKind = 'schemas' | 'entities' | 'links' | 'configuration';

export type ArchiveRecord =
  /** One parsed JSON line; `at` names the file and line for messages. */
  | { kind: LineKind; value: unknown; at: string }
  | { kind: 'metadata'; value: unknown; at: string }
  /** A file of the uploads folder: read `content` to its end before asking for the next record. */
  | { kind: 'asset'; name: string; content: AsyncIterable<Buffer>; at: string };

const LINE_FILE = /^(schemas|entities|links|configuration)\/[^/]+\.jsonl$/;
const ASSET_FILE = /^assets\/uploads\/([^/]+)$/;

/**
 * Streams the archive's records.
 * @throws ConfigurationError naming the file when it is truncated or corrupt, or a line is not JSON.
 */
export async function* readRecords(archive: OpenedArchive, file: string): AsyncGenerator<ArchiveRecord> {
  const extract = tar.extract();
  // tar-stream's streams are streamx ones: Node's pipeline joins the Node layers, then pipe() hands over.
  const tarBytes = new PassThrough();
  pipeline([...archive.streams, tarBytes]).catch((error: Error) => extract.destroy(error));
  tarBytes.pipe(extract);
  try {
    for await (const entry of extract) {
      const name = entry.header.name.replace(/^\.\//, '');
      // tar-stream's entry streams yield Buffers (its types say unknown).
      const content = entry as AsyncIterable<Buffer>;
      if (entry.header.type === 'file') {
        const line = LINE_FILE.exec(name);
        const asset = ASSET_FILE.exec(name);
        if (line) yield* jsonLines(content, line[1] as LineKind, name, file);
        else if (name === 'metadata.json') yield { kind: 'metadata', value: parse(await text(content), name, file), at: name };
        else if (asset) yield { kind: 'asset', name: asset[1], content, at: name };
      }
      // Whatever the consumer left unread (skipped files, an asset it did not copy) is drained here.
      for await (const _ of entry);
    }
  } catch (error) {
    throw error instanceof ConfigurationError ? error : damaged(file, archive, error as Error);
  } finally {
    archive.streams[0].destroy();
    extract.destroy();
  }
}

async function* jsonLines(entry: AsyncIterable<Buffer>, kind: LineKind, name: string, file: string): AsyncGenerator<ArchiveRecord> {
  let number = 0;
  for await (const line of createInterface({ input: Readable.from(entry), crlfDelay: Infinity })) {
    number++;
    if (line.trim() === '') continue;
    yield { kind, value: parse(line, `${name} line ${number}`, file), at: `${name} line ${number}` };
  }
}

async function text(entry: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parse(text: string, at: string, file: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ConfigurationError(`Strapi export ${file} is corrupt: ${at} is not valid JSON (${(error as Error).message})`);
  }
}

/** Errors of the layers (decipher, gunzip, tar) -> one message saying how the archive is damaged. */
function damaged(file: string, archive: OpenedArchive, error: Error): ConfigurationError {
  const cause = error.message || String(error);
  // An ECB stream cut at a block boundary fails only on the last block's padding ("bad decrypt").
  const what = /unexpected end|end of file|wrong final block length/i.test(cause)
    ? 'is truncated'
    : /bad decrypt/i.test(cause)
      ? 'is truncated or corrupt'
      : 'is corrupt';
  return new ConfigurationError(`Strapi export ${file} ${what}: ${cause} (after ${archive.bytesRead()} of ${archive.size} bytes)`);
}
