// REST query parameters as OpenAPI parameter objects, each with every form it takes as a named
// example: the literal query string (`x-query-string`) and its value as `qs` reads it.
import type { ContentModel, ContentType } from '../model/types.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../rest/query.ts';
import { type Parameter, type QueryExample, queryExamples } from './examples.ts';
import type { Schema } from './schemas.ts';

export type ParameterObject = Record<string, unknown>;

const DESCRIPTIONS: Record<Parameter, string> = {
  fields: 'Scalar fields to return (`id` always is). Forms: `fields[0]=a&fields[1]=b`, `fields=a`, `fields=a,b`, `fields=*`.',
  populate:
    'Relations, media, components and dynamic zones to include. Forms: `populate=*` (one level), `populate[0]=a`, `populate=a,b`, ' +
    'the object form to any depth with `[fields]`, `[filters]`, `[sort]`, `[populate]` inside, component dot paths (`seo.image`), ' +
    'and for dynamic zones `[populate]=*` or `[on][<component>][populate]=*`.',
  filters:
    'Conditions on fields, relation paths at any depth, `$and`/`$or`/`$not`. Operators: `$eq $eqi $ne $nei $lt $lte $gt $gte $in ' +
    '$notIn $contains $notContains $containsi $notContainsi $null $notNull $between $startsWith $startsWithi $endsWith $endsWithi`.',
  sort: 'Order: `sort=a`, `sort=a:desc`, `sort[0]=a:asc&sort[1]=b:desc`, `sort=a,b:desc` (the colon raw or `%3A`), to-one relation paths (`writer.name:asc`). Ties break by `id`.',
  locale: 'A locale code, or `all` for every locale; the default locale when absent.',
  publicationState: '`live` (published entries, the default) or `preview` (drafts too), at every populated level.',
  start: 'The number of users to skip (users only; they are not paged by `pagination`).',
  limit: `How many users to answer, at most ${MAX_PAGE_SIZE} (users only).`,
  pagination:
    `Page form \`pagination[page]\` (from 1) and \`pagination[pageSize]\` (${DEFAULT_PAGE_SIZE} by default, at most ${MAX_PAGE_SIZE}), ` +
    `or offset form \`pagination[start]\` and \`pagination[limit]\` (at most ${MAX_PAGE_SIZE}); not both. ` +
    '`pagination[withCount]=false` leaves out `total` (and `pageCount`), saving a count query.',
};

const SCHEMAS: Record<Parameter, Schema> = {
  fields: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
  populate: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'object' }] },
  filters: { type: 'object' },
  sort: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'object' }] },
  locale: { type: 'string' },
  start: { type: 'integer', minimum: 0 },
  limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
  publicationState: { type: 'string', enum: ['live', 'preview'] },
  pagination: {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
      start: { type: 'integer', minimum: 0 },
      limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
      withCount: { type: 'boolean' },
    },
  },
};

function parameter(name: Parameter, examples: readonly QueryExample[]): ParameterObject {
  const deep = !['locale', 'publicationState', 'start', 'limit'].includes(name);
  return {
    name,
    in: 'query',
    required: false,
    description: DESCRIPTIONS[name],
    ...(deep ? { style: 'deepObject', explode: true } : {}),
    schema: SCHEMAS[name],
    examples: Object.fromEntries(
      examples.map((e, i) => [`${name}${i + 1}`, { summary: e.summary, description: `\`?${e.query}\``, value: e.value, 'x-query-string': e.query }]),
    ),
  };
}

export type OperationKind = 'list' | 'one' | 'single' | 'files' | 'file' | 'users' | 'user' | 'me' | 'write';

/**
 * The parameters a route takes: lists are filtered, sorted and paged (users by top-level `start`
 * and `limit`, as their plugin reads them); every route selects. `me` shows none: its examples
 * would need a user's JWT. A write selects what its answer reads back (its `locale` is its own).
 */
export function queryParameters(model: ContentModel, target: ContentType, kind: OperationKind, locales: readonly string[]): ParameterObject[] {
  if (kind === 'me') return [];
  const examples = queryExamples(model, target, locales);
  const list = kind === 'list' || kind === 'files' || kind === 'users';
  const names: Parameter[] = ['fields', 'populate'];
  if (list) names.push('filters', 'sort');
  if (kind === 'write') return names.map((name) => parameter(name, examples[name]));
  if (target.localized) names.push('locale');
  if (target.draftAndPublish) names.push('publicationState');
  if (kind === 'list' || kind === 'files') names.push('pagination');
  if (kind === 'users') names.push('start', 'limit');
  return names.map((name) => parameter(name, examples[name]));
}
