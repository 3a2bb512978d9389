// Start-up on the embedded store: opens (and locks) its data folder, and decides what becomes of
// the data the flags name. A seed or archive is imported only into an empty store; a store that
// holds data serves it (the demo's default seed, or the very file it was imported from: the same
// path with the same contents, said in a line) or stops with a message, unless --replace-data asks
// to replace it. A folder holding another model's data stops too. docs/storage.md, docs/decisions.md.
import path from 'node:path';
import { ConfigurationError } from '../src/errors/errors.ts';
import type { ContentModel } from '../src/model/types.ts';
import { EmbeddedStore } from '../src/store/embedded-store.ts';
import { openDataFolder, type HeldDataFolder } from '../src/store/sqlite/data-folder.ts';
import type { Store } from '../src/store/store.ts';
import type { GatewayConfig } from './args.ts';
import { dataFolderError } from './data-folder-errors.ts';
import { compareModels, modelNote, names, readNote, sameSource, sha256Of, sourceOf, writeNote, type DataNote, type ModelNote } from './data-note.ts';

export interface OpenedEmbeddedStore {
  store: EmbeddedStore;
  /** Import the flags' data: the store is empty (or was emptied by --replace-data). */
  importData: boolean;
}

function sourceFile(config: GatewayConfig): string | undefined {
  return config.strapiExport?.file ?? config.seedFile;
}

/** Whether the store's data came from an import, or a start with none, that finished. */
export async function importFinished(store: Store): Promise<boolean> {
  return (await readNote(store)) !== undefined;
}

/** Notes, once the import (or a start with no data) has finished, which file and model the store holds. */
export async function recordImport(store: Store, config: GatewayConfig, model: ContentModel): Promise<void> {
  const file = sourceFile(config);
  const source = file === undefined ? undefined : { ...(await sourceOf(file)), sha256: await sha256Of(file) };
  await writeNote(store, { ...(source ? { source } : {}), model: modelNote(model, config.schemaDir) });
}

/** Whether any collection of the store holds a document (its own bookkeeping, `_…`, aside). */
async function holdsEntries(store: EmbeddedStore): Promise<boolean> {
  for (const name of store.collectionNames()) {
    if (!name.startsWith('_') && (await store.count(name, {})) > 0) return true;
  }
  return false;
}

/** Whether the store holds an entry or a media file: the roles an empty start wrote do not count. */
async function holdsContent(store: EmbeddedStore, model: ContentModel): Promise<boolean> {
  for (const ct of model.contentTypes.values()) {
    if (ROLE_TYPES.includes(ct.uid)) continue;
    if ((await store.count(ct.collectionName, {})) > 0) return true;
  }
  return false;
}

const ROLE_TYPES = ['plugin::users-permissions.role', 'plugin::users-permissions.permission'];

/** A folder with no note: new, emptied by --replace-data, or left by a start that did not finish. */
async function unnoted(held: HeldDataFolder, config: GatewayConfig, log: (line: string) => void): Promise<OpenedEmbeddedStore> {
  if (!held.existed || config.replaceData) return { store: held.store, importData: true };
  const imported = await holdsEntries(held.store);
  await held.store.close();
  const dir = path.resolve(config.dataDir);
  log(imported
    ? `the data in ${dir} is from an import that did not finish (the process was stopped midway): importing again`
    : `the data folder ${dir} holds nothing yet (an earlier start stopped before any data was in place): starting it afresh`);
  return { store: openDataFolder(config.dataDir, { replace: true }).store, importData: true };
}

function anotherModel(config: GatewayConfig, held: ModelNote | undefined, given: ModelNote, found: string[]): ConfigurationError {
  const dir = path.resolve(config.dataDir);
  const holds = held ? `the model of ${held.schema} (${names(Object.values(held.contentTypes))})` : `another model's data (${names(found)}; written before folders noted their model)`;
  return new ConfigurationError(
    `The data folder ${dir} holds ${holds}; --schema ${config.schemaDir} is another model (${names(Object.values(given.contentTypes))}), with no content-type in common. ` +
      `Start with ${held ? `--schema ${held.schema}` : "that model's --schema"} to serve its data, give this model its own folder (--data DIR), or add --replace-data to replace the data ` +
      `(with --seed FILE or --strapi-export FILE to import, alone to start empty).`,
  );
}

