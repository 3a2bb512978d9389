// A gateway over the blog fixture whose public role writes everything, with the webhooks a test
// gives in the config file's form (parsed as `--config` parses it), delivering once started.
import { DEFAULT_HTTP_SETTINGS, parseFileConfig } from '../../../gateway/config/file-config.ts';
import type { Store } from '../../../src/store/store.ts';
import type { TestGateway } from '../../support/test-gateway.ts';
import { writableGateway } from '../../support/writable.ts';

/** A Standard Webhooks secret for tests (24 bytes). */
export const TEST_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export const ALL_EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'];

/** The gateway with `webhooks` (the config file's section), its worker started. */
export async function webhookGateway(webhooks: Record<string, unknown>, options: { store?: Store; holder?: string; sharedStore?: boolean; admin?: string[]; salt?: string } = {}): Promise<TestGateway> {
  const http = parseFileConfig({ webhooks, ...(options.admin ? { admin: { accessKeys: options.admin } } : {}) }, 'test config');
  const subject = await writableGateway({
    store: options.store,
    secrets: options.salt ? { apiTokenSalt: options.salt } : undefined,
    extra: { http: { ...DEFAULT_HTTP_SETTINGS, webhooks: http.webhooks, admin: http.admin }, webhookHolder: options.holder, sharedStore: options.sharedStore },
  });
  await subject.gateway.webhooks.start();
  return subject;
}

/** A REST request to the gateway under test. */
export function rest(subject: TestGateway, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return subject.gateway.fetch(new Request(`http://gateway.test${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) }));
}
