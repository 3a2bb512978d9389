// `npm run import`: schema folder + seed file (or `strapi export` archive) -> documents, indexes
// and access settings in the MongoDB at MONGODB_URI (and an archive's files in the uploads
// folder). Checks everything before connecting; exits non-zero on any failure.
import { saveSettings } from '../src/auth/settings.ts';
import { settingsFromSeed } from '../src/seed/seed-settings.ts';
import { ConfigurationError } from '../src/errors/errors.ts';
import { loadContentModel } from '../src/model/load.ts';
import type { ContentModel } from '../src/model/types.ts';
import type { CheckedSeed } from '../src/seed/checked.ts';
import { writeSeed, type ImportReport } from '../src/seed/import-seed.ts';
import { loadSeedFile } from '../src/seed/load-seed.ts';
import type { Seed } from '../src/seed/parse-seed.ts';
import { validateSeed } from '../src/seed/validate-seed.ts';
import { createMongoStore } from '../src/store/mongo-store.ts';
import type { Store } from '../src/store/store.ts';
import { readStrapiExport, writeStrapiExport, type ReadArchive } from '../src/strapi-export/import-archive.ts';
import { IMPORT_USAGE, parseImportArgs, type ImportConfig } from './import-args.ts';
import { readProgress, writeProgress } from './progress.ts';

function printReport(report: ImportReport): void {
  const width = Math.max(...report.map((row) => row.collection.length));
  console.log('written per collection:');
  for (const { collection, written } of report) console.log(`  ${collection.padEnd(width)}  ${written}`);
}

/** What is imported: a seed file's data, or an archive read and checked (its assets staged). */
type Source = { kind: 'seed'; seed: Seed; checked: CheckedSeed } | { kind: 'archive'; read: ReadArchive };

async function readSource(model: ContentModel, config: ImportConfig, tty: boolean): Promise<Source> {
  if (config.strapiExport) {
    const { file, key } = config.strapiExport;
    const read = await readStrapiExport(model, file, { key, uploadsDir: config.uploadsDir, onRead: readProgress({ tty }) });
    return { kind: 'archive', read };
  }
  const seed = await loadSeedFile(config.seedFile!);
  return { kind: 'seed', seed, checked: validateSeed(model, seed, `Invalid seed ${config.seedFile}`, { apiTokenSalt: config.apiTokenSalt }) };
}

async function writeSource(model: ContentModel, source: Source, store: Store, config: ImportConfig, tty: boolean): Promise<Seed> {
  const options = { drop: config.drop, batchSize: config.batchSize, onProgress: writeProgress({ tty }) };
  if (source.kind === 'seed') {
    printReport(await writeSeed(model, source.checked, store, options));
    return source.seed;
  }
  const { report, files } = await writeStrapiExport(model, source.read, store, options);
  printReport(report);
  console.log(`files copied to ${config.uploadsDir}: ${files}`);
  for (const note of source.read.notes) console.log(`note: ${note}`);
  return source.read.seed;
}

async function runImport(config: ImportConfig): Promise<void> {
  const tty = process.stdout.isTTY === true;
  const model = await loadContentModel(config.schemaDir);
  for (const warning of model.warnings) console.warn(`warning: ${warning}`);
  const source = await readSource(model, config, tty);
  const store = createMongoStore({ uri: config.mongodbUri, ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }) });
  try {
    await store.ping();
    const seed = await writeSource(model, source, store, config, tty);
    const settings = settingsFromSeed(seed);
    await saveSettings(store, settings);
    const roles = Object.keys(settings.roles);
    const tokens = Object.keys(settings.tokens).length;
    console.log(`access settings: roles ${roles.join(', ') || '(none)'}; ${tokens} API token(s); locales ${settings.locales.codes.join(', ')} (default ${settings.locales.defaultLocale})`);
  } catch (error) {
    // Staged files of an archive go when the database cannot take it (a no-op once they are moved).
    if (source.kind === 'archive') await source.read.staged.discard();
    throw error;
  } finally {
    await store.close();
  }
}

try {
  const config = parseImportArgs(process.argv.slice(2), process.env);
  if (config.kind === 'help') console.log(IMPORT_USAGE);
  else await runImport(config);
} catch (error) {
  console.error(error instanceof ConfigurationError ? error.message : `import failed: ${(error as Error).message ?? String(error)}`);
  process.exitCode = 1;
}
