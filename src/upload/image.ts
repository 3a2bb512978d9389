// An upload's temporary path -> nothing when it is no image Strapi processes, else its stored original
// and formats written as files (width, height, bytes), as Strapi makes them; decoding bounded in pixels and time.
import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import { ApplicationError, PayloadTooLargeError } from '../errors/errors.ts';

/** sharp's names of the formats Strapi v4.25 reads dimensions of, re-encodes, and resizes (AVIF is `heif` to sharp, so none). */
const PROCESSED = new Set(['jpeg', 'png', 'webp', 'tiff', 'svg', 'gif', 'avif']);
const OPTIMIZED = new Set(['jpeg', 'png', 'webp', 'tiff', 'avif']);
const RESIZED = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif']);
const THUMBNAIL = { width: 245, height: 156 };

/** Strapi's upload settings that shape images, its defaults, and our bounds on decoding (raw config -> typed). */
export const imageSettingsSchema = z
  .object({
    sizeOptimization: z.boolean().default(true),
    responsiveDimensions: z.boolean().default(true),
    autoOrientation: z.boolean().default(false),
    breakpoints: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/i), z.number().int().min(1)).default({ large: 1000, medium: 750, small: 500 }),
    maxPixels: z.number().int().min(1).default(100_000_000),
    timeoutSeconds: z.number().int().min(1).default(20),
  })
  .strict()
  .prefault({});

export type ImageSettings = z.output<typeof imageSettingsSchema>;

export interface ImageFile {
  readonly path: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
}

export interface ProcessedImage {
  /** sharp's name of the image's format (`jpeg`, `png`, `svg`...). */
  readonly format: string;
  /** The file to store as the upload: re-encoded when Strapi re-encodes this format, else the one received. */
  readonly original: ImageFile;
  /** `thumbnail` first, then the breakpoints in the settings' order. */
  readonly formats: readonly { key: string; file: ImageFile }[];
}

/**
 * Reads, checks and processes the image at `path`, writing new files into `workFolder` (removed
 * again if any step fails). Undefined when sharp reads no image Strapi processes there.
 * @throws PayloadTooLargeError (413) over `maxPixels` or `timeoutSeconds`; ApplicationError
 *   "File is not a valid image" (400, Strapi's) when its header reads but its pixels do not.
 */
export async function processImage(path: string, workFolder: string, settings: ImageSettings): Promise<ProcessedImage | undefined> {
  const format = await imageFormat(path, settings);
  if (format === undefined) return undefined;
  const written: string[] = [];
  const output = () => {
    const out = join(workFolder, `image-${randomUUID()}`);
    written.push(out);
    return out;
  };
  try {
    await bounded(open(path, settings).stats(), settings);
    const original = OPTIMIZED.has(format) && (settings.sizeOptimization || settings.autoOrientation)
      ? await reencode(path, format, output(), settings)
      : await measured(path, settings);
    const formats = RESIZED.has(format) ? await makeFormats(original, output, settings) : [];
    return { format, original, formats };
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw imageError(error, settings);
  }
}

/** The format Strapi would process the file as, or undefined when it is none (not an image at all, AVIF). */
async function imageFormat(path: string, settings: ImageSettings): Promise<string | undefined> {
  try {
    const { format } = await bounded(open(path, settings).metadata(), settings);
    return format !== undefined && PROCESSED.has(format) ? format : undefined;
  } catch (error) {
    if (isPixelLimit(error)) throw imageError(error, settings);
    return undefined;
  }
}

/** Strapi's optimisation: the same format at quality 80 (100 without it), turned upright when asked; kept even when larger, as Strapi keeps it. */
async function reencode(path: string, format: string, out: string, settings: ImageSettings): Promise<ImageFile> {
  const quality = settings.sizeOptimization ? 80 : 100;
  const pipeline = encoder(open(path, settings), format, quality);
  if (settings.autoOrientation) pipeline.rotate();
  const info = await bounded(pipeline.timeout({ seconds: settings.timeoutSeconds }).toFile(out), settings);
  return { path: out, width: info.width, height: info.height, bytes: info.size };
}

function encoder(pipeline: Sharp, format: string, quality: number): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality });
    case 'png':
      return pipeline.png({ quality });
    case 'webp':
      return pipeline.webp({ quality });
    case 'tiff':
      return pipeline.tiff({ quality });
    default:
      return pipeline.avif({ quality });
  }
}

/** A thumbnail when the image is larger than 245x156, and each breakpoint smaller than its width or height, fitted inside. */
async function makeFormats(original: ImageFile, output: () => string, settings: ImageSettings): Promise<{ key: string; file: ImageFile }[]> {
  const boxes: [string, { width: number; height: number }][] = [];
  if (original.width > THUMBNAIL.width || original.height > THUMBNAIL.height) boxes.push(['thumbnail', THUMBNAIL]);
  if (settings.responsiveDimensions) {
    for (const [key, size] of Object.entries(settings.breakpoints)) {
      if (size < original.width || size < original.height) boxes.push([key, { width: size, height: size }]);
    }
  }
  // Made side by side, as Strapi makes them (sharp's work runs on libuv's threads); every one
  // settled before a failure is thrown, so the caller's clean-up finds every file written.
  const settled = await Promise.allSettled(
    boxes.map(async ([key, box]) => {
      const out = output();
      // No output format named: sharp writes the input's, as Strapi's resize does.
      const info = await bounded(open(original.path, settings).resize({ ...box, fit: 'inside' }).timeout({ seconds: settings.timeoutSeconds }).toFile(out), settings);
      return { key, file: { path: out, width: info.width, height: info.height, bytes: info.size } };
    }),
  );
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<{ key: string; file: ImageFile }>).value);
}

async function measured(path: string, settings: ImageSettings): Promise<ImageFile> {
  const [{ width, height }, { size }] = await Promise.all([bounded(open(path, settings).metadata(), settings), stat(path)]);
  return { path, width: width ?? 0, height: height ?? 0, bytes: size };
}

function open(path: string, settings: ImageSettings): Sharp {
  return sharp(path, { limitInputPixels: settings.maxPixels });
}

class ImageTimeout extends Error {}

/** sharp's own timeout stops only encoding; this one also bounds reading and decoding (the work itself is bounded by the pixel limit). */
function bounded<T>(work: Promise<T>, settings: ImageSettings): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ImageTimeout()), settings.timeoutSeconds * 1000);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

function imageError(error: unknown, settings: ImageSettings): unknown {
  // Ours, and the system's (a full disk): not the image's fault.
  if (error instanceof ApplicationError || (error instanceof Error && 'code' in error)) return error;
  if (isPixelLimit(error)) return new PayloadTooLargeError(`Image exceeds the limit of ${settings.maxPixels} pixels`);
  if (error instanceof ImageTimeout || (error instanceof Error && /timeout/i.test(error.message))) {
    return new PayloadTooLargeError(`Image took longer than ${settings.timeoutSeconds} s to process`);
  }
  return new ApplicationError('File is not a valid image');
}
