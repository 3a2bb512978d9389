// Records one differential set: generates its requests (../shared/differential), asks a running
// Strapi v4.25 for each, asks the gateway in process, and classifies every mismatch into a
// deliberate deviation (sets.ts) by re-asking variants of the gateway; prints what stays
// unexplained. A tool for finding out, run by hand; npm test reads what it writes.
//   npx tsx test/differential/record.ts <set> <strapi base URL>
// e.g. npx tsx test/differential/record.ts foodadvisor http://127.0.0.1:1348
import { readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { Gateway } from '../../gateway/app.ts';
import { answerOf, ask, caseRequest, type Answer, type Case } from '../support/strapi-answers.ts';
import { modelGateway } from '../support/test-gateway.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Filter, FindOptions } from '../../src/store/store.ts';
import { type Deviation, type DeviationClass, type SetConfig, setFolder } from './sets.ts';
import { insensitive } from './live/deviations.mjs';

const [name, strapiBase] = process.argv.slice(2);
if (!name || !strapiBase) {
  console.error('usage: npx tsx test/differential/record.ts <set> <strapi base URL>');
  process.exit(2);
}
const folder = setFolder(name);
const config = JSON.parse(readFileSync(`${folder}/set.json`, 'utf8')) as SetConfig;
// A path in a variable: the generator is plain JavaScript beside the project, not part of it.
const generator = new URL('../../../shared/differential/generate.mjs', import.meta.url).href;
const { generateCases } = (await import(generator)) as {
  generateCases(options: { schema: string; seed: string; n: number; rand: number }): Case[];
};
const cases = generateCases({ schema: config.schema, seed: config.seed, n: config.n, rand: config.rand });

/** The seed with every draft published: a gateway over it sees what Strapi leaks. */
function leakySeed(): string {
  const seed = JSON.parse(readFileSync(config.seed, 'utf8'));
  for (const list of Object.values(seed.entries ?? {}) as Array<Array<Record<string, unknown>>>) {
    for (const entry of list) if (entry.publishedAt === null) entry.publishedAt = '2000-01-01T00:00:00.000Z';
  }
  const path = `/tmp/differential-leaky-${name}.json`;
  writeFileSync(path, JSON.stringify(seed));
  return path;
}

/** Drops `{ publishedAt: { $ne: null } }` (the live state's condition) wherever it appears. */
function withoutLiveCondition(filter: unknown): unknown {
  if (Array.isArray(filter)) return filter.map(withoutLiveCondition);
  if (filter === null || typeof filter !== 'object' || filter instanceof Date || filter instanceof RegExp) return filter;
  const record = filter as Record<string, unknown>;
  if (isDeepStrictEqual(record, { publishedAt: { $ne: null } })) return {};
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, withoutLiveCondition(value)]));
}

/**
 * Strapi's leak, reproduced under the gateway: reads without a page window (relations, relation
 * filters) and aggregations (inverse relations, sorts through relations) see drafts; the root
 * reads, which have one, do not.
 */
class LeakyRelationsStore extends EmbeddedStore {
  override find(collection: string, filter: Filter, options: FindOptions = {}) {
    return super.find(collection, options.limit ? filter : (withoutLiveCondition(filter) as Filter), options);
  }
  override aggregate(collection: string, pipeline: readonly Filter[]) {
    return super.aggregate(collection, withoutLiveCondition(pipeline) as Filter[]);
  }
}

/**
 * Strapi's leak in relation filters alone: the id lookups a filter through a relation makes see
 * drafts, while populated relations do not. They are this gateway's only reads with a projection
 * (it does not narrow reads), and have no page window.
 */
class LeakyFiltersStore extends EmbeddedStore {
  override find(collection: string, filter: Filter, options: FindOptions = {}) {
    return super.find(collection, options.projection && !options.limit ? (withoutLiveCondition(filter) as Filter) : filter, options);
  }
}

/** Whether `filter` names one entry by its id (`{ id: 3 }`, alone or in an `$and`), as a read by id does. */
const namesOneId = (filter: Filter): boolean =>
  typeof filter.id === 'number' || (Array.isArray(filter.$and) && (filter.$and as Filter[]).some(namesOneId));

/** Strapi's leak of a draft read by id alone: the entry itself, not what it relates to. */
class LeakyByIdStore extends EmbeddedStore {
  override find(collection: string, filter: Filter, options: FindOptions = {}) {
    return super.find(collection, options.limit === 1 && namesOneId(filter) ? (withoutLiveCondition(filter) as Filter) : filter, options);
  }
}

