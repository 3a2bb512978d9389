// A file's stored type comes from its content where the content has a signature; a file whose
// content contradicts the image, video or audio type its name or declaration claims is refused.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationError } from '../../src/errors/errors.ts';
import { judgeType } from '../../src/upload/content-type.ts';

const fixture = (name: string) => join('test/fixtures/upload', name);
let work: string;
beforeAll(async () => (work = await mkdtemp(join(tmpdir(), 'content-type-'))));
afterAll(() => rm(work, { recursive: true, force: true }));

describe('judgeType', () => {
  it.each([
    ['a JPEG as declared', 'w300.jpg', 'w300.jpg', 'image/jpeg', { mime: 'image/jpeg', sniffed: true }],
    ['a PNG named .jpg and declared image/jpeg, as the PNG it is', 'png-named.jpg', 'png-named.jpg', 'image/jpeg', { mime: 'image/png', sniffed: true }],
    ['a PDF declared application/octet-stream, as a PDF', 'tiny.pdf', 'tiny.pdf', 'application/octet-stream', { mime: 'application/pdf', sniffed: true }],
    ['an SVG, which has no signature, as declared', 'logo.svg', 'logo.svg', 'image/svg+xml', { mime: 'image/svg+xml', sniffed: false }],
    ['a text file as declared', 'notes.txt', 'notes.txt', 'text/plain', { mime: 'text/plain', sniffed: false }],
    ['a text file without a declared type, by its name', 'notes.txt', 'notes.txt', undefined, { mime: 'text/plain', sniffed: false }],
    ['a file with neither, as application/octet-stream', 'notes.txt', 'README', undefined, { mime: 'application/octet-stream', sniffed: false }],
    ['a TypeScript file named .ts (MPEG-TS to mime-types), as declared', 'notes.txt', 'main.ts', 'video/mp2t', { mime: 'video/mp2t', sniffed: false }],
  ])('stores %s', async (_name, file, filename, declared, expected) => {
    expect(await judgeType(fixture(file), filename, declared)).toEqual(expected);
  });

  it('keeps an SVG with an XML declaration as SVG, not application/xml', async () => {
    const path = join(work, 'declared.svg');
    await writeFile(path, '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    expect(await judgeType(path, 'declared.svg', 'image/svg+xml')).toEqual({ mime: 'image/svg+xml', sniffed: true });
  });

  it.each([
    ['a text file named photo.jpg and declared image/jpeg (stored by Strapi as image/jpeg)', 'photo.jpg', 'photo.jpg', 'image/jpeg', 'image/jpeg'],
    ['a text file named .jpg but declared text/plain', 'text-named.jpg', 'text-named.jpg', 'text/plain', 'image/jpeg'],
    ['a text file declared video/mp4', 'notes.txt', 'clip.mp4', 'video/mp4', 'video/mp4'],
  ])('refuses %s', async (_name, file, filename, declared, claim) => {
    await expect(judgeType(fixture(file), filename, declared)).rejects.toThrow(
      new ApplicationError(`${filename} is declared or named ${claim}, but its content is not ${claim}`),
    );
  });

  it('refuses an empty file declared image/png', async () => {
    const path = join(work, 'empty');
    await writeFile(path, '');
    await expect(judgeType(path, 'x.png', 'image/png')).rejects.toThrow('x.png is declared or named image/png, but its content is not image/png');
  });
});
