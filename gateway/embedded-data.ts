// Start-up on the embedded store: opens (and locks) its data folder, and decides what becomes of
// the data the flags name. A seed or archive is imported only into an empty store; a store that
// holds data serves it (the demo's default seed, or the very file it was imported from: the same
// path with the same contents) or stops with a message, unless --replace-data asks to replace it.
// docs/storage.md, docs/decisions.md.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../src/errors/errors.ts';
import { EmbeddedStore } from '../src/store/embedded-store.ts';
import { openDataFolder } from '../src/store/sqlite/data-folder.ts';
import type { Store } from '../src/store/store.ts';
import type { GatewayConfig } from './args.ts';

/** Where the store keeps which file its data was imported from. */
const IMPORTS_COLLECTION = '_imports';

/**
 * A file as start-up tells it apart: its path, size and modification time, and the SHA-256 of its
 * contents (absent in notes of releases before it was kept), which settles it when the time
 * differs (a fresh checkout or a copy gives the same file a new time).
 */
interface Source {
  file: string;
  size: number;
  mtimeMs: number;
  sha256?: string;
}

export interface OpenedEmbeddedStore {
  store: EmbeddedStore;
  /** Import the flags' data: the store is empty (or was emptied by --replace-data). */
  importData: boolean;
}

function sourceFile(config: GatewayConfig): string | undefined {
  return config.strapiExport?.file ?? config.seedFile;
}

async function sourceOf(file: string): Promise<Source> {
  const found = await stat(file).catch(() => undefined);
  if (!found) throw new ConfigurationError(`Cannot read ${file}: no such file.`);
  return { file: path.resolve(file), size: found.size, mtimeMs: found.mtimeMs };
}

/** The file the store's data was imported from, or undefined when no import finished. */
export async function importedFrom(store: Store): Promise<Source | undefined> {
  const [doc] = await store.find(IMPORTS_COLLECTION, { id: 1 });
  return doc?.source as Source | undefined;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Whether `given` is the file `imported` notes: the same path, and the same time or the same contents. */
async function sameSource(given: Source, imported: Source): Promise<boolean> {
  if (given.file !== imported.file || given.size !== imported.size) return false;
  if (given.mtimeMs === imported.mtimeMs) return true;
  return imported.sha256 !== undefined && (await sha256Of(given.file)) === imported.sha256;
}

/**
 * Adds the file's SHA-256 to a note an earlier release wrote without it, once the file matched
 * it by time: a later new time (a fresh checkout) with the same contents is then recognised.
 */
async function noteContents(store: Store, imported: Source): Promise<void> {
  const [doc] = await store.find(IMPORTS_COLLECTION, { id: 1 });
  await store.write([{ op: 'put', collection: IMPORTS_COLLECTION, doc: { ...doc, id: 1, source: { ...imported, sha256: await sha256Of(imported.file) } } }]);
}

/** Notes, once the import has finished, which file the store's data came from. */
export async function recordImport(store: Store, config: GatewayConfig): Promise<void> {
  const file = sourceFile(config);
  if (file === undefined) return;
  const source: Source = { ...(await sourceOf(file)), sha256: await sha256Of(file) };
  await store.write([{ op: 'put', collection: IMPORTS_COLLECTION, doc: { id: 1, source, at: new Date() } }]);
}

/**
 * Opens the store of `config.dataDir` (`:memory:`: one in the process, imported at every start).
 * @throws ConfigurationError when another gateway holds the folder, or when the flags name data to
 * import into a store that holds other data and --replace-data is not given.
 */
export async function openEmbeddedStore(config: GatewayConfig, log: (line: string) => void): Promise<OpenedEmbeddedStore> {
  if (config.dataDir === ':memory:') return { store: new EmbeddedStore(), importData: true };
  const held = openDataFolder(config.dataDir, { replace: config.replaceData });
  const imported = await importedFrom(held.store);
  const file = sourceFile(config);
  if (!imported) {
    if (!held.existed || config.replaceData) return { store: held.store, importData: true };
    // A folder whose import never finished (the process was stopped midway): start it again.
    await held.store.close();
    log(`the data in ${config.dataDir} is from an import that did not finish: importing again`);
    return { store: openDataFolder(config.dataDir, { replace: true }).store, importData: true };
  }
  if (file === undefined || config.seedIsDefault) return { store: held.store, importData: false };
  const given = await sourceOf(file);
  if (await sameSource(given, imported)) {
    if (imported.sha256 === undefined) await noteContents(held.store, imported);
    return { store: held.store, importData: false };
  }
  await held.store.close();
  const flag = config.strapiExport ? '--strapi-export' : '--seed';
  throw new ConfigurationError(
    `The embedded store in ${path.resolve(config.dataDir)} already holds data (imported from ${imported.file}); ${flag} ${file} imports only into an empty store. ` +
      `Start without ${flag} to serve the data it holds, add --replace-data to replace it with ${file}'s, or give another folder (--data DIR).`,
  );
}
