// The recorded auth steps, replayed against the gateway in process: every step of
// test/differential/auth (sign-in, registration, the password and confirmation routes with their
// mails, the users' and roles' routes, GraphQL, the rate limit) agrees with what Strapi v4.25
// answered, or a documented deviation (auth/deviations.ts, a row of docs/decisions.md) explains it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { mongoOverWire, type OpenBackend } from '../support/store-backends.ts';
import { compareAnswers, describeComparison, type Comparison } from './auth/compare.ts';
import { AUTH_DEVIATIONS, explain } from './auth/deviations.ts';
import { answerSteps, type StepAnswer } from './auth/sequence.ts';
import { gatewaySide, RECORDED } from './auth/servers.ts';
import { AUTH_STEPS, type AuthStep } from './auth/steps.ts';

const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as { steps: AuthStep[]; strapi: StepAnswer[] };
const decisions = readFileSync('docs/decisions.md', 'utf8');

it('the recorded auth steps are the steps test/differential/auth/steps.ts makes, so Strapi\'s answers are to these requests', () => {
  expect(JSON.parse(JSON.stringify(AUTH_STEPS))).toEqual(recorded.steps);
});

describe.each([
  ['the embedded store', undefined],
  ['the MongoDB store through the wire test server', mongoOverWire],
] as const)('the recorded auth steps on %s', (_name, backend) => {
  let sink: MailSink;
  let opened: OpenBackend | undefined;
  let comparison: Comparison;
  beforeAll(async () => {
    sink = await startMailSink();
    opened = await backend?.open();
    const ours = await answerSteps(AUTH_STEPS, 'http://gateway.test', (await gatewaySide(sink, opened?.store)).side);
    comparison = compareAnswers(AUTH_STEPS, recorded.strapi, ours);
    for (const line of describeComparison(comparison, 10)) console.log(line);
  }, 180_000);
  afterAll(async () => {
    await sink.close();
    await opened?.close();
  });

  it('are each answered as Strapi did, or as a documented deviation explains', () => {
    expect(comparison.unexplained.map(({ index, step }) => `#${index} ${step.name}`)).toEqual([]);
    expect(comparison.agree).toBeGreaterThanOrEqual(AUTH_STEPS.length - 20);
  });

  it('explain a deviation only by a class whose row is in docs/decisions.md', () => {
    for (const name of comparison.documented.keys()) expect(decisions, name).toContain(AUTH_DEVIATIONS[name].decision);
  });
});

const answer = (status: number, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }): StepAnswer => ({ status, headers, body });
const notFound = answer(404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'User not found', details: {} } });
const limited = answer(429, { data: null, error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} } });
const signedIn = answer(200, { jwt: '<jwt id=1 life=2592000>' });
const step = (path: string, extra: Partial<AuthStep> = {}): AuthStep => ({ name: 'case', method: 'POST', path, ...extra });

describe('each deviation rule', () => {
  it.each([
    ['missing-user-404', step('/api/users/9999', { method: 'DELETE' }), answer(204, '', {}), notFound],
    ['users-count-filters', step('/api/users/count?filters[blocked]=true', { method: 'GET' }), answer(500, {}), answer(200, 2)],
    ['auth-limit-escapes', step('/api/auth/local/'), signedIn, limited],
    ['auth-limit-escapes', step('/api/auth/local', { body: { identifier: 'a', password: 'b', email: 'x@y.z' } }), signedIn, limited],
  ])('%s explains its case', (name, given, strapi, ours) => {
    expect(explain(given, strapi, ours)).toBe(name);
  });

  it.each([
    ['a 404 where Strapi answered 404 with another message', step('/api/users/9999', { method: 'PUT' }), answer(404, { data: null, error: { name: 'NotFoundError', message: 'Not Found' } }), notFound],
    ['a count without filters that Strapi failed', step('/api/users/count', { method: 'GET' }), answer(500, {}), answer(200, 2)],
    ['a limit on a request Strapi counts with the others', step('/api/auth/local', { body: { identifier: 'a', password: 'b' } }), signedIn, limited],
    ['a sign-in refused for another reason', step('/api/auth/local/'), signedIn, answer(400, { data: null, error: { name: 'ValidationError' } })],
  ])('none explains %s', (_name, given, strapi, ours) => {
    expect(explain(given, strapi, ours)).toBeUndefined();
  });
});
