// The conformance fixture's model and seed, plus one full-access API token whose secret the
// benchmark sends: the seed file both the gateway and the Strapi reference import.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURE = fileURLToPath(new URL('../../../shared/conformance/fixture/', import.meta.url));

/** The model the write benchmark runs on (Strapi's layout). */
export const WRITES_SCHEMA = path.join(FIXTURE, 'schema');

/** The secret of the seed's full-access token; a benchmark's, not a credential of anything. */
export const WRITES_TOKEN = 'bench-writes-full-access-secret';

/** The gateway's API_TOKEN_SALT for the run (Strapi keeps its own; the token's secret works on both). */
export const WRITES_TOKEN_SALT = 'bench-writes-salt';

/** Where the seed is written, beside the read benchmark's datasets. */
export const WRITES_SEED_PATH = path.join(os.tmpdir(), 'gateway-bench', 'writes-seed.json');

/** `seed` with the benchmark's token added to its `apiTokens`. Pure. */
export function withWriteToken(seed: Record<string, unknown>): Record<string, unknown> {
  const apiTokens = Array.isArray(seed.apiTokens) ? seed.apiTokens : [];
  return { ...seed, apiTokens: [...apiTokens, { name: 'bench-writes', type: 'full-access', token: WRITES_TOKEN }] };
}

/** Writes the fixture's seed with the token to `WRITES_SEED_PATH`; returns the path. */
export async function writeWritesSeed(): Promise<string> {
  const seed = JSON.parse(await readFile(path.join(FIXTURE, 'seed.json'), 'utf8')) as Record<string, unknown>;
  await mkdir(path.dirname(WRITES_SEED_PATH), { recursive: true });
  await writeFile(WRITES_SEED_PATH, `${JSON.stringify(withWriteToken(seed), null, 2)}\n`);
  return WRITES_SEED_PATH;
}
