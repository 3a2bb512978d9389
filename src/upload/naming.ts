// An uploaded file's name and type (and the name fileInfo gives it) -> Strapi's stored naming: name,
// hash (the base name made URL-safe, "_", 10 random hex digits), ext, url; sizes in Strapi's kilobytes.
import { randomBytes } from 'node:crypto';
import { basename, extname } from 'node:path/posix';
import slugify from '@sindresorhus/slugify';
import mime from 'mime-types';
import { ApplicationError, PayloadTooLargeError } from '../errors/errors.ts';

export interface StoredName {
  /** What the file is called in answers: fileInfo's `name`, else the uploaded filename (Unicode NFC). */
  readonly name: string;
  /** The stored file's name without its extension: unique, URL-safe. */
  readonly hash: string;
  /** With its leading dot, as the uploaded filename had it (case kept); from the type when it had none. */
  readonly ext: string;
}

/** A format's key: `thumbnail`, or a breakpoint's name (Strapi's are `large`, `medium`, `small`). */
export type FormatKey = string;

const RESERVED = /[<>:"/\\|?*\u0000-\u001F]/;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/** Whether Strapi accepts `name` as a file name: 1 to 255 characters, no path, control or reserved characters. */
export function isValidFileName(name: string): boolean {
  if (name.length === 0 || name.length > 255 || name === '.' || name === '..') return false;
  return !RESERVED.test(name) && !WINDOWS_DEVICE.test(name);
}

/**
 * Names an upload as Strapi does. The extension comes from the uploaded filename even when
 * fileInfo renames the file; the hash from the name's base without that extension.
 * @throws ApplicationError "File name contains invalid characters", Strapi's answer, for either name.
 */
export function storedName(filename: string, mimeType: string, givenName?: string, suffix: string = randomSuffix()): StoredName {
  const invalid = () => new ApplicationError('File name contains invalid characters');
  if (!isValidFileName(filename)) throw invalid();
  const fromType = mime.extension(mimeType);
  const ext = extname(filename) || (fromType ? `.${fromType}` : '');
  const name = (givenName || filename).normalize();
  if (!isValidFileName(name)) throw invalid();
  const base = slugify(basename(name, ext), { separator: '_', lowercase: false });
  return { name, hash: `${base}_${suffix}`, ext };
}

/** A format's naming: Strapi prefixes the original's name and hash with the format's key. */
export function formatName(key: FormatKey, original: StoredName): StoredName {
  return { name: `${key}_${original.name}`, hash: `${key}_${original.hash}`, ext: original.ext };
}

/** The key a stored file lives under in any provider: `<hash><ext>`. */
export function storageKey(stored: Pick<StoredName, 'hash' | 'ext'>): string {
  return `${stored.hash}${stored.ext}`;
}

/** Strapi's `size`: kilobytes of 1000 bytes, rounded to two decimals. */
export function kilobytes(bytes: number): number {
  return Math.round((bytes / 1000) * 100) / 100;
}

/**
 * Strapi's `upload.sizeLimit` check, made on the stored file (after images are re-encoded) and on
 * its size in kilobytes as stored, so a file a few bytes over the limit passes as Strapi lets it.
 */
export function checkSizeLimit(name: string, bytes: number, sizeLimit: number): void {
  if (kilobytes(bytes) * 1000 > sizeLimit) throw new PayloadTooLargeError(`${name} exceeds size limit of ${humanBytes(sizeLimit)}.`);
}

/** Bytes as Strapi writes them in that message: a whole number of the largest unit of 1000 that fits. */
export function humanBytes(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB'];
  if (bytes === 0) return '0 Bytes';
  const unit = Math.floor(Math.log(bytes) / Math.log(1000));
  return `${Math.round(bytes / 1000 ** unit)} ${units[unit]}`;
}

function randomSuffix(): string {
  return randomBytes(5).toString('hex');
}
