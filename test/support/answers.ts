// A gateway's answer to a conformance-style case (a REST path or a GraphQL document), normalised
// as ../shared/conformance's README says, so two answers (or an answer and a golden) compare.
import type { Gateway } from '../../gateway/app.ts';

export interface Case {
  name: string;
  path?: string;
  graphql?: string;
  variables?: Record<string, unknown>;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The README's normalisation: timestamps and component ids masked; key order is ignored by toEqual. */
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

/** Asks the gateway in process; GraphQL errors are reduced to message, code and path. */
export async function ask(gateway: Gateway, c: Case): Promise<{ status?: number; body: unknown }> {
  const request = c.graphql
    ? new Request('http://gateway.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query: c.graphql, variables: c.variables ?? {} }) })
    : new Request(`http://gateway.test${c.path}`, { headers: { accept: 'application/json' } });
  const response = await gateway.fetch(request);
  const body = await response.json();
  if (c.graphql && Array.isArray(body.errors)) {
    body.errors = body.errors.map((e: { message: string; extensions?: { code?: string }; path?: unknown }) => ({ message: e.message, code: e.extensions?.code ?? null, path: e.path ?? null }));
  }
  return { status: c.graphql ? undefined : response.status, body: normalise(body) };
}
