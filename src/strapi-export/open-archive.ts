// An archive's path (and the key it was encrypted with, if any) -> the chain of streams that
// yields its tar bytes: the file, then a decipher and a gunzip where its first bytes call for them.
import { createReadStream, type ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ConfigurationError } from '../errors/errors.ts';
import { createArchiveDecipher, decryptPrefix, deriveKey } from './decrypt.ts';

/** How the archive is wrapped, outermost first; a plain `.tar` has no layer. */
export type Layer = 'encrypted' | 'gzip';

export interface OpenedArchive {
  /** The file stream first, then one transform per layer; piped in order they give tar bytes. */
  streams: [ReadStream, ...Transform[]];
  layers: Layer[];
  /** The file's size in bytes, for progress. */
  size: number;
  /** Bytes of the file read so far. */
  bytesRead(): number;
}

/** Enough to hold a tar header's `ustar` magic (at byte 257) after any padding. */
const HEAD_BYTES = 512;

const isGzip = (head: Buffer) => head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
const isTar = (head: Buffer) => head.length >= 262 && head.toString('latin1', 257, 262) === 'ustar';

/**
 * Looks at the archive's first bytes to tell a `.tar`, a `.tar.gz` and an encrypted
 * `.tar.gz.enc` apart (whatever the file is named), and checks the key on them.
 * @throws ConfigurationError when the file cannot be read, is not an archive, or the key is missing or wrong.
 */
export async function openArchive(path: string, passphrase?: string): Promise<OpenedArchive> {
  const { head, size } = await readHead(path);
  const layers: Layer[] = [];
  let inner = head;
  let key: Buffer | undefined;
  if (!isGzip(head) && !isTar(head)) {
    if (passphrase === undefined || passphrase === '') {
      throw new ConfigurationError(
        `${path} is neither a tar nor a gzip archive: if it is an encrypted Strapi export (.tar.gz.enc), give its key with --key`,
      );
    }
    key = deriveKey(passphrase);
    inner = decryptPrefix(head, key);
    if (!isGzip(inner) && !isTar(inner)) {
      throw new ConfigurationError(`Cannot decrypt ${path}: the key is wrong, or the file is not a Strapi export archive`);
    }
    layers.push('encrypted');
  }
  if (isGzip(inner)) layers.push('gzip');
  const file = createReadStream(path);
  const transforms = layers.map((layer): Transform => (layer === 'encrypted' ? createArchiveDecipher(key!) : createGunzip()));
  return { streams: [file, ...transforms], layers, size, bytesRead: () => file.bytesRead };
}

async function readHead(path: string): Promise<{ head: Buffer; size: number }> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new ConfigurationError(`Cannot read Strapi export ${path}: ${(error as Error).message}`);
  }
  try {
    const { size } = await handle.stat();
    if (size === 0) throw new ConfigurationError(`${path} is empty: expected a Strapi export archive`);
    const buffer = Buffer.alloc(Math.min(HEAD_BYTES, size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return { head: buffer.subarray(0, bytesRead), size };
  } finally {
    await handle.close();
  }
}
