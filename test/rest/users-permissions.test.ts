// users-permissions under the config file's settings, in process: registration switched off,
// email confirmation with its mail and redirect, reset codes that expire and work once, kept as
// digests, routes that mail refusing alike without SMTP, legacy hashes upgraded at sign-in, role
// writes granting at once, the per-client limit (and which proxy it believes), no password shown.
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersPermissionsSettingsSchema } from '../../src/auth/users-permissions-settings.ts';
import { authServices } from '../../src/operations/auth/services.ts';
import { smtpMailer } from '../../src/mail/smtp-mailer.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { BLOG_MODEL, modelGateway, type TestGateway } from '../support/test-gateway.ts';

const SEED = 'test/fixtures/users-permissions/seed.json';
const JWT_SECRET = 'users-permissions-test-secret';
const FULL = { authorization: 'Bearer full-access-token-secret' };
let sink: MailSink;
beforeAll(async () => {
  sink = await startMailSink();
});
afterAll(() => sink.close());

interface Options {
  /** The config file's `usersPermissions` section. */
  config?: unknown;
  mail?: boolean;
  clock?: { now: number };
  trustProxy?: boolean;
}

async function gatewayWith(options: Options = {}): Promise<TestGateway> {
  const settings = usersPermissionsSettingsSchema.parse(options.config);
  const clock = options.clock;
  const auth = authServices({ settings, jwtSecret: JWT_SECRET, mailer: options.mail === false ? undefined : smtpMailer(sink.settings()), now: clock ? () => clock.now : undefined });
  return modelGateway(BLOG_MODEL, SEED, { secrets: { jwtSecret: JWT_SECRET, apiTokenSalt: 'users-permissions-salt' }, extra: { auth, trustProxy: options.trustProxy } });
}

