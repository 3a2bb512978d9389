// After a write scenario: does the target serve what it acknowledged? Counted through the API by
// the run's slug prefix: creates (every draft there), publishes (that many more live), deletes
// (that many fewer); for updates, entries read back with the last values sent.
import type { BenchRequest } from '../scenarios.ts';
import { slugPrefix } from './scenarios.ts';

export interface Verification {
  ok: boolean;
  /** What was compared, in a few words. */
  detail: string;
}

// Answers are read as Strapi's REST envelope; a missing key reads as undefined and fails the check.
interface Envelope {
  data?: { id?: unknown; attributes?: Record<string, unknown> };
  meta?: { pagination?: { total?: unknown } };
}

async function getJson(url: string, token: string): Promise<{ status: number; body: Envelope | null }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json().catch(() => null)) as Envelope | null };
}

/** How many of the run's articles the target serves: drafts included (`preview`) or live only. */
export async function countRunArticles(url: string, token: string, run: string, state: 'preview' | 'live'): Promise<number> {
  const query = `pagination[pageSize]=1&publicationState=${state}&filters[slug][$startsWith]=${encodeURIComponent(slugPrefix(run))}`;
  const { status, body } = await getJson(`${url}/api/articles?${query}`, token);
  const total = body?.meta?.pagination?.total;
  if (status !== 200 || typeof total !== 'number') throw new Error(`GET ${url}/api/articles answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  return total;
}

/** Reads `count` until two reads 500 ms apart agree (writes left in flight have landed), at most 15 s. */
export async function settled(count: () => Promise<number>): Promise<number> {
  let last = await count();
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await count();
    if (next === last) return next;
    last = next;
  }
  return last;
}

const verdict = (ok: boolean, detail: string): Verification => ({ ok, detail: ok ? detail : `LOST WRITES: ${detail}` });
const n = (value: number) => value.toLocaleString('en-US');

/** A count after the run against the count before and the acknowledged writes: `grown` by at least, or `shrunk` by at least. */
export async function verifyCount(count: () => Promise<number>, before: number, acknowledged: number, way: 'grown' | 'shrunk', what: string): Promise<Verification> {
  const after = await settled(count);
  const moved = way === 'grown' ? after - before : before - after;
  return verdict(moved >= acknowledged, `${what} ${way === 'grown' ? 'grew' : 'shrank'} by ${n(moved)} for ${n(acknowledged)} acknowledged`);
}

/** The id and fields of an acknowledged `PUT /api/articles/:id` (its `data`). */
export function updateOf(request: BenchRequest): { id: number; data: Record<string, unknown> } {
  return { id: Number(request.path.split('/').at(-1)), data: (JSON.parse(request.body ?? '{}') as { data: Record<string, unknown> }).data };
}

/**
 * Every entry's last update sent, when it was acknowledged (not one still in flight as the run
 * ended): up to `sample` of those entries must serve that update's fields as sent. An entry's
 * updates never overlap: the run goes round every created entry before it comes back to one.
 */
export async function verifyUpdates(url: string, token: string, sent: readonly BenchRequest[], acknowledged: ReadonlySet<BenchRequest>, sample = 40): Promise<Verification> {
  const last = new Map<number, BenchRequest>();
  for (const request of sent) last.set(updateOf(request).id, request);
  const checked = [...last.values()].filter((request) => acknowledged.has(request)).slice(-sample);
  let matching = 0;
  for (const request of checked) {
    const { id, data } = updateOf(request);
    const served = (await getJson(`${url}/api/articles/${id}?publicationState=preview`, token)).body?.data?.attributes ?? {};
    if (Object.entries(data).every(([key, value]) => served[key] === value)) matching += 1;
  }
  return verdict(checked.length > 0 && matching === checked.length, `${n(matching)} of ${n(checked.length)} entries checked serve their last update`);
}