/**
 * A folder of an earlier release noted no model: the one given now is noted, unless none of its
 * content-types holds an entry while the store holds entries of collections it does not know.
 */
async function inferredModel(store: EmbeddedStore, model: ContentModel): Promise<string[]> {
  const known = new Set([...model.contentTypes.values(), ...model.components.values()].map((owner) => owner.collectionName));
  const api = [...model.contentTypes.values()].filter((ct) => ct.uid.startsWith('api::'));
  for (const ct of api) if ((await store.count(ct.collectionName, {})) > 0) return [];
  const foreign: string[] = [];
  for (const name of store.collectionNames()) {
    if (!name.startsWith('_') && !known.has(name) && (await store.count(name, {})) > 0) foreign.push(name);
  }
  return foreign;
}

/** Stops on another model; serves a changed one as Strapi does, saying what changed; notes the model given. */
async function checkModel(store: EmbeddedStore, note: DataNote, config: GatewayConfig, model: ContentModel, log: (line: string) => void): Promise<void> {
  const given = modelNote(model, config.schemaDir);
  if (!note.model) {
    const foreign = await inferredModel(store, model);
    if (foreign.length > 0) throw anotherModel(config, undefined, given, foreign);
  } else {
    const change = compareModels(note.model, given);
    if (change.kind === 'other') throw anotherModel(config, note.model, given, []);
    if (change.kind === 'same' && note.model.schema === given.schema) return;
    if (change.kind === 'changed') {
      log(`the model changed since the data in ${path.resolve(config.dataDir)} was written: content-types added: ${names(change.added)}; removed: ${names(change.removed)} (their entries are kept, not served)`);
    }
  }
  await writeNote(store, { ...note, model: given });
}

/** A folder with data, and the file the flags name: served, or refused unless --replace-data. */
async function givenFile(held: HeldDataFolder, note: DataNote, config: GatewayConfig, model: ContentModel, log: (line: string) => void): Promise<OpenedEmbeddedStore> {
  const file = sourceFile(config);
  if (file === undefined || config.seedIsDefault) return { store: held.store, importData: false };
  const flag = config.strapiExport ? '--strapi-export' : '--seed';
  const dir = path.resolve(config.dataDir);
  // Started empty and written nothing since: the seed goes in, as into a new folder.
  if (!note.source && !(await holdsContent(held.store, model))) return { store: held.store, importData: true };
  const given = await sourceOf(file);
  if (note.source && (await sameSource(given, note.source))) {
    if (note.source.sha256 === undefined) await writeNote(held.store, { ...note, source: { ...note.source, sha256: await sha256Of(note.source.file) } });
    log(`not imported again: the data in ${dir} came from ${file}, unchanged, and holds what was written since; --replace-data imports it anew (those writes are then lost)`);
    return { store: held.store, importData: false };
  }
  const from = note.source ? `imported from ${note.source.file}` : 'started empty, entries written since';
  throw new ConfigurationError(
    `The embedded store in ${dir} already holds data (${from}); ${flag} ${file} imports only into an empty store. ` +
      `Start without ${flag} to serve the data it holds, add --replace-data to replace it with ${file}'s, or give another folder (--data DIR).`,
  );
}

async function decide(held: HeldDataFolder, config: GatewayConfig, model: ContentModel, log: (line: string) => void): Promise<OpenedEmbeddedStore> {
  const note = await readNote(held.store);
  if (!note) return unnoted(held, config, log);
  await checkModel(held.store, note, config, model, log);
  return givenFile(held, (await readNote(held.store)) ?? note, config, model, log);
}

/**
 * Opens the store of `config.dataDir` (`:memory:`: one in the process, imported at every start).
 * @throws ConfigurationError when another gateway holds the folder, when it cannot be written,
 * when it holds another model's data, or when the flags name data to import into a store that
 * holds other data and --replace-data is not given.
 */
export async function openEmbeddedStore(config: GatewayConfig, model: ContentModel, log: (line: string) => void): Promise<OpenedEmbeddedStore> {
  if (config.dataDir === ':memory:') return { store: new EmbeddedStore(), importData: true };
  let held: HeldDataFolder;
  try {
    held = openDataFolder(config.dataDir, { replace: config.replaceData });
  } catch (error) {
    throw dataFolderError(error, config.dataDir);
  }
  try {
    return await decide(held, config, model, log);
  } catch (error) {
    await held.store.close();
    throw dataFolderError(error, config.dataDir);
  }
}
