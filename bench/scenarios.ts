// The benchmark's requests: six read scenarios of issue 9, each an HTTP request the gateway, the
// limit server and Strapi all receive unchanged, and the number of entries a right answer holds.
import { readFileSync } from 'node:fs';

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query string, sent as is (brackets unencoded, as Strapi clients send them). */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Scenario {
  id: string;
  label: string;
  request: BenchRequest;
  /** Entries in `data` (REST) or `data.articles.data` (GraphQL) of a right answer. */
  entries: number;
}

const get = (path: string): BenchRequest => ({ method: 'GET', path, headers: { accept: 'application/json' } });

const DEEP_POPULATE = [
  'populate[author][populate][avatar]=true',
  'populate[category][populate][parent]=true',
  'populate[blocks][populate]=*',
  'populate[seo][populate]=*',
  'populate[related][populate][cover]=true',
].join('&');

const FILTERS_SORT_FIELDS = [
  'filters[kind][$eq]=guide',
  'filters[views][$gte]=20000',
  'sort[0]=views:desc',
  'fields[0]=title',
  'fields[1]=slug',
  'fields[2]=views',
  'fields[3]=publishDate',
].join('&');

const deepPopulateDocument = readFileSync(new URL('./scenarios/deep-populate.graphql', import.meta.url), 'utf8');

/** The six scenarios, in the order the table shows them. */
export const SCENARIOS: readonly Scenario[] = [
  { id: 'list', label: 'default list', request: get('/api/articles'), entries: 25 },
  { id: 'populate-all', label: 'populate=*', request: get('/api/articles?populate=*'), entries: 25 },
  { id: 'deep-populate', label: 'deep populate', request: get(`/api/articles?${DEEP_POPULATE}`), entries: 25 },
  { id: 'filters-sort-fields', label: 'filters + sort + fields', request: get(`/api/articles?${FILTERS_SORT_FIELDS}`), entries: 25 },
  { id: 'populate-all-100', label: '100 entries, populate=*', request: get('/api/articles?populate=*&pagination[pageSize]=100'), entries: 100 },
  {
    id: 'graphql-deep-populate',
    label: 'GraphQL deep populate',
    request: {
      method: 'POST',
      path: '/graphql',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ query: deepPopulateDocument }),
    },
    entries: 25,
  },
];

/** The scenarios `--size` runs at both collection sizes. */
export const SIZE_SCENARIOS: readonly Scenario[] = SCENARIOS.filter((s) => s.id === 'list' || s.id === 'populate-all');

/** How many entries an answer body holds, or an explanation of why it is not a right answer. */
export function countEntries(body: string): number | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 120)}`;
  }
  const answer = parsed as { data?: unknown; errors?: Array<{ message?: string }> };
  if (answer.errors?.length) return `GraphQL errors: ${answer.errors.map((e) => e.message).join('; ').slice(0, 200)}`;
  const data = answer.data as { articles?: { data?: unknown } } | unknown[] | undefined;
  const list = Array.isArray(data) ? data : data?.articles?.data;
  return Array.isArray(list) ? list.length : `no entry list in ${body.slice(0, 120)}`;
}
