// A request case (REST path or GraphQL document) -> the gateway's answer, normalised by the rules
// of ../shared/conformance (timestamps and component ids masked; GraphQL errors by message, code
// and path), so it compares with an answer recorded from Strapi.
import type { Gateway } from '../../gateway/app.ts';

export interface Case {
  name: string;
  category?: string;
  path?: string;
  graphql?: string;
  variables?: Record<string, unknown>;
}

export interface Answer {
  /** HTTP status for REST; absent for GraphQL, whose errors are in the body. */
  status?: number;
  body: unknown;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The conformance normalisation; key order is ignored by the comparisons that follow. */
export function normalise(value: unknown, parentKey?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => normalise(v, parentKey));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const isComponent = 'id' in object && !('attributes' in object) && parentKey !== 'error';
  return Object.fromEntries(Object.entries(object).map(([key, v]) => {
    if ((key === 'createdAt' || key === 'updatedAt') && typeof v === 'string' && TIMESTAMP.test(v)) return [key, '<timestamp>'];
    if (key === 'id' && isComponent && v !== null && /^\d+$/.test(String(v))) return [key, '<id>'];
    return [key, normalise(v, key)];
  }));
}

/**
 * Every object's keys in the order an answer's text lists them, by path (`data[0].attributes: id,
 * title`): what clients that compare, hash or cache answers by their text see.
 */
export function keyOrder(value: unknown, path = '', into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item, index) => keyOrder(item, `${path}[${index}]`, into));
  else if (value !== null && typeof value === 'object') {
    into.push(`${path || '.'}: ${Object.keys(value).join(',')}`);
    for (const [key, item] of Object.entries(value)) keyOrder(item, `${path}.${key}`, into);
  }
  return into;
}

/** {@link keyOrder} with list indexes folded (`data[].attributes: ...`), each distinct line once, in order of appearance. */
export function foldedKeyOrder(value: unknown): string[] {
  return [...new Set(keyOrder(value).map((line) => line.replace(/\[\d+\]/g, '[]')))];
}

/** The HTTP request a case stands for. */
export function caseRequest(c: Case, base = 'http://gateway.test'): Request {
  return c.graphql
    ? new Request(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query: c.graphql, variables: c.variables ?? {} }) })
    : new Request(`${base}${c.path}`, { headers: { accept: 'application/json' } });
}

/** A response as the differential tools compare it. */
export async function answerOf(c: Case, response: Response): Promise<Answer> {
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = { unparsable: text.slice(0, 200) };
  }
  if (c.graphql && Array.isArray(body?.errors)) {
    body.errors = body.errors.map((e: { message: string; extensions?: { code?: string }; path?: unknown }) => ({ message: e.message, code: e.extensions?.code ?? null, path: e.path ?? null }));
  }
  return c.graphql ? { body: normalise(body) } : { status: response.status, body: normalise(body) };
}

/** Asks the gateway in process. */
export async function ask(gateway: Gateway, c: Case): Promise<Answer> {
  return answerOf(c, await gateway.fetch(caseRequest(c)));
}
