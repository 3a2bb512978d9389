// Builds the gateway in process over the blog fixture (model + seed files), on any store, for
// tests that call its fetch handler directly, as graphql-yoga's own tests do.
import { createGateway, type Gateway, type GatewayDeps } from '../../gateway/app.ts';
import { saveSettings, type AccessSettings } from '../../src/auth/settings.ts';
import { settingsFromSeed } from '../../src/seed/seed-settings.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { DEFAULT_REQUEST_LIMITS } from '../../src/limits/request-limits.ts';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Store } from '../../src/store/store.ts';

export const BLOG_MODEL = 'test/fixtures/blog';
export const BLOG_SEED = 'test/fixtures/blog-seed.json';

/**
 * The limits of a gateway under test: the defaults, with a deadline no busy machine reaches, so a
 * slow answer is never a 503 here. Tests of the deadline give their own (`extra.limits`).
 */
export const TEST_LIMITS = { ...DEFAULT_REQUEST_LIMITS, timeoutMs: 10 * 60_000 };

export interface TestGateway {
  gateway: Gateway;
  model: ContentModel;
  store: Store;
  settings: AccessSettings;
  logged: unknown[];
}

export interface GatewayOptions {
  store?: Store;
  /** False: the gateway answers as while starting (settings not loaded yet). */
  ready?: boolean;
  /** Strapi's API_TOKEN_SALT and JWT_SECRET. */
  secrets?: { apiTokenSalt?: string; jwtSecret?: string };
  /** The edge's optional dependencies (HTTP settings, logger, metrics, uploads...). */
  extra?: Partial<GatewayDeps>;
}

export async function blogGateway(options: GatewayOptions = {}): Promise<TestGateway> {
  return modelGateway(BLOG_MODEL, BLOG_SEED, options);
}

/** The gateway over any schema folder and seed file. */
export async function modelGateway(schemaDir: string, seedFile: string, options: GatewayOptions = {}): Promise<TestGateway> {
  const model = await loadContentModel(schemaDir);
  const seed = await loadSeedFile(seedFile);
  const store = options.store ?? new EmbeddedStore();
  await importSeed(model, seed, store, { apiTokenSalt: options.secrets?.apiTokenSalt });
  const settings = settingsFromSeed(seed);
  // As a gateway's start-up keeps them: role writes change the stored settings.
  await saveSettings(store, settings);
  const logged: unknown[] = [];
  const ready = options.ready ?? true;
  const gateway = createGateway({
    model, schema: buildGraphQLSchema(model), store, settings: () => (ready ? settings : undefined), log: (e) => logged.push(e),
    secrets: options.secrets, limits: TEST_LIMITS, ...options.extra,
  });
  return { gateway, model, store, settings, logged };
}

export function graphqlRequest(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Request {
  return new Request('http://gateway.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
}

export function restRequest(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://gateway.test${path}`, { headers: { accept: 'application/json', ...headers } });
}

/** A REST request with `{ data }` as its JSON body (no body when `data` is undefined): its status and JSON answer. */
export async function restCall(gateway: Gateway, method: string, path: string, data?: unknown): Promise<{ status: number; body: any }> {
  const init = data === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) };
  const response = await gateway.fetch(new Request(`http://gateway.test${path}`, init));
  return { status: response.status, body: await response.json() };
}
