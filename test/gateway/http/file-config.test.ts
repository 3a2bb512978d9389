// The config file boundary: files in, typed HTTP settings out (Strapi's defaults filling the
// gaps), or an error naming the file and every wrong key.
import { describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_SETTINGS, STRAPI_CORS_DEFAULTS } from '../../../gateway/config/file-config.ts';
import { loadHttpSettings } from '../../../gateway/config/load-config.ts';
import { DEFAULT_REQUEST_LIMITS } from '../../../src/limits/request-limits.ts';

const FIXTURES = 'test/fixtures/config';

describe('the config file', () => {
  it("gives Strapi's defaults when there is none", async () => {
    expect(await loadHttpSettings(undefined)).toBe(DEFAULT_HTTP_SETTINGS);
  });

  it("gives users-permissions Strapi's defaults, no mail and no proxy believed", () => {
    expect(DEFAULT_HTTP_SETTINGS).toMatchObject({
      usersPermissions: {
        jwt: { expiresIn: 2_592_000 },
        ratelimit: { enabled: true, interval: 60_000, max: 10 },
        advanced: { unique_email: true, allow_register: true, email_confirmation: false, email_reset_password: null, email_confirmation_redirection: null, default_role: 'authenticated' },
      },
      mail: {},
      trustProxy: false,
    });
  });

  it('fills in what a file leaves out', async () => {
    const settings = await loadHttpSettings(`${FIXTURES}/cors-allow-list.json`);
    expect(settings.cors).toEqual({
      ...STRAPI_CORS_DEFAULTS,
      origin: ['https://app.example.com', 'https://admin.example.com'],
      credentials: true,
      expose: ['X-Request-Id'],
      maxAge: 600,
    });
    expect(settings.security).toEqual(DEFAULT_HTTP_SETTINGS.security);
    expect(settings.compression).toEqual(DEFAULT_HTTP_SETTINGS.compression);
  });

  it('merges security options over Strapi’s, key by key', async () => {
    const { security } = await loadHttpSettings(`${FIXTURES}/security-custom.json`);
    expect(security).toMatchObject({
      frameguard: { action: 'deny' },
      hsts: { maxAge: 31_536_000, includeSubDomains: true },
      contentSecurityPolicy: { useDefaults: true, directives: { 'img-src': ["'self'", 'https://cdn.example.com'], 'connect-src': ["'self'", 'https:'] } },
    });
  });

  it.each([
    ['cors-off.json', { cors: false }],
    ['security-off.json', { security: false }],
    ['compression.json', { compression: { threshold: 100, encodings: ['gzip'] }, uploads: { maxAge: 60 }, metrics: false }],
    ['limits.json', { limits: { ...DEFAULT_REQUEST_LIMITS, maxEntries: 20_000, timeoutMs: 2_000 } }],
    ['cache-bounds.json', {
      cache: { ...DEFAULT_HTTP_SETTINGS.cache, plansMaxBytes: 8_388_608, maxKeptDocumentBytes: 4096 },
      limits: { ...DEFAULT_REQUEST_LIMITS, maxDocumentBytes: 65_536 },
    }],
    ['users-permissions.json', {
      usersPermissions: {
        jwt: { expiresIn: 604_800 },
        ratelimit: { enabled: true, interval: 60_000, max: 5 },
        advanced: {
          unique_email: true, allow_register: false, email_confirmation: true, default_role: 'authenticated',
          email_confirmation_redirection: 'https://app.example.com/confirmed', email_reset_password: 'https://app.example.com/reset',
        },
        url: 'https://api.example.com',
        tokens: { resetPassword: 1800, emailConfirmation: 604_800 },
      },
      mail: { smtp: { host: 'smtp.example.com', port: 587, secure: false, auth: { user: 'mailer', pass: 'secret' }, from: 'App <no-reply@example.com>' } },
      trustProxy: 1,
    }],
  ])('reads %s', async (file, expected) => {
    expect(await loadHttpSettings(`${FIXTURES}/${file}`)).toMatchObject(expected);
  });

  it.each([
    ['credentials-with-any-origin.json', /cors\.credentials: true needs cors\.origin to list the allowed origins/],
    ['unknown-key.json', /\(top level\): Unrecognized key: "corz"/],
    ['wrong-type.json', /cors\.maxAge: Invalid input: expected number, received string[\s\S]*compression\.encodings\.0: Invalid option/],
    ['bad-helmet-option.json', /security: Strict-Transport-Security: -1 is not a valid value for maxAge/],
    ['unknown-security-key.json', /security: Unrecognized key: "frameGuard"/],
    ['not-json.json', /not JSON/],
    ['bad-limits.json', /limits\.maxEntries: Too small: expected number to be >0[\s\S]*limits: Unrecognized key: "maxDepht"/],
    ['bad-users-permissions.json', /usersPermissions\.jwt\.expiresIn: expected a whole number of seconds[\s\S]*usersPermissions\.ratelimit\.interval: expected milliseconds[\s\S]*usersPermissions\.advanced\.allow_register: Invalid input: expected boolean[\s\S]*usersPermissions\.advanced\.email_reset_password: expected an absolute URL[\s\S]*mail\.smtp\.from[\s\S]*trustProxy: expected true/],
    ['bad-cache-bounds.json', /cache\.documentsMaxBytes: Too small: expected number to be >0[\s\S]*cache\.compiledMaxBytes: Invalid input: expected number, received string/],
  ])('refuses bad/%s, naming the file and the key', async (file, message) => {
    const path = `${FIXTURES}/bad/${file}`;
    const failure = loadHttpSettings(path);
    await expect(failure).rejects.toThrow(message);
    await expect(failure).rejects.toThrow(path);
  });

  it('says when the file does not exist', async () => {
    await expect(loadHttpSettings(`${FIXTURES}/missing.json`)).rejects.toThrow(/Cannot read config file .*missing\.json: no such file/);
  });
});