type Answer = { status: number; body: any; headers: Headers };
async function call(subject: TestGateway, method: string, path: string, body?: unknown, headers: Record<string, string> = {}, peer?: string): Promise<Answer> {
  const request = new Request(`http://gateway.test${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const response = await subject.gateway.fetch(request, undefined, peer);
  const text = await response.text();
  return { status: response.status, body: text && response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text, headers: response.headers };
}
const signIn = (subject: TestGateway, identifier: string, password: string, peer?: string) => call(subject, 'POST', '/api/auth/local', { identifier, password }, {}, peer);
const storedUser = async (subject: TestGateway, filter: Record<string, unknown>) => (await subject.store.find('up_users', filter))[0];
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token the latest mail to `to` carries. */
async function mailedToken(to: string, count: number, kind: 'code' | 'confirmation'): Promise<string> {
  await sink.received(count);
  const mail = [...sink.mails].reverse().find((sent) => sent.to.includes(to))!;
  return new RegExp(`${kind}=([0-9a-f]+)`).exec(mail.text)![1];
}

describe('registration switched off', () => {
  it.each([
    ['a valid body', { username: 'closed1', email: 'closed1@example.com', password: 'Closed-Pass-1' }],
    ['an empty body, refused for that first', {}],
  ])('refuses %s in Strapi\'s words, writing nothing', async (_name, body) => {
    const subject = await gatewayWith({ config: { advanced: { allow_register: false } } });
    const before = await subject.store.count('up_users', {});
    expect(await call(subject, 'POST', '/api/auth/local/register', body)).toMatchObject({
      status: 400,
      body: { data: null, error: { status: 400, name: 'ApplicationError', message: 'Register action is currently disabled', details: {} } },
    });
    expect(await subject.store.count('up_users', {})).toBe(before);
  });
});

describe('email confirmation', () => {
  const config = { advanced: { email_confirmation: true, email_confirmation_redirection: 'https://app.example.com/confirmed' }, url: 'https://api.example.com' };

  it('registers unconfirmed without a JWT, mails a link, confirms once, then signs in', async () => {
    const subject = await gatewayWith({ config });
    const before = sink.mails.length;
    const registered = await call(subject, 'POST', '/api/auth/local/register', { username: 'confirm1', email: 'Confirm1@Example.com', password: 'Confirm-Pass-1' });
    expect(registered.status).toBe(200);
    expect(Object.keys(registered.body)).toEqual(['user']);
    expect(registered.body.user).toMatchObject({ username: 'confirm1', email: 'confirm1@example.com', confirmed: false });
    const token = await mailedToken('confirm1@example.com', before + 1, 'confirmation');
    expect(sink.mails.at(-1)).toMatchObject({ subject: 'Account confirmation', text: expect.stringContaining(`https://api.example.com/api/auth/email-confirmation?confirmation=${token}`) });
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    expect(await storedUser(subject, { username: 'confirm1' })).toMatchObject({ confirmationToken: digest(token) });

    expect((await signIn(subject, 'confirm1', 'Confirm-Pass-1')).body.error).toMatchObject({ name: 'ApplicationError', message: 'Your account email is not confirmed' });
    const confirmed = await call(subject, 'GET', `/api/auth/email-confirmation?confirmation=${token}`);
    expect({ status: confirmed.status, location: confirmed.headers.get('location'), body: confirmed.body }).toEqual({
      status: 302, location: 'https://app.example.com/confirmed', body: 'Redirecting to https://app.example.com/confirmed.',
    });
    expect((await signIn(subject, 'confirm1', 'Confirm-Pass-1')).status).toBe(200);
    expect((await call(subject, 'GET', `/api/auth/email-confirmation?confirmation=${token}`)).body.error.message).toBe('Invalid token');
  });

  it('over GraphQL, answers a null JWT until confirmed', async () => {
    const subject = await gatewayWith({ config });
    const before = sink.mails.length;
    const { body } = await call(subject, 'POST', '/graphql', { query: 'mutation { register(input: { username: "confirm2", email: "confirm2@example.com", password: "Confirm-Pass-2" }) { jwt user { username confirmed } } }' });
    expect(body).toEqual({ data: { register: { jwt: null, user: { username: 'confirm2', confirmed: false } } } });
    await sink.received(before + 1);
  });
});

describe('reset codes', () => {
  it('work once, within their hour, and are kept as digests only', async () => {
    const clock = { now: Date.now() };
    const subject = await gatewayWith({ clock });
    const ask = async () => {
      const before = sink.mails.length;
      expect((await call(subject, 'POST', '/api/auth/forgot-password', { email: 'Frank@example.com' })).body).toEqual({ ok: true });
      return mailedToken('frank@example.com', before + 1, 'code');
    };
    const reset = (code: string, password: string) => call(subject, 'POST', '/api/auth/reset-password', { code, password, passwordConfirmation: password });

    const first = await ask();
    expect(first).toMatch(/^[0-9a-f]{128}$/);
    expect((await storedUser(subject, { username: 'frank' })).resetPasswordToken).toBe(digest(first));
    clock.now += 3599_000;
    expect((await reset(first, 'Frank-Pass-2')).status).toBe(200);
    expect((await storedUser(subject, { username: 'frank' })).resetPasswordToken).toBeNull();
    expect((await reset(first, 'Frank-Pass-3')).body.error.message).toBe('Incorrect code provided');

    const second = await ask();
    clock.now += 3601_000;
    expect((await reset(second, 'Frank-Pass-3')).body.error).toMatchObject({ name: 'ValidationError', message: 'Incorrect code provided' });
    expect((await signIn(subject, 'frank', 'Frank-Pass-2')).status).toBe(200);
  });

  it('cannot be made up with another expiry: the digest covers it', async () => {
    const subject = await gatewayWith();
    const before = sink.mails.length;
    await call(subject, 'POST', '/api/auth/forgot-password', { email: 'grace@example.com' });
    const code = await mailedToken('grace@example.com', before + 1, 'code');
    const later = `${code.slice(0, -12)}${'f'.repeat(12)}`;
    expect((await call(subject, 'POST', '/api/auth/reset-password', { code: later, password: 'Grace-Pass-2', passwordConfirmation: 'Grace-Pass-2' })).body.error.message).toBe('Incorrect code provided');
  });
});

