// Images as Strapi's upload plugin treats them, replayed from its recorded answers (dimensions of the
// original and of every format it made, test/fixtures/upload/strapi-formats.json); files that are no
// image Strapi processes; and decoding bounded in pixels, a decompression bomb answered 413.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApplicationError, PayloadTooLargeError } from '../../src/errors/errors.ts';
import { imageSettingsSchema, processImage } from '../../src/upload/image.ts';

interface RecordedImage {
  file: string;
  width: number | null;
  height: number | null;
  formats: Record<string, { width: number; height: number }>;
}
const recorded = (JSON.parse(readFileSync('test/fixtures/upload/strapi-formats.json', 'utf8')) as { images: RecordedImage[] }).images;
const fixture = (name: string) => join('test/fixtures/upload', name);
const defaults = imageSettingsSchema.parse(undefined);

let work: string;
beforeEach(async () => (work = await mkdtemp(join(tmpdir(), 'image-test-'))));
afterEach(() => rm(work, { recursive: true, force: true }));

describe('processImage, as Strapi v4.25 answered', () => {
  it.each(recorded.filter((row) => row.width !== null).map((row) => [row.file, row] as const))('%s', async (_file, row) => {
    const image = (await processImage(fixture(row.file), work, defaults))!;
    expect({ width: image.original.width, height: image.original.height }).toEqual({ width: row.width, height: row.height });
    const made = Object.fromEntries(image.formats.map(({ key, file }) => [key, { width: file.width, height: file.height }]));
    expect(made).toEqual(row.formats);
    for (const { file } of [...image.formats, { file: image.original }]) expect((await stat(file.path)).size).toBe(file.bytes);
  });

  it.each(recorded.filter((row) => row.width === null).map((row) => [row.file] as const))('reads no image in %s, as Strapi', async (file) => {
    expect(await processImage(fixture(file), work, defaults)).toBeUndefined();
  });

  it.each(['notes.txt', 'photo.jpg', 'tiny.pdf'])('reads no image in %s', async (file) => {
    expect(await processImage(fixture(file), work, defaults)).toBeUndefined();
  });

  it('orders the thumbnail first, then the breakpoints as configured', async () => {
    const image = (await processImage(fixture('w1001.jpg'), work, defaults))!;
    expect(image.formats.map((format) => format.key)).toEqual(['thumbnail', 'large', 'medium', 'small']);
  });

  it('re-encodes a JPEG original and keeps a GIF or an SVG as received', async () => {
    expect((await processImage(fixture('w300.jpg'), work, defaults))!.original.path.startsWith(work)).toBe(true);
    expect((await processImage(fixture('anim-400x300.gif'), work, defaults))!.original.path).toBe(fixture('anim-400x300.gif'));
    expect((await processImage(fixture('logo.svg'), work, defaults))!.original.path).toBe(fixture('logo.svg'));
  });

  it('makes only the thumbnail when responsive dimensions are off', async () => {
    const image = (await processImage(fixture('w1001.jpg'), work, { ...defaults, responsiveDimensions: false }))!;
    expect(image.formats.map((format) => format.key)).toEqual(['thumbnail']);
  });

  it('turns an image upright by its EXIF orientation when autoOrientation is on', async () => {
    const image = (await processImage(fixture('exif-orient6-500x333.jpg'), work, { ...defaults, autoOrientation: true }))!;
    expect({ width: image.original.width, height: image.original.height }).toEqual({ width: 333, height: 500 });
  });
});

describe('hostile and broken images', () => {
  it('answers 400 "File is not a valid image" for a JPEG cut short, as Strapi, and leaves no file', async () => {
    await expect(processImage(fixture('truncated-photo.jpg'), work, defaults)).rejects.toThrow(new ApplicationError('File is not a valid image'));
    expect(await readdir(work)).toEqual([]);
  });

  it('answers 413 for a PNG declaring 50000x50000 pixels, without decoding it, and keeps serving', async () => {
    const bomb = processImage(fixture('bomb-50000x50000.png'), work, defaults);
    await expect(bomb).rejects.toBeInstanceOf(PayloadTooLargeError);
    await expect(bomb).rejects.toThrow('Image exceeds the limit of 100000000 pixels');
    const next = await processImage(fixture('w300.jpg'), work, defaults);
    expect(next?.original.width).toBe(300);
  });

  it('answers 413 for an image over a configured pixel limit', async () => {
    await expect(processImage(fixture('w300.jpg'), work, { ...defaults, maxPixels: 10_000 })).rejects.toThrow('Image exceeds the limit of 10000 pixels');
    expect(await readdir(work)).toEqual([]);
  });
});
