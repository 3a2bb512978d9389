// The upload benchmark's photo: a 4032x3024 JPEG (a 12 MP phone photo's size) of gradients and
// seeded noise at quality 88, about 5 MB, the same bytes on every run; written once to a file.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export const PHOTO_PATH = path.join(os.tmpdir(), 'gateway-bench', 'photo-4032x3024.jpg');
const WIDTH = 4032;
const HEIGHT = 3024;

/** The photo's path, made when missing. */
export async function benchPhoto(): Promise<{ path: string; bytes: number }> {
  const made = await stat(PHOTO_PATH).catch(() => undefined);
  if (made) return { path: PHOTO_PATH, bytes: made.size };
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 2463534242;
  for (let i = 0; i < raw.length; i += 3) {
    seed ^= seed << 13;
    seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    const pixel = i / 3;
    const [x, y, noise] = [pixel % WIDTH, Math.floor(pixel / WIDTH), (seed & 63) - 32];
    raw[i] = Math.max(0, Math.min(255, (x * 255) / WIDTH + noise));
    raw[i + 1] = Math.max(0, Math.min(255, (y * 255) / HEIGHT + noise));
    raw[i + 2] = Math.max(0, Math.min(255, 128 + Math.sin(x / 40) * 60 + noise));
  }
  const jpeg = await sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
  await mkdir(path.dirname(PHOTO_PATH), { recursive: true });
  await writeFile(PHOTO_PATH, jpeg);
  return { path: PHOTO_PATH, bytes: jpeg.length };
}
