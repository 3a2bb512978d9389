// A request's fileInfo read as Strapi v4.25 read it (test/fixtures/upload/strapi-file-info.json,
// recorded uploads of one and two files): which info each file gets, and its errors, word for word.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/errors.ts';
import { singleFileInfo, uploadFileInfos, type FileInfo } from '../../src/upload/file-info.ts';

interface Recorded {
  name: string;
  fileInfo: string | string[] | null;
  files: number;
  filenames?: string[];
  answer?: Array<{ name: string; alternativeText: string | null; caption: string | null }>;
  error?: { status: number; name: string; message: string; details: unknown };
}
const { cases } = JSON.parse(readFileSync('test/fixtures/upload/strapi-file-info.json', 'utf8')) as { cases: Recorded[] };
// A name Strapi refuses is the naming step's answer (naming.test.ts), not fileInfo's.
const answered = cases.filter((c) => c.answer);
const refused = cases.filter((c) => c.error && c.error.name === 'ValidationError');

/** What a file shows once its info is applied, as an upload applies it. */
const shown = (info: FileInfo | undefined, filename: string) => ({ name: info?.name ?? filename, alternativeText: info?.alternativeText ?? null, caption: info?.caption ?? null });

describe('uploadFileInfos, as Strapi read recorded uploads', () => {
  it.each(answered.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const infos = uploadFileInfos(c.fileInfo ?? undefined, c.files);
    expect(c.filenames!.map((filename, index) => shown(infos[index], filename))).toEqual(c.answer);
  });

  it.each(refused.map((c) => [c.name, c] as const))('refuses %s in Strapi\'s words', (_name, c) => {
    let error: unknown;
    try {
      uploadFileInfos(c.fileInfo ?? undefined, c.files);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ValidationError);
    const { status, name, message, details } = error as ValidationError;
    expect({ status, name, message, details }).toEqual(c.error);
  });
});

describe('singleFileInfo (POST /api/upload?id=)', () => {
  it.each([
    ['an object', { caption: 'c' }, { caption: 'c' }],
    ['its JSON text', '{"caption":"c","foo":1}', { caption: 'c' }],
    ['a list of one JSON text (one multipart field)', ['{"name":"n"}'], { name: 'n' }],
    ['nothing', undefined, {}],
    ['null values, which keep what the file has', { alternativeText: null }, { alternativeText: null }],
    ['a number, as text', { caption: 12 }, { caption: '12' }],
  ])('reads %s', (_what, raw, expected) => {
    expect(singleFileInfo(raw)).toEqual(expected);
  });

  it.each([
    ['text that is not JSON', '{not json', 'fileInfo must be a `object` type'],
    ['a list', [{ name: 'a' }, { name: 'b' }], 'fileInfo must be a `object` type'],
    ['an object for a name', { name: { first: 'a' } }, 'fileInfo.name must be a `string` type'],
  ])('refuses %s', (_what, raw, message) => {
    expect(() => singleFileInfo(raw)).toThrow(message);
  });
});
