// Files of the archive's assets/uploads/ -> a hidden staging folder inside the uploads folder,
// moved into place only once the import has succeeded, or removed, so no failure leaves files behind.
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ConfigurationError } from '../errors/errors.ts';

const STAGE_PREFIX = '.strapi-import-';
/** One path segment that is not hidden: no separators, no `..`, nothing Strapi would not have written. */
const SAFE_NAME = /^[^/\\.][^/\\]*$/;

export interface AssetStage {
  /** Streams one asset into the staging folder. @throws ConfigurationError on an unsafe name. */
  write(name: string, content: AsyncIterable<Buffer>): Promise<void>;
  /** Moves every staged file into the uploads folder (replacing files of the same name). */
  commit(): Promise<number>;
  /** Removes the staging folder and what it holds. */
  discard(): Promise<void>;
}

export async function stageAssets(uploadsDir: string): Promise<AssetStage> {
  await mkdir(uploadsDir, { recursive: true });
  const stage = await mkdtemp(join(uploadsDir, STAGE_PREFIX));
  return {
    async write(name, content) {
      if (!SAFE_NAME.test(name)) throw new ConfigurationError(`Unsafe asset name in the archive: ${JSON.stringify(name)}`);
      await pipeline(content, createWriteStream(join(stage, name)));
    },
    async commit() {
      const names = await readdir(stage);
      for (const name of names) await rename(join(stage, name), join(uploadsDir, name));
      await rm(stage, { recursive: true, force: true });
      return names.length;
    },
    discard: () => rm(stage, { recursive: true, force: true }),
  };
}
