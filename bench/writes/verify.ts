// After a write scenario: does the target serve what it acknowledged? Tags: the number named by
// the measured run (and the collection's total) against the 200 answers. Article: its title is
// one the run sent, and one more acknowledged update reads back.
import { UPDATED_ARTICLE_ID, type WriteScenario } from './scenarios.ts';

export interface Verification {
  ok: boolean;
  /** What was compared, in a few words. */
  detail: string;
}

// Answers are read as Strapi's REST envelope; a missing key reads as undefined and fails the check.
interface Envelope {
  data?: { attributes?: { title?: unknown } };
  meta?: { pagination?: { total?: unknown } };
}

async function getJson(url: string, token: string): Promise<{ status: number; body: Envelope | null }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json().catch(() => null)) as Envelope | null };
}

/** `meta.pagination.total` of GET /api/tags with `query` (pagination[pageSize]=1 added). */
export async function countTags(url: string, token: string, query = ''): Promise<number> {
  const { status, body } = await getJson(`${url}/api/tags?pagination[pageSize]=1${query}`, token);
  const total = body?.meta?.pagination?.total;
  if (status !== 200 || typeof total !== 'number') throw new Error(`GET ${url}/api/tags answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  return total;
}

/** Reads `count` until two reads 500 ms apart agree (writes left in flight have landed), at most 15 s. */
async function settled(count: () => Promise<number>): Promise<number> {
  let last = await count();
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await count();
    if (next === last) return next;
    last = next;
  }
  return last;
}

async function verifyTags(url: string, token: string, runName: string, acknowledged: number, totalBefore: number): Promise<Verification> {
  const named = await settled(() => countTags(url, token, `&filters[name][$startsWith]=${encodeURIComponent(`${runName}-`)}`));
  const grown = (await countTags(url, token)) - totalBefore;
  const ok = named >= acknowledged && grown >= acknowledged;
  const detail = `${named.toLocaleString('en-US')} stored of ${acknowledged.toLocaleString('en-US')} acknowledged (total grew ${grown.toLocaleString('en-US')})`;
  return { ok, detail: ok ? detail : `LOST WRITES: ${detail}` };
}

async function verifyArticle(url: string, token: string, runName: string): Promise<Verification> {
  const article = `${url}/api/articles/${UPDATED_ARTICLE_ID}`;
  const title = (await getJson(article, token)).body?.data?.attributes?.title;
  const fromRun = typeof title === 'string' && title.startsWith(`${runName}-`);
  const final = `${runName}-final`;
  const put = await fetch(article, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { title: final } }),
  });
  const readBack = (await getJson(article, token)).body?.data?.attributes?.title;
  const ok = fromRun && put.status === 200 && readBack === final;
  const detail = `title after the run ${fromRun ? 'is one it sent' : `is not one it sent (${JSON.stringify(title)})`}; one more update ${put.status === 200 && readBack === final ? 'reads back' : `answered ${put.status} and reads back ${JSON.stringify(readBack)}`}`;
  return { ok, detail: ok ? detail : `LOST WRITES: ${detail}` };
}

/** What the scenario needs to know before its measured run (the tag total). */
export async function beforeRun(url: string, token: string, scenario: WriteScenario): Promise<number> {
  return scenario.id === 'create-tag' ? countTags(url, token) : 0;
}

/** Checks the target against the measured run's acknowledged writes. */
export function verifyWrites(url: string, token: string, scenario: WriteScenario, runName: string, acknowledged: number, before: number): Promise<Verification> {
  return scenario.id === 'create-tag' ? verifyTags(url, token, runName, acknowledged, before) : verifyArticle(url, token, runName);
}
