// The config file's `webhooks` and `admin` sections: Strapi's webhook fields (an export's
// `enabled` or the admin API's `isEnabled`), defaults filled in, and every bad value stopped at
// start with the key and what was expected.
import { describe, expect, it } from 'vitest';
import { parseFileConfig } from '../../gateway/config/file-config.ts';
import { ConfigurationError } from '../../src/errors/errors.ts';
import { DEFAULT_DELIVERY } from '../../src/webhooks/settings.ts';
import { TEST_SECRET } from './support/webhook-gateway.ts';

const hook = (fields: Record<string, unknown> = {}) => ({ name: 'site', url: 'https://example.com/api/revalidate', events: ['entry.publish'], ...fields });
const parse = (webhooks: unknown, extra: Record<string, unknown> = {}) => parseFileConfig({ webhooks, ...extra }, 'config.json');

describe('the webhooks section', () => {
  it("takes a Strapi export's webhook as it is, and fills in the defaults", () => {
    const exported = { id: 3, name: 'receiver', url: 'https://hooks.example.com/ok', headers: { 'X-Test': '1' }, events: ['entry.create', 'media.delete'], enabled: false };
    const { webhooks } = parse({ hooks: [exported] });
    expect(webhooks).toEqual({ defaultHeaders: {}, populateRelations: true, allowLocalAddresses: false, delivery: DEFAULT_DELIVERY, hooks: [{ ...exported }] });
  });

  it('numbers webhooks from 1 when they name no id, enables them, keeps a secret and a filter', () => {
    const { webhooks } = parse({ defaultHeaders: { Authorization: 'Bearer x', 'X-Count': 2 }, delivery: { attempts: 3 }, hooks: [hook(), hook({ name: 'other', isEnabled: false, secret: TEST_SECRET, contentTypes: ['api::article.article'] })] });
    expect(webhooks.defaultHeaders).toEqual({ Authorization: 'Bearer x', 'X-Count': '2' });
    expect(webhooks.delivery).toEqual({ ...DEFAULT_DELIVERY, attempts: 3 });
    expect(webhooks.hooks.map(({ id, name, enabled, secret, contentTypes }) => ({ id, name, enabled, secret, contentTypes }))).toEqual([
      { id: 1, name: 'site', enabled: true, secret: undefined, contentTypes: undefined },
      { id: 2, name: 'other', enabled: false, secret: TEST_SECRET, contentTypes: ['api::article.article'] },
    ]);
  });

  it.each([
    { name: 'an event Strapi does not take', webhooks: { hooks: [hook({ events: ['releases.publish'] })] }, message: 'webhooks.hooks.0.events.0: expected one of entry.create' },
    { name: 'a URL that is not http(s)', webhooks: { hooks: [hook({ url: 'ftp://example.com/x' })] }, message: 'webhooks.hooks.0.url: expected an http or https URL' },
    { name: 'a loopback URL', webhooks: { hooks: [hook({ url: 'http://127.0.0.1:4545/ok' })] }, message: 'webhooks.hooks.0.url: http://127.0.0.1:4545/ok reaches a loopback address; set webhooks.allowLocalAddresses to true' },
    { name: 'localhost', webhooks: { hooks: [hook({ url: 'http://localhost:3000/api/revalidate' })] }, message: 'reaches a loopback address' },
    { name: 'the metadata service', webhooks: { hooks: [hook({ url: 'http://169.254.169.254/latest' })] }, message: 'reaches a link-local address' },
    { name: 'a secret not in whsec_ form', webhooks: { hooks: [hook({ secret: 'hunter2' })] }, message: 'webhooks.hooks.0.secret: expected whsec_ followed by the base64 of 24 to 64 random bytes' },
    { name: 'a short secret', webhooks: { hooks: [hook({ secret: 'whsec_c2hvcnQ=' })] }, message: 'webhooks.hooks.0.secret: expected whsec_' },
    { name: 'a header name with a space', webhooks: { defaultHeaders: { 'X Bad': '1' } }, message: 'webhooks.defaultHeaders.X Bad: expected an HTTP header name' },
    { name: 'a header value with a line break', webhooks: { hooks: [hook({ headers: { 'X-A': 'a\r\nX-B: b' } })] }, message: 'webhooks.hooks.0.headers.X-A: a header value may not hold a line break' },
    { name: 'two webhooks of one name', webhooks: { hooks: [hook(), hook()] }, message: 'webhooks.hooks: two webhooks have the name "site"' },
    { name: 'enabled and isEnabled disagreeing', webhooks: { hooks: [hook({ enabled: true, isEnabled: false })] }, message: 'webhooks.hooks.0: enabled and isEnabled disagree' },
    { name: 'an unknown key', webhooks: { hooks: [hook({ secrett: TEST_SECRET })] }, message: 'webhooks.hooks.0: Unrecognized key: "secrett"' },
    { name: 'a delivery setting of 0', webhooks: { delivery: { timeoutMs: 0 } }, message: 'webhooks.delivery.timeoutMs' },
    { name: 'an admin key that is not one', webhooks: {}, extra: { admin: { accessKeys: ['abc'] } }, message: 'admin.accessKeys.0: expected the 128 hex digits' },
  ])('refuses $name', ({ webhooks, extra, message }) => {
    expect(() => parse(webhooks, extra)).toThrow(ConfigurationError);
    expect(() => parse(webhooks, extra)).toThrow(message);
  });

  it('allows local URLs when the config says so', () => {
    expect(parse({ allowLocalAddresses: true, hooks: [hook({ url: 'http://127.0.0.1:4545/ok' })] }).webhooks.hooks[0]!.url).toBe('http://127.0.0.1:4545/ok');
  });
});
