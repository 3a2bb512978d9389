// The uploads folder as a provider: a temporary file -> copied to a hidden name in the same folder,
// flushed, then renamed to its key, so a failed or cut write never leaves a file under the key.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { checkKey, type UploadProvider } from './provider.ts';

/** `folder` is the uploads folder (`--uploads`, `public/uploads`); its files are served at `urlPrefix`. */
export function localProvider(folder: string, urlPrefix = '/uploads'): UploadProvider {
  return {
    name: 'local',
    async put(key, path) {
      const target = join(folder, checkKey(key));
      // A dot name: the media route never serves it, so a half-copied file is never seen.
      const partial = join(folder, `.${key}.${randomUUID()}.part`);
      // A project's first upload makes the folder, as Strapi's local provider does.
      await mkdir(folder, { recursive: true });
      try {
        await copyFile(path, partial);
        await flushed(partial);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async delete(key) {
      await rm(join(folder, checkKey(key)), { force: true });
    },
    url: (key) => `${urlPrefix}/${checkKey(key)}`,
  };
}

/** Its bytes on disk before the rename makes them visible, so a crash cannot leave a named empty file. */
async function flushed(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
