// A client exactly like a Strapi v4 mobile app, against the gateway on a port: strapi-sdk-js 2.x
// registers, signs in, reads its user, creates an entry its role allows and is refused one it
// does not, changes its password, and resets it through the mailed code (an SMTP server started
// here); then the same journey over GraphQL with graphql-request.
import { ClientError, request } from 'graphql-request';
import * as strapiSdk from 'strapi-sdk-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../gateway/server.ts';
import { authServices } from '../../src/operations/auth/services.ts';
import { smtpMailer } from '../../src/mail/smtp-mailer.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { BLOG_MODEL, modelGateway } from '../support/test-gateway.ts';

// strapi-sdk-js ships ES module code under CommonJS types: at run time its class is the default export.
const Strapi = (strapiSdk as unknown as { default: typeof strapiSdk.default.default }).default;
type Strapi = InstanceType<typeof Strapi>;

const JWT_SECRET = 'mobile-app-jwt-secret';
let server: RunningServer;
let sink: MailSink;
let url: string;

beforeAll(async () => {
  sink = await startMailSink();
  const auth = authServices({ jwtSecret: JWT_SECRET, mailer: smtpMailer(sink.settings()) });
  const { gateway } = await modelGateway(BLOG_MODEL, 'test/fixtures/users-permissions/app-seed.json', { secrets: { jwtSecret: JWT_SECRET, apiTokenSalt: 'mobile-app-salt' }, extra: { auth } });
  server = await listen(gateway, 0, '127.0.0.1');
  url = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

/** The code the last mail to `to` carries. */
function mailedCode(to: string): string {
  const mail = [...sink.mails].reverse().find((sent) => sent.to.includes(to))!;
  return /code=([0-9a-f]+)/.exec(mail.text)![1];
}

describe('a Strapi v4 app with strapi-sdk-js', () => {
  let sdk: Strapi;
  beforeAll(() => {
    sdk = new Strapi({ url, prefix: '/api' });
  });

  it('registers, and is signed in as the new user', async () => {
    const { jwt, user } = await sdk.register({ username: 'mobile', email: 'Mobile@Example.com', password: 'Mobile-Pass-1' });
    expect(jwt).toMatch(/^eyJ/);
    expect(user).toMatchObject({ username: 'mobile', email: 'mobile@example.com', provider: 'local', confirmed: true, blocked: false });
    expect(user).not.toHaveProperty('password');
    expect(sdk.getToken()).toBe(jwt);
  });

  it('reads its own user', async () => {
    expect(await sdk.fetchUser()).toMatchObject({ username: 'mobile', email: 'mobile@example.com' });
  });

  it('signs out and in again, by username or by email in another case', async () => {
    sdk.logout();
    expect((await sdk.login({ identifier: 'MOBILE@example.com', password: 'Mobile-Pass-1' })).user).toMatchObject({ username: 'mobile' });
    expect((await sdk.login({ identifier: 'mobile', password: 'Mobile-Pass-1' })).jwt).toMatch(/^eyJ/);
  });

  it('is told why a sign-in fails, in Strapi\'s words', async () => {
    const other = new Strapi({ url, prefix: '/api' });
    await expect(other.login({ identifier: 'mobile', password: 'wrong-password' })).rejects.toMatchObject({ error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password' } });
  });

  it('creates an entry its role may create', async () => {
    const created = await sdk.create<{ id: number; attributes: { name: string } }>('tags', { name: 'from the app' });
    expect(created.data).toMatchObject({ attributes: { name: 'from the app' } });
    expect((await sdk.findOne<{ attributes: { name: string } }>('tags', created.data.id)).data.attributes.name).toBe('from the app');
  });

  it('is refused an entry its role may not create', async () => {
    await expect(sdk.create('articles', { title: 'not mine to write' })).rejects.toMatchObject({ error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } });
  });

  it('changes its password, and signs in with the new one only', async () => {
    const { jwt } = await sdk.changePassword({ currentPassword: 'Mobile-Pass-1', password: 'Mobile-Pass-2', passwordConfirmation: 'Mobile-Pass-2' });
    expect(jwt).toMatch(/^eyJ/);
    const other = new Strapi({ url, prefix: '/api' });
    await expect(other.login({ identifier: 'mobile', password: 'Mobile-Pass-1' })).rejects.toMatchObject({ error: { status: 400 } });
    expect((await other.login({ identifier: 'mobile', password: 'Mobile-Pass-2' })).user).toMatchObject({ username: 'mobile' });
  });

  it('resets a forgotten password with the mailed code, once', async () => {
    const before = sink.mails.length;
    await sdk.forgotPassword({ email: 'mobile@example.com' });
    await sink.received(before + 1);
    expect(sink.mails[before]).toMatchObject({ to: ['mobile@example.com'], subject: 'Reset password', from: expect.stringContaining('no-reply@gateway.test') });
    const code = mailedCode('mobile@example.com');
    const { user } = await sdk.resetPassword({ code, password: 'Mobile-Pass-3', passwordConfirmation: 'Mobile-Pass-3' });
    expect(user).toMatchObject({ username: 'mobile' });
    await expect(sdk.resetPassword({ code, password: 'Mobile-Pass-4', passwordConfirmation: 'Mobile-Pass-4' })).rejects.toMatchObject({ error: { message: 'Incorrect code provided' } });
    expect((await sdk.login({ identifier: 'mobile', password: 'Mobile-Pass-3' })).user).toMatchObject({ username: 'mobile' });
  });
});

describe('the same app over GraphQL (graphql-request)', () => {
  const graphql = () => `${url}/graphql`;
  let jwt: string;

  it('registers and signs in', async () => {
    const registered = await request<{ register: { jwt: string; user: { username: string } } }>(graphql(), 'mutation { register(input: { username: "mobile2", email: "mobile2@example.com", password: "Mobile-Pass-1" }) { jwt user { username } } }');
    expect(registered.register.user.username).toBe('mobile2');
    const signedIn = await request<{ login: { jwt: string } }>(graphql(), 'mutation($i: UsersPermissionsLoginInput!) { login(input: $i) { jwt } }', { i: { identifier: 'mobile2', password: 'Mobile-Pass-1' } });
    jwt = signedIn.login.jwt;
    expect(jwt).toMatch(/^eyJ/);
  });

  it('reads its own user with its role', async () => {
    const { me } = await request<{ me: unknown }>(graphql(), '{ me { username email role { type } } }', {}, { authorization: `Bearer ${jwt}` });
    expect(me).toEqual({ username: 'mobile2', email: 'mobile2@example.com', role: { type: 'authenticated' } });
  });

  it('creates an entry its role may create, and is refused one it may not', async () => {
    const headers = { authorization: `Bearer ${jwt}` };
    const { createTag } = await request<{ createTag: { data: { attributes: { name: string } } } }>(graphql(), 'mutation { createTag(data: { name: "from GraphQL" }) { data { attributes { name } } } }', {}, headers);
    expect(createTag.data.attributes.name).toBe('from GraphQL');
    const refused = await request(graphql(), 'mutation { createArticle(data: { title: "no" }) { data { id } } }', {}, headers).catch((error: ClientError) => error);
    expect(refused).toBeInstanceOf(ClientError);
    expect((refused as ClientError).response.errors?.[0]).toMatchObject({ message: 'Forbidden access', extensions: { code: 'FORBIDDEN' } });
  });
});
