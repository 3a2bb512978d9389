// `npm run backup` and `npm run restore`: a consistent copy of the embedded store's data folder,
// taken while a gateway serves from it, and the folder's data replaced by such a copy (refused
// while a gateway holds the folder). docs/storage.md, "Backup and restore".
import { parseArgs } from 'node:util';
import { ConfigurationError } from '../src/errors/errors.ts';
import { backupDataFolder, restoreDataFolder } from '../src/store/sqlite/data-folder.ts';
import { DEFAULT_DATA_DIR } from './args.ts';

export const DATA_FOLDER_USAGE = [
  'usage: npm run backup -- [--data DIR] --to FILE     copy the embedded store (while it serves) to FILE',
  '       npm run restore -- [--data DIR] --from FILE  replace the data of a stopped gateway with FILE',
  `  --data DIR   the data folder (DATA_DIR) [default: ${DEFAULT_DATA_DIR}]`,
].join('\n');

/** Runs `backup` or `restore` with its flags; returns the line to print. */
export async function runDataFolderCommand(command: string | undefined, argv: readonly string[], env: Record<string, string | undefined>): Promise<string> {
  let values: { data?: string; to?: string; from?: string };
  try {
    ({ values } = parseArgs({ args: [...argv], options: { data: { type: 'string' }, to: { type: 'string' }, from: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new ConfigurationError(`${(error as Error).message}\n${DATA_FOLDER_USAGE}`);
  }
  const dir = values.data ?? (env.DATA_DIR || DEFAULT_DATA_DIR);
  if (command === 'backup' && values.to) {
    await backupDataFolder(dir, values.to);
    return `backed up ${dir} to ${values.to}`;
  }
  if (command === 'restore' && values.from) {
    restoreDataFolder(dir, values.from);
    return `restored ${dir} from ${values.from}`;
  }
  throw new ConfigurationError(DATA_FOLDER_USAGE);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(await runDataFolderCommand(process.argv[2], process.argv.slice(3), process.env));
  } catch (error) {
    console.error(error instanceof ConfigurationError ? error.message : error);
    process.exitCode = 1;
  }
}
