// A REST write, in the steps every write takes: the body read at one boundary (JSON, `data`) ->
// the write operation (authorized and run by the operation layer, as GraphQL's mutations are) ->
// the written entry read back through the same GraphQL document path as a GET of it, so the
// answer has Strapi's shape and honours `populate` and `fields`. A DELETE reads the entry before.
import { readingBack } from '../access/access.ts';
import type { ContentModel, ContentType } from '../model/types.ts';
import type { Operation } from '../operations/operation.ts';
import { authorize } from '../operations/authorize.ts';
import { runOperation } from '../operations/run.ts';
import { createScope, type RequestBase } from '../operations/scope.ts';
import type { Doc } from '../store/store.ts';
import { requestBody, type BodyLimits } from './body.ts';
import { type PlanCache, variablesFor } from './plan.ts';
import { requestPublicationState } from './query.ts';
import type { RouteHandler } from '../routes/table.ts';
import type { ReadRoute } from './read-route.ts';
import type { ExecutionSteps } from './steps.ts';

/** A write row's handler, at its path's parameters. */
export interface WriteRoute {
  readonly handler: Extract<RouteHandler, { kind: 'write' }>;
  /** The entry's id, for a row whose path names one. */
  readonly id?: string;
}

export interface WriteDeps {
  model: ContentModel;
  limits: BodyLimits;
  plans: PlanCache;
  steps: ExecutionSteps;
}

/** The answer's body of a write route, or throws the error to answer. */
export async function writeAnswer(deps: WriteDeps, request: Request, route: WriteRoute, base: RequestBase): Promise<unknown> {
  const url = new URL(request.url);
  const operation = writeOperation(route, await requestBody(request, deps.limits), url.searchParams);
  const target = route.handler.target;
  const scope = createScope(base);
  if (operation.action === 'delete') {
    // Authorized first: a caller that may not delete learns nothing of the entry.
    authorize(base, operation);
    // A single type's DELETE answers its scalars whatever the query asks, as Strapi's does.
    const asked = target.kind === 'singleType' ? scalarsOnly(url) : url;
    const entry = await readBack(deps, base, target, asked, route.id === undefined ? undefined : { id: Number(route.id) });
    await runOperation(scope, operation);
    return entry;
  }
  const { data } = (await runOperation(scope, operation)) as { data: Doc };
  if (operation.action !== 'createLocalization') return readBack(deps, base, target, url, data);
  // Strapi answers a new localization flat: its fields and its group's, without relations.
  const read = await readBack(deps, base, target, new URL('?populate[localizations]=true', url), data);
  return flatEntry((read as { data: unknown }).data);
}

/** The URL with only its `locale` kept: no `populate`, no `fields`. */
function scalarsOnly(url: URL): URL {
  const locale = url.searchParams.get('locale');
  return new URL(`${url.pathname}${locale === null ? '' : `?${new URLSearchParams({ locale })}`}`, url);
}

/** An entry of the `{ data: { id, attributes } }` shape, flat (`{ id, ...attributes }`), its localizations too. */
function flatEntry(entry: unknown): unknown {
  if (entry === null || typeof entry !== 'object') return entry;
  const { id, attributes } = entry as { id: unknown; attributes: Record<string, unknown> };
  const { localizations, ...fields } = attributes;
  const members = (localizations as { data?: unknown[] } | undefined)?.data;
  return { id, ...fields, ...(members ? { localizations: members.map(flatEntry) } : {}) };
}

/**
 * The entry as a GET of it with the write's query string answers, for this caller (its attribute
 * and populate rules hold) though it may lack `find`/`findOne`: the written entry in any
 * publication state, the drafts it links hidden unless the write asks `publicationState=preview`,
 * as a GET and GraphQL's mutation answer them (the one draft rule, src/query/read.ts).
 */
async function readBack(deps: WriteDeps, base: RequestBase, type: ContentType, url: URL, entry: { id: number; locale?: unknown } | undefined): Promise<unknown> {
  const operation = type.kind === 'singleType' ? { kind: 'findSingle', written: true } as const : { kind: 'findOne', id: String(entry?.id), written: true } as const;
  const read: ReadRoute = { kind: 'entries', target: type, operation };
  const search = new URLSearchParams(url.search);
  if (type.kind !== 'singleType') search.delete('locale');
  else if (typeof entry?.locale === 'string') search.set('locale', entry.locale);
  const access = readingBack(base.access, type.uid);
  const plan = deps.plans.planFor(read, `?${search}`, { model: deps.model, access, locales: base.locales.codes }, `${base.accessKey}:wrote`, base.user?.id);
  const variables = variablesFor(plan, read, base.user?.id);
  await deps.steps.bound(plan, variables);
  const scope = createScope({ ...base, access }, undefined, requestPublicationState(plan.query.publicationState));
  return deps.steps.reshape(read, plan, await deps.steps.execute(plan, variables, scope), scope.deadline);
}

/** The route's write as an operation; the body's `data` is checked by the operation. */
function writeOperation(route: WriteRoute, body: unknown, query: URLSearchParams): Operation {
  const type = route.handler.target;
  const data = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as { data?: unknown }).data : undefined;
  const locale = query.get('locale');
  const id = route.id;
  switch (route.handler.write) {
    case 'create':
      // `?locale=` names the new entry's locale, as GraphQL's `locale` does (Strapi's REST ignores it).
      return { action: 'create', type, input: { data, locale, publishByDefault: true } };
    case 'update':
      return { action: 'update', type, input: { id, data, locale } };
    case 'delete':
      return { action: 'delete', type, input: { id, locale, publicationState: query.get('publicationState') === 'preview' ? 'PREVIEW' : 'LIVE' } };
    case 'createLocalization':
      return { action: 'createLocalization', type, input: { id, ...localization(body) } };
  }
}

/**
 * A localization's body, as Strapi v4 reads it: the new entry's fields at the top level with its
 * `locale` (a body wrapped in `data` has none, so it is refused as Strapi refuses it).
 */
function localization(body: unknown): { data: unknown; locale?: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { data: body };
  const { locale, ...data } = body as Record<string, unknown>;
  return { data, ...(locale === null || locale === undefined ? {} : { locale: String(locale) }) };
}
