// `npm run token`: creates (printing the token once), lists and revokes Strapi API tokens: in
// MongoDB (MONGODB_URI), in the embedded store of a data folder no gateway holds, or in a seed file.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_TOKENS_COLLECTION, accessKeyOf, generateToken, type ApiToken } from '../src/auth/api-tokens.ts';
import { ConfigurationError } from '../src/errors/errors.ts';
import { createMongoStore } from '../src/store/mongo-store.ts';
import { DATABASE_FILE, DataFolderInUse, openDataFolder } from '../src/store/sqlite/data-folder.ts';
import type { Doc, Store } from '../src/store/store.ts';
import { importFinished } from './embedded-data.ts';
import { TOKEN_USAGE, parseTokenArgs, type TokenCommand, type TokenTarget } from './token-args.ts';

/** The tokens of a target, read and written as a whole (they are few). */
interface TokenBook {
  all(): Promise<ApiToken[]>;
  add(token: Omit<ApiToken, 'id'>): Promise<ApiToken>;
  remove(id: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The tokens a store holds: MongoDB's, or a data folder's embedded store. */
function storeBook(store: Store): TokenBook {
  const all = async () => (await store.find(API_TOKENS_COLLECTION, {}, { sort: [['id', 1]] })) as unknown as ApiToken[];
  return {
    all,
    async add(token) {
      // Past every token's id: a seed's tokens are imported with their own ids, moving no counter.
      await store.reserveUpTo(API_TOKENS_COLLECTION, Math.max(0, ...(await all()).map((each) => each.id)));
      const record = { id: await store.allocateIds(API_TOKENS_COLLECTION, 1), ...token };
      await store.write([{ op: 'put', collection: API_TOKENS_COLLECTION, doc: record as unknown as Doc }]);
      return record;
    },
    remove: async (id) => (await store.deleteByIds(API_TOKENS_COLLECTION, [id])) > 0,
    close: () => store.close(),
  };
}

/**
 * The embedded store of a data folder that holds imported data and that no gateway holds: a
 * running gateway keeps what it knows of its store in memory, so a second writer could leave it
 * blind to the token (docs/decisions.md).
 * @throws ConfigurationError saying what to do instead.
 */
async function dataFolderStore(dir: string): Promise<Store> {
  const folder = path.resolve(dir);
  const noData = new ConfigurationError(
    `The data folder ${folder} holds no data yet, and a gateway's first start on it imports its data afresh, without the token. ` +
      `Start the gateway on it once (npm start -- --data ${dir}), stop it, then create the token; or add the token to the seed file before that first start (--seed FILE).`,
  );
  if (dir === ':memory:') throw new ConfigurationError('--data :memory: keeps nothing once the command ends: name the data folder the gateway runs with (--data DIR).');
  if (!existsSync(path.join(dir, DATABASE_FILE))) throw noData;
  let store: Store;
  try {
    store = openDataFolder(dir).store;
  } catch (error) {
    if (!(error instanceof DataFolderInUse)) throw error;
    throw new ConfigurationError(
      `The data folder ${folder} is in use by a gateway (process ${error.holder}), and tokens are written only to a folder no gateway holds. ` +
        `Stop the gateway (Ctrl-C, or kill -INT ${error.holder}), run this command again, then start the gateway: it reads the token from its folder.`,
    );
  }
  if (await importFinished(store)) return store;
  await store.close();
  throw noData;
}

function seedBook(file: string): TokenBook {
  const read = async () => {
    const seed = JSON.parse(await readFile(file, 'utf8').catch(() => { throw new ConfigurationError(`Cannot read seed file ${file}`); }));
    // A seed's own tokens may leave out what the import fills in (ids, permissions, expiry).
    const tokens = ((seed.apiTokens ?? []) as Array<Partial<ApiToken>>).map((token, index) => ({
      ...token, id: token.id ?? index + 1, permissions: token.permissions ?? [], expiresAt: token.expiresAt ?? null,
    })) as ApiToken[];
    return { seed, tokens };
  };
  const save = async (seed: Record<string, unknown>, tokens: unknown[]) => writeFile(file, `${JSON.stringify({ ...seed, apiTokens: tokens }, null, 2)}\n`);
  return {
    all: async () => (await read()).tokens,
    async add(token) {
      const { seed, tokens } = await read();
      const record = { id: Math.max(0, ...tokens.map((t) => t.id ?? 0)) + 1, ...token };
      await save(seed, [...tokens, { ...record, expiresAt: record.expiresAt?.toISOString() ?? null, createdAt: undefined }]);
      return record;
    },
    async remove(id) {
      const { seed, tokens } = await read();
      const index = tokens.findIndex((token) => token.id === id);
      if (index < 0) return false;
      await save(seed, (seed.apiTokens as unknown[]).filter((_, i) => i !== index));
      return true;
    },
    close: async () => {},
  };
}

async function bookFor(target: TokenTarget): Promise<TokenBook> {
  switch (target.kind) {
    case 'mongodb':
      return storeBook(createMongoStore({ uri: target.uri }));
    case 'data':
      return storeBook(await dataFolderStore(target.dir));
    case 'seed':
      return seedBook(target.file);
  }
}

/** What a token written to a seed file reaches, and what it does not. */
const SEED_NOTE = 'note: the seed file\'s tokens reach a data folder only when one is made from it (a new folder, or --replace-data); for a folder that already holds data, use --data DIR';

async function run(command: Exclude<TokenCommand, { kind: 'help' }>): Promise<void> {
  const book = await bookFor(command.target);
  try {
    if (command.kind === 'create') {
      const token = generateToken();
      const now = new Date();
      const record = await book.add({
        name: command.name, description: command.description, type: command.type, permissions: command.permissions,
        accessKey: accessKeyOf(token, command.salt), createdAt: now,
        expiresAt: command.durationDays === null ? null : new Date(now.getTime() + command.durationDays * 86_400_000),
      });
      console.log(`created API token ${record.id} "${record.name}" (${record.type}${record.expiresAt ? `, expires ${record.expiresAt.toISOString()}` : ', never expires'})`);
      console.log('it is shown once, here; only its HMAC is stored:');
      console.log(token);
      if (command.target.kind === 'seed') console.error(SEED_NOTE);
    } else if (command.kind === 'list') {
      const tokens = await book.all();
      if (tokens.length === 0) console.log('no API tokens');
      for (const t of tokens) console.log(`${t.id}\t${t.name}\t${t.type}${t.permissions.length ? ` (${t.permissions.join(', ')})` : ''}\t${t.expiresAt ? `expires ${new Date(t.expiresAt).toISOString()}` : 'never expires'}`);
    } else if (!(await book.remove(command.id))) {
      throw new ConfigurationError(`No API token ${command.id}`);
    } else {
      console.log(`revoked API token ${command.id}`);
    }
  } finally {
    await book.close();
  }
}

try {
  const command = parseTokenArgs(process.argv.slice(2), process.env);
  if (command.kind === 'help') console.log(TOKEN_USAGE);
  else await run(command);
} catch (error) {
  console.error(error instanceof ConfigurationError ? error.message : `token: ${(error as Error).message ?? String(error)}`);
  process.exitCode = 1;
}