const gateway = (await modelGateway(config.schema, config.seed)).gateway;
const leakyFilters = (await modelGateway(config.schema, config.seed, { store: new LeakyFiltersStore() })).gateway;
const leakyRelations = (await modelGateway(config.schema, config.seed, { store: new LeakyRelationsStore() })).gateway;
const leakyById = (await modelGateway(config.schema, leakySeed())).gateway;
const leakyEntryById = (await modelGateway(config.schema, config.seed, { store: new LeakyByIdStore() })).gateway;

/** Drops `publishedAt` (which differs by design in the leaky store) and sorts lists by id. */
function loosen(value: unknown, { order, published }: { order: boolean; published: boolean }): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => loosen(item, { order, published }));
    return order ? items : [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => published || key !== 'publishedAt').map(([k, v]) => [k, loosen(v, { order, published })]));
}

const same = (a: Answer, b: Answer, options = { order: true, published: true }) =>
  a.status === b.status && isDeepStrictEqual(loosen(a.body, options), loosen(b.body, options));

/**
 * Sorting through a relation (`sort=category.slug`), Strapi answers the related entry's field in
 * place of the entry's own field of that name: ours lacks only keys Strapi added.
 */
function sortLeak(c: Case, strapi: Answer, ours: Answer): boolean {
  if (!/[?&]sort(\[\d+\])?=[^&]*\w\.\w/.test(decodeURIComponent(c.path ?? ''))) return false;
  const strip = (body: unknown, keep: unknown): unknown => {
    if (Array.isArray(body)) return body.map((item, i) => strip(item, (keep as unknown[])?.[i]));
    if (body === null || typeof body !== 'object') return body;
    const other = (keep ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(body).filter(([key]) => key in other).map(([key, value]) => [key, strip(value, other[key])]));
  };
  return strapi.status === ours.status && isDeepStrictEqual(strip(strapi.body, ours.body), ours.body);
}

async function classify(c: Case, strapi: Answer, ours: Answer): Promise<DeviationClass | 'unexplained'> {
  if (strapi.status === 500) return 'strapi-500';
  if (same(strapi, ours, { order: false, published: true })) return 'order-without-sort';
  const error = (ours.body as { error?: { message?: string } }).error?.message ?? '';
  if (ours.status === 400 && strapi.status === 200 && /Invalid parameter/.test(error) && /populate\[[^&]*\[filters\]/.test(c.path ?? '')) {
    return 'forbidden-relation-in-populate-filters';
  }
  const close = (answer: Answer) => same(strapi, answer, { order: true, published: true }) || same(strapi, answer, { order: false, published: true });
  if (close(await ask(leakyRelations, c)) || close(await ask(leakyFilters, c))) return 'drafts-through-relations';
  // By id, the entry itself is the draft (its publishedAt differs in the published copy).
  const byId = /^\/api\/[^/?]+\/\d+/.test(c.path ?? '') || /\(id: /.test(c.graphql ?? '');
  if (byId && close(await ask(leakyEntryById, c))) return 'draft-by-id';
  const leakedById = await ask(leakyById, c);
  if (byId && (same(strapi, leakedById, { order: true, published: false }) || same(strapi, leakedById, { order: false, published: false }))) return 'draft-by-id';
  if (sortLeak(c, strapi, ours)) return 'sort-through-relation-leaks-field';
  const variant = insensitive(c);
  if (variant) {
    for (const target of [gateway, leakyRelations] as Gateway[]) {
      const answer = await ask(target, variant);
      if (same(strapi, answer, { order: true, published: false }) || same(strapi, answer, { order: false, published: false })) return 'like-ignores-case';
    }
  }
  return 'unexplained';
}

const strapiAnswers: Record<string, Answer> = {};
const deviations: Record<string, Deviation | { class: 'unexplained'; answer: Answer }> = {};
const counts = new Map<string, number>();
for (const c of cases) {
  const strapi = await answerOf(c, await fetch(caseRequest(c, strapiBase), { signal: AbortSignal.timeout(60_000) }));
  strapiAnswers[c.name] = strapi;
  const ours = await ask(gateway, c);
  if (same(strapi, ours)) continue;
  const found = await classify(c, strapi, ours);
  deviations[c.name] = { class: found as DeviationClass, answer: ours };
  counts.set(found, (counts.get(found) ?? 0) + 1);
  if (found === 'unexplained') console.log(`UNEXPLAINED ${c.name} ${c.path ?? c.graphql}`);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`;
writeFileSync(`${folder}/cases.json`, json(cases));
writeFileSync(`${folder}/strapi.json`, json(strapiAnswers));
writeFileSync(`${folder}/deviations.json`, json(deviations));
const agree = cases.length - Object.keys(deviations).length;
console.log(`${name}: agree ${agree}/${cases.length} (${((100 * agree) / cases.length).toFixed(1)} %); deviations: ${[...counts].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
process.exit(counts.has('unexplained') ? 1 : 0);
