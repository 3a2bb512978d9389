// A server URL + a request -> its answer, checked: a 200 whose JSON holds no GraphQL errors; and
// the entry ids at an answer's root, to tell whether two servers answered the same entries.
import type { BenchRequest } from '../scenarios.ts';

export interface CheckedAnswer {
  body: Buffer;
  contentType: string;
}

/** The answer, or why it is not a right one (status, GraphQL errors, not JSON, no answer). */
export async function fetchChecked(baseUrl: string, request: BenchRequest): Promise<CheckedAnswer | string> {
  let response: Response;
  try {
    response = await fetch(baseUrl + request.path, { method: request.method, headers: request.headers, body: request.body });
  } catch (error) {
    return `${baseUrl} did not answer: ${(error as Error).message}`;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const where = `${request.method} ${request.path.slice(0, 160)}`;
  if (response.status !== 200) return `${where}: ${response.status} ${body.toString().slice(0, 300)}`;
  let parsed: { errors?: Array<{ message?: string }> };
  try {
    parsed = JSON.parse(body.toString()) as typeof parsed;
  } catch {
    return `${where}: not JSON: ${body.toString().slice(0, 120)}`;
  }
  if (parsed.errors?.length) return `${where}: GraphQL errors: ${parsed.errors.map((e) => e.message).join('; ').slice(0, 300)}`;
  return { body, contentType: response.headers.get('content-type') ?? 'application/json' };
}

/** The ids of the entries at an answer's root (a REST list or entry, or each GraphQL root field's), joined. Pure. */
export function rootIds(body: string): string {
  const { data } = JSON.parse(body) as { data?: unknown };
  const idsOf = (value: unknown): unknown[] => {
    if (Array.isArray(value)) return value.map((entry) => (entry as { id?: unknown })?.id);
    if (value && typeof value === 'object' && 'id' in value) return [(value as { id: unknown }).id];
    return [];
  };
  if (Array.isArray(data) || (data && typeof data === 'object' && 'id' in data)) return idsOf(data).join(',');
  const fields = Object.entries((data ?? {}) as Record<string, { data?: unknown } | null>);
  return fields.map(([name, field]) => `${name}:${idsOf(field?.data).join(',')}`).join(' ');
}
