// A gateway over the conformance fixture with the upload seed (API tokens, a user whose role uploads),
// its uploads folder and temporary folder fresh in a temporary directory, and what upload tests ask of
// it: forms of fixture files, requests as each caller, the files each folder holds.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterEach } from 'vitest';
import type { GatewayDeps } from '../../gateway/app.ts';
import { DEFAULT_UPLOAD_SETTINGS, type UploadSettings } from '../../src/upload/settings.ts';
import { localProvider } from '../../src/upload/providers/local.ts';
import type { UploadProvider } from '../../src/upload/providers/provider.ts';
import type { Store } from '../../src/store/store.ts';
import { modelGateway, type TestGateway } from './test-gateway.ts';

export const UPLOAD_SEED = 'test/fixtures/upload/upload-seed.json';
export const SECRETS = { apiTokenSalt: 'conformance-api-token-salt', jwtSecret: 'conformance-jwt-secret' };
export const AS = {
  full: { authorization: 'Bearer full-access-secret-token-0001' },
  readOnly: { authorization: 'Bearer read-only-secret-token-0002' },
  findOnly: { authorization: 'Bearer custom-secret-token-0003' },
  none: {},
} as const;

export interface UploadTestGateway extends TestGateway {
  /** The uploads folder (the local provider's) and the temporary folder bodies stream to. */
  uploadsDir: string;
  tmpDir: string;
  /** POSTs a form (or any body) at `path` as `headers` say. */
  post(path: string, body: BodyInit, headers?: Record<string, string>): Promise<Response>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /** The names in the uploads folder and in the temporary folder. */
  stored(): Promise<string[]>;
  temporary(): Promise<string[]>;
  close(): Promise<void>;
}

export interface UploadGatewayOptions {
  settings?: Partial<UploadSettings>;
  /** Wraps the local provider (to fail or hold its calls). */
  provider?: (local: UploadProvider) => UploadProvider;
  store?: Store;
  extra?: Partial<GatewayDeps>;
}

export async function uploadGateway(options: UploadGatewayOptions = {}): Promise<UploadTestGateway> {
  const root = await mkdtemp(join(tmpdir(), 'upload-test-'));
  const uploadsDir = join(root, 'uploads');
  const tmpDir = join(root, 'tmp');
  const settings = { ...DEFAULT_UPLOAD_SETTINGS, tmpDir, ...options.settings };
  const local = localProvider(uploadsDir);
  const uploads = { settings, provider: options.provider ? options.provider(local) : local };
  const test = await modelGateway('test/fixtures/blog', UPLOAD_SEED, { secrets: SECRETS, store: options.store, extra: { uploadsDir, uploads, ...options.extra } });
  const list = async (folder: string) => (await readdir(folder).catch(() => [] as string[])).sort();
  return {
    ...test,
    uploadsDir,
    tmpDir,
    post: (path, body, headers = AS.full) => test.gateway.fetch(new Request(`http://gateway.test${path}`, { method: 'POST', headers, body })),
    get: (path, headers = AS.full) => test.gateway.fetch(new Request(`http://gateway.test${path}`, { headers })),
    stored: () => list(uploadsDir),
    temporary: () => list(tmpDir),
    close: () => rm(root, { recursive: true, force: true }),
  };
}

/** A form of text fields and fixture files (`{ file, filename?, type? }`), in order. */
export async function fixtureForm(parts: ReadonlyArray<[string, string | { file: string; filename?: string; type?: string }]>): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([await readFile(`test/fixtures/upload/${value.file}`)], value.type ? { type: value.type } : {}), value.filename ?? value.file);
  }
  return form;
}

/** A users-permissions JWT for the seed's user (id 1, the authenticated role), as Strapi signs them. */
export async function userJwt(): Promise<Record<string, string>> {
  const jwt = await new SignJWT({ id: 1 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(SECRETS.jwtSecret));
  return { authorization: `Bearer ${jwt}` };
}

/**
 * Starts upload gateways for one test file, each closed (its folders removed) after the test that
 * started it. Call it at the file's top level.
 */
export function uploadGatewaysClosedAfterEach(): (options?: UploadGatewayOptions) => Promise<UploadTestGateway> {
  let open: UploadTestGateway[] = [];
  afterEach(async () => {
    await Promise.all(open.map((test) => test.close()));
    open = [];
  });
  return async (options = {}) => {
    const test = await uploadGateway(options);
    open.push(test);
    return test;
  };
}
