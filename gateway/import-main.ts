// `npm run import`: schema folder + seed file -> documents, indexes and access settings in the
// MongoDB at MONGODB_URI. Checks everything before connecting; exits non-zero on any failure.
import { saveSettings, settingsFromSeed } from '../src/auth/access.ts';
import { ConfigurationError } from '../src/errors/errors.ts';
import { loadContentModel } from '../src/model/load.ts';
import { writeSeed, type ImportReport } from '../src/seed/import-seed.ts';
import { loadSeedFile } from '../src/seed/load-seed.ts';
import { validateSeed } from '../src/seed/validate-seed.ts';
import { createMongoStore } from '../src/store/mongo-store.ts';
import { IMPORT_USAGE, parseImportArgs, type ImportConfig } from './import-args.ts';

const BAR_WIDTH = 30;

/** On a terminal, one bar redrawn in place; otherwise one plain line per batch. */
function progressReporter(tty: boolean): (done: number, total: number, collection: string) => void {
  return (done, total, collection) => {
    if (!tty) {
      console.log(`wrote ${done}/${total} documents (${collection})`);
      return;
    }
    const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
    const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}`;
    process.stdout.write(`\r[${bar}] ${String(percent).padStart(3)}% ${done}/${total} ${collection.padEnd(24)}`);
    if (done === total) process.stdout.write('\n');
  };
}

function printReport(report: ImportReport): void {
  const width = Math.max(...report.map((row) => row.collection.length));
  console.log('written per collection:');
  for (const { collection, written } of report) console.log(`  ${collection.padEnd(width)}  ${written}`);
}

async function runImport(config: ImportConfig): Promise<void> {
  const model = await loadContentModel(config.schemaDir);
  for (const warning of model.warnings) console.warn(`warning: ${warning}`);
  const seed = await loadSeedFile(config.seedFile);
  const checked = validateSeed(model, seed, `Invalid seed ${config.seedFile}`);
  const store = createMongoStore({ uri: config.mongodbUri, ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }) });
  try {
    await store.ping();
    const report = await writeSeed(model, checked, store, {
      drop: config.drop,
      batchSize: config.batchSize,
      onProgress: progressReporter(process.stdout.isTTY === true),
    });
    const settings = settingsFromSeed(seed);
    await saveSettings(store, settings);
    printReport(report);
    const roles = Object.keys(settings.roles);
    const tokens = Object.keys(settings.tokens).length;
    console.log(`access settings: roles ${roles.join(', ') || '(none)'}; ${tokens} API token(s); locales ${settings.locales.codes.join(', ')} (default ${settings.locales.defaultLocale})`);
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
