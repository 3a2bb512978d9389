// Writes a real Strapi v4.25 was asked (test/fixtures/writes/strapi-writes, its NOTES.md says
// what it answered), replayed in order on the same model and data over both protocols: each
// answer is Strapi's, or where Strapi is wrong the deviation `ours.json` records with the
// docs/decisions.md row that explains it. Questions 1–5 ran on one database, 6–9 on another.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { modelGateway } from '../support/test-gateway.ts';

const DIR = 'test/fixtures/writes/strapi-writes';
const SEED = `${DIR}/seed-main.json`;
const GROUPS = [
  ['01-graphql-update-delete-missing-id.json', '02-localizations-route-unlocalized.json', '03-dynamic-zone-bad-component.json', '04-invalid-json-body.json', '05-locale-on-writes.json'],
  // 10 (sign-in of a blocked user) is issue 32's: sign-in is not served here yet.
  ['06-to-one-relation-two-ids.json', '07-connect-positions.json', '08-deeply-nested-body.json', '09-graphql-subscription.json'],
];

/** Cases about what another issue serves, replayed once it lands. */
const NOT_YET: Record<string, string> = {};

interface Recorded {
  name: string;
  request?: { method: string; path: string; headers?: Record<string, string>; body?: unknown; rawBody?: string };
  response?: { status: number; headers?: Record<string, string>; body: unknown };
}

/** Our answer where it is not Strapi's, with the docs/decisions.md row that says why. */
interface Deviation {
  case: string;
  decision: string;
  status: number;
  body: unknown;
  /** The `Allow` header a 405 names. */
  allow?: string;
}

/** A body the recording abbreviates (5,000 levels), as it was sent. */
interface DeepBody {
  at: string[];
  levels: number;
  kind: 'array' | 'object';
  beside?: Record<string, unknown>;
}

const json = <T>(file: string): T => JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8')) as T;
const ours = json<Record<string, Deviation>>('ours.json');
const deepBodies = json<Record<string, DeepBody>>('deep-bodies.json');
const decisions = readFileSync('docs/decisions.md', 'utf8');

/** The JSON text of a deep body: `beside` with the nested value at `at`. */
function deepText({ at, levels, kind, beside = {} }: DeepBody): string {
  const nested = kind === 'array' ? `${'['.repeat(levels)}${']'.repeat(levels)}` : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const marker = '"__nested__"';
  const body = structuredClone(beside) as Record<string, unknown>;
  let holder = body;
  for (const key of at.slice(0, -1)) holder = (holder[key] ??= {}) as Record<string, unknown>;
  holder[at.at(-1)!] = '__nested__';
  return JSON.stringify(body).replace(marker, nested);
}

function requestOf(key: string, request: NonNullable<Recorded['request']>): Request {
  const deep = deepBodies[key];
  const text = deep ? deepText(deep) : request.body !== undefined ? JSON.stringify(request.body) : request.rawBody;
  const bodyless = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
  return new Request(`http://gateway.test${request.path}`, { method: request.method, headers: request.headers ?? {}, body: bodyless ? undefined : text });
}

/** A time the run made (the seed's dates are years before the recording). */
const RUN_TIME = /^20(2[5-9]|[3-9]\d)-\d{2}-\d{2}T[\d:.]+Z$/;
const JWT = /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/;

/** Times the run made masked; everything else as answered. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (typeof value === 'string') return RUN_TIME.test(value) ? '<run time>' : JWT.test(value) ? '<jwt>' : value;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, comparable(item)]));
}

async function answered(response: Response): Promise<{ status: number; body: unknown; allow: string | null }> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Strapi's 405s are the text `Method Not Allowed`.
  }
  return { status: response.status, body: comparable(body), allow: response.headers.get('allow') };
}

const cases = GROUPS.map((files) => files.flatMap((file) => json<Recorded[]>(file).flatMap((c, index) => (c.request && c.response ? [[`${file}#${index}`, c] as const] : []))));

describe('every deviation', () => {
  const keys = new Set<string>(cases.flat().map(([key]) => key));
  it.each(Object.entries(ours))('%s names a recorded case and a row of docs/decisions.md', (key, deviation) => {
    expect(keys.has(key)).toBe(true);
    expect(decisions).toContain(deviation.decision);
  });
});

describe.each(cases.map((group, index) => [`questions ${index === 0 ? '1–5' : '6–9'}`, group] as const))('writes Strapi v4.25 was asked, %s', (_name, group) => {
  // The data Strapi was seeded with; the cases run in their order, each seeing the writes before it.
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = (await modelGateway('test/fixtures/blog', SEED, { secrets: { apiTokenSalt: 'conformance-api-token-salt' } })).gateway;
  });

  it.each(group.filter(([key]) => !NOT_YET[key]).map(([key, c]) => [`${key} ${c.name}`, key, c] as const))('%s', async (_title, key, c) => {
    const got = await answered(await gateway.fetch(requestOf(key, c.request!)));
    const deviation = ours[key];
    const recorded = c.response!;
    // A step the recording abbreviates (a reset between cases) is compared by its status.
    const abbreviated = typeof recorded.body === 'string' && recorded.body.startsWith('(omitted');
    const expected = deviation ?? { status: recorded.status, body: abbreviated ? got.body : comparable(recorded.body) };
    expect({ status: got.status, body: got.body }).toEqual({ status: expected.status, body: expected.body });
    const allow = deviation ? deviation.allow : recorded.headers?.allow;
    if (allow !== undefined) expect(got.allow).toBe(allow);
  });
});
