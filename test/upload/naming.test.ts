// Strapi's naming of uploads, replayed from what Strapi v4.25 answered (test/fixtures/upload/
// strapi-names.json): hash, ext and name per filename, type and fileInfo name; sizes in its kilobytes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApplicationError, PayloadTooLargeError } from '../../src/errors/errors.ts';
import { checkSizeLimit, formatName, humanBytes, isValidFileName, kilobytes, storageKey, storedName } from '../../src/upload/naming.ts';

interface Recorded {
  filename: string;
  contentType?: string | null;
  fileInfoName?: string | null;
  hash?: string;
  ext?: string;
  name?: string;
  error?: string;
}
const recorded = JSON.parse(readFileSync('test/fixtures/upload/strapi-names.json', 'utf8')) as { names: Recorded[]; fileInfo: Recorded[] };
const named = recorded.names.filter((row) => row.error === undefined);
const refused = recorded.names.filter((row) => row.error !== undefined);
// Strapi fills a part without a type from its name (mime-types), before naming it.
const typeOf = (row: Recorded) => row.contentType ?? 'text/plain';

describe('storedName, as Strapi named recorded uploads', () => {
  it.each(named.map((row) => [row.filename, row] as const))('%s', (_filename, row) => {
    expect(storedName(row.filename, typeOf(row), undefined, '0123456789')).toEqual({
      name: row.name,
      hash: `${row.hash}_0123456789`,
      ext: row.ext,
    });
  });

  it.each(recorded.fileInfo.map((row) => [row.fileInfoName ?? '(none)', row] as const))('with fileInfo.name %s', (_name, row) => {
    expect(storedName(row.filename, typeOf(row), row.fileInfoName ?? undefined, 'abcdef0123')).toEqual({
      name: row.name,
      hash: `${row.hash}_abcdef0123`,
      ext: row.ext,
    });
  });

  it.each(refused.map((row) => [JSON.stringify(row.filename).slice(0, 40), row] as const))('refuses %s as Strapi does', (_name, row) => {
    expect(() => storedName(row.filename, 'text/plain')).toThrow(new ApplicationError(row.error!));
  });

  it('refuses an invalid name given by fileInfo', () => {
    expect(() => storedName('ok.txt', 'text/plain', 'bad/name.txt')).toThrow('File name contains invalid characters');
  });

  it('ends the hash with 10 random hex digits, different each time', () => {
    const [first, second] = [storedName('a.txt', 'text/plain'), storedName('a.txt', 'text/plain')];
    expect(first.hash).toMatch(/^a_[0-9a-f]{10}$/);
    expect(first.hash).not.toBe(second.hash);
  });

  it('leaves the extension empty for a type mime-types has none for (Strapi writes ".false")', () => {
    expect(storedName('blob', 'application/x-unknown-kind', undefined, '0000000000').ext).toBe('');
  });
});

describe('names around the hash', () => {
  const original = { name: 'photo-1600x1067.jpg', hash: 'photo_1600x1067_f8479fe3b4', ext: '.jpg' };

  it.each(['thumbnail', 'large', 'medium', 'small'] as const)('names the %s format with its key first', (key) => {
    expect(formatName(key, original)).toEqual({ name: `${key}_photo-1600x1067.jpg`, hash: `${key}_photo_1600x1067_f8479fe3b4`, ext: '.jpg' });
  });

  it('keys a stored file by its hash and ext', () => {
    expect(storageKey(original)).toBe('photo_1600x1067_f8479fe3b4.jpg');
  });

  it.each([
    ['a tab', 'a\tb.txt', false],
    ['a device name', 'CON', false],
    ['dots only', '..', false],
    ['255 characters', 'x'.repeat(255), true],
    ['256 characters', 'x'.repeat(256), false],
    ['spaces and accents', 'Mon Été (1).JPG', true],
  ])('isValidFileName: %s', (_name, name, valid) => {
    expect(isValidFileName(name)).toBe(valid);
  });
});

describe('sizes as Strapi counts them', () => {
  it.each([
    [12, 0.01],
    [655, 0.66],
    [197254, 197.25],
    [100001, 100],
    [100500, 100.5],
    [31457280, 31457.28],
    [0, 0],
  ])('%d bytes are %d KB', (bytes, kb) => {
    expect(kilobytes(bytes)).toBe(kb);
  });

  it.each([
    ['lets 100001 bytes through a 100000-byte limit (rounded to 100 KB)', 100_001, undefined],
    ['refuses 100500 bytes', 100_500, 'over.bin exceeds size limit of 100 KB.'],
  ])('sizeLimit 100000 %s', (_name, bytes, message) => {
    const check = () => checkSizeLimit('over.bin', bytes, 100_000);
    if (message === undefined) expect(check).not.toThrow();
    else expect(check).toThrow(new PayloadTooLargeError(message));
  });

  it.each([
    [100_000, '100 KB'],
    [1_000_000_000, '1 GB'],
    [209_715_200, '210 MB'],
    [999, '999 Bytes'],
  ])('humanBytes(%d) is %s', (bytes, text) => {
    expect(humanBytes(bytes)).toBe(text);
  });
});