describe('without SMTP', () => {
  it.each([
    ['a known address', '/api/auth/forgot-password', { email: 'frank@example.com' }],
    ['an unknown address, answered alike', '/api/auth/forgot-password', { email: 'nobody@example.com' }],
    ['a confirmation for an unconfirmed user', '/api/auth/send-email-confirmation', { email: 'carol@example.com' }],
    ['a confirmation for an unknown address, answered alike', '/api/auth/send-email-confirmation', { email: 'nobody@example.com' }],
  ])('refuses %s, saying how to configure mail, and writes nothing', async (_name, path, body) => {
    const subject = await gatewayWith({ mail: false });
    expect(await call(subject, 'POST', path, body)).toMatchObject({
      status: 500,
      body: { data: null, error: { status: 500, name: 'MailNotConfiguredError', message: 'Email is not configured: set mail.smtp in the config file' } },
    });
    expect(await subject.store.count('up_users', { $or: [{ resetPasswordToken: { $ne: null } }, { confirmationToken: { $ne: null } }] })).toBe(0);
  });

  it('refuses a registration that would wait for a confirmation mail, creating no user', async () => {
    const subject = await gatewayWith({ mail: false, config: { advanced: { email_confirmation: true } } });
    expect((await call(subject, 'POST', '/api/auth/local/register', { username: 'nomail', email: 'nomail@example.com', password: 'Nomail-Pass-1' })).status).toBe(500);
    expect(await storedUser(subject, { username: 'nomail' })).toBeUndefined();
  });
});

describe('stored passwords', () => {
  it('are bcrypt as Strapi writes them, and a legacy scrypt hash becomes one at sign-in', async () => {
    const subject = await gatewayWith();
    const salt = randomBytes(16);
    const legacy = `scrypt$${salt.toString('base64')}$${scryptSync('Legacy-Pass-1', salt, 32).toString('base64')}`;
    await subject.store.write([{ op: 'put', collection: 'up_users', doc: { ...(await storedUser(subject, { id: 5 })), password: legacy } }]);
    expect((await signIn(subject, 'erin', 'Legacy-Pass-1')).status).toBe(200);
    expect((await storedUser(subject, { id: 5 })).password).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    expect((await signIn(subject, 'erin', 'Legacy-Pass-1')).status).toBe(200);
    await call(subject, 'POST', '/api/auth/local/register', { username: 'hashed', email: 'hashed@example.com', password: 'Hashed-Pass-1' });
    expect((await storedUser(subject, { username: 'hashed' })).password).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
  });

  it('never appear in an answer, whoever asks and however', async () => {
    const subject = await gatewayWith();
    const { body } = await signIn(subject, 'alice', 'Alice-Pass-1');
    const asAlice = { authorization: `Bearer ${body.jwt}` };
    const answers = [
      body,
      (await call(subject, 'POST', '/api/auth/local/register', { username: 'shown', email: 'shown@example.com', password: 'Shown-Pass-1' })).body,
      (await call(subject, 'GET', '/api/users?populate=*', undefined, FULL)).body,
      (await call(subject, 'GET', '/api/users/me?populate=*', undefined, asAlice)).body,
      (await call(subject, 'PUT', '/api/users/1', { password: 'Alice-Pass-2' }, FULL)).body,
      (await call(subject, 'POST', '/graphql', { query: '{ usersPermissionsUsers { data { attributes { username } } } }' }, FULL)).body,
    ];
    for (const answer of answers) expect(JSON.stringify(answer)).not.toMatch(/password|\$2a\$|resetPasswordToken|confirmationToken/i);
    expect((await call(subject, 'GET', '/api/users?filters[password][$startsWith]=$2a', undefined, FULL)).body.error.message).toBe('Invalid parameter password');
  });
});

