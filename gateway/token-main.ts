// `npm run token`: creates (printing the token once), lists and revokes Strapi API tokens, in
// MongoDB (MONGODB_URI) or in the seed file the embedded store starts from.
import { readFile, writeFile } from 'node:fs/promises';
import { API_TOKENS_COLLECTION, accessKeyOf, generateToken, type ApiToken } from '../src/auth/api-tokens.ts';
import { ConfigurationError } from '../src/errors/errors.ts';
import { createMongoStore } from '../src/store/mongo-store.ts';
import type { Doc } from '../src/store/store.ts';
import { TOKEN_USAGE, parseTokenArgs, type TokenCommand, type TokenTarget } from './token-args.ts';

/** The tokens of a target, read and written as a whole (they are few). */
interface TokenBook {
  all(): Promise<ApiToken[]>;
  add(token: Omit<ApiToken, 'id'>): Promise<ApiToken>;
  remove(id: number): Promise<boolean>;
  close(): Promise<void>;
}

function mongoBook(uri: string): TokenBook {
  const store = createMongoStore({ uri });
  const all = async () => (await store.find(API_TOKENS_COLLECTION, {}, { sort: [['id', 1]] })) as unknown as ApiToken[];
  return {
    all,
    async add(token) {
      const id = await store.allocateIds(API_TOKENS_COLLECTION, 1);
      const record = { id, ...token };
      await store.upsertMany(API_TOKENS_COLLECTION, [record as unknown as Doc]);
      return record;
    },
    remove: async (id) => (await store.deleteByIds(API_TOKENS_COLLECTION, [id])) > 0,
    close: () => store.close(),
  };
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

const bookFor = (target: TokenTarget): TokenBook => (target.kind === 'mongodb' ? mongoBook(target.uri) : seedBook(target.file));

async function run(command: Exclude<TokenCommand, { kind: 'help' }>): Promise<void> {
  const book = bookFor(command.target);
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