describe('role writes', () => {
  it('grant and take away at once, and a deleted role leaves its users public', async () => {
    const subject = await gatewayWith();
    const tagFind = (enabled: boolean) => ({ 'api::tag': { controllers: { tag: { find: { enabled } } } } });
    expect((await call(subject, 'POST', '/api/users-permissions/roles', { name: 'Tag Readers', permissions: tagFind(true) }, FULL)).body).toEqual({ ok: true });
    const roles = (await call(subject, 'GET', '/api/users-permissions/roles', undefined, FULL)).body.roles;
    const readers = roles.find((role: { type: string }) => role.type === 'tag_readers');
    await call(subject, 'PUT', '/api/users/5', { role: readers.id }, FULL);
    const asErin = { authorization: `Bearer ${(await signIn(subject, 'erin', 'Erin-Pass-1')).body.jwt}` };
    expect((await call(subject, 'GET', '/api/tags', undefined, asErin)).status).toBe(200);
    await call(subject, 'PUT', `/api/users-permissions/roles/${readers.id}`, { permissions: tagFind(false) }, FULL);
    expect((await call(subject, 'GET', '/api/tags', undefined, asErin)).status).toBe(403);
    await call(subject, 'DELETE', `/api/users-permissions/roles/${readers.id}`, undefined, FULL);
    expect((await storedUser(subject, { id: 5 })).role).toBe(2);
    expect((await call(subject, 'GET', '/api/users-permissions/roles', undefined, FULL)).body.roles.map((role: { type: string }) => role.type)).toEqual(['authenticated', 'public']);
  });
});

describe('the per-client limit', () => {
  it('refuses the eleventh attempt in a minute with Strapi\'s 429 and headers, and counts another client apart', async () => {
    const subject = await gatewayWith();
    const answers: Answer[] = [];
    for (let i = 0; i < 11; i += 1) answers.push(await signIn(subject, 'alice', 'wrong-password', '192.0.2.1'));
    expect(answers.map((answer) => answer.headers.get('x-ratelimit-remaining'))).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0', '0']);
    expect(answers[10]).toMatchObject({ status: 429, body: { data: null, error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} } } });
    expect(Number(answers[10].headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(answers[10].headers.get('retry-after')).toBeNull();
    expect((await signIn(subject, 'alice', 'Alice-Pass-1', '192.0.2.1')).status).toBe(429);
    expect((await signIn(subject, 'alice', 'Alice-Pass-1', '192.0.2.2')).status).toBe(200);
  });

  it.each([
    ['ignores X-Forwarded-For without trustProxy', false, 429],
    ['believes the proxy\'s X-Forwarded-For with trustProxy', true, 400],
  ])('%s', async (_name, trustProxy, eleventh) => {
    const subject = await gatewayWith({ trustProxy });
    let last: Answer | undefined;
    for (let i = 0; i < 11; i += 1) {
      last = await call(subject, 'POST', '/api/auth/local', { identifier: 'alice', password: 'wrong-password' }, { 'x-forwarded-for': `198.51.100.${i}` }, '10.0.0.1');
    }
    expect(last!.status).toBe(eleventh);
  });

  it('counts GraphQL sign-ins with REST\'s', async () => {
    const subject = await gatewayWith();
    for (let i = 0; i < 10; i += 1) await signIn(subject, 'alice', 'wrong-password', '192.0.2.9');
    const { body } = await call(subject, 'POST', '/graphql', { query: 'mutation { login(input: { identifier: "alice", password: "Alice-Pass-1" }) { jwt } }' }, {}, '192.0.2.9');
    expect(body.errors[0].extensions).toMatchObject({ code: 'STRAPI_RATE_LIMIT_ERROR', error: { name: 'RateLimitError' } });
  });
});
