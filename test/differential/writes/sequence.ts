// One server's side of a write sequence: the real ids behind the step indexes the generator uses,
// the HTTP request each step becomes on that server, and its answer made comparable (entry ids
// labelled by the step that created them, timestamps the run made masked, those a step sent kept).
import type { ContentModel } from '../../../src/model/types.ts';
import { normalise, type Answer } from '../../support/strapi-answers.ts';
import { TOKENS } from './access.mjs';

/** A generated step (generate.mjs). */
export interface WriteStep {
  index: number;
  action: string;
  note?: string;
  method: string;
  /** `{#k}` stands for the id of the entry step k created. */
  path: string;
  auth: 'full' | 'read' | 'custom' | 'invalid' | 'basic' | 'public';
  /** JSON body; `{ $id: k }` and `{ $component: [k, attribute, index] }` stand for ids. */
  body?: unknown;
  rawBody?: string;
  contentType?: string;
}

/** An id the generator refers to that this server never made (its create failed). */
export const MISSING_ID = 999999;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The content-type a path addresses (`/api/articles/3` -> api::article.article). */
export function addressedType(model: ContentModel, path: string) {
  const name = /^\/api\/([^/?]+)/.exec(path)?.[1];
  return [...model.contentTypes.values()].find((t) => t.pluralName === name || t.singularName === name);
}

/** One server's ids: which entry each step created, and the label each created entry compares by. */
export class ServerIds {
  private readonly created = new Map<number, unknown>();
  private readonly labels = new Map<string, string>();
  /** Raw answers by step, where component ids are read from. */
  readonly answers: unknown[] = [];

  constructor(private readonly seedIds: ReadonlyMap<string, ReadonlySet<unknown>>) {}

  /** Remembers the entry a successful write made (a new id of its type: a create, a single type put again). */
  learn(step: WriteStep, uid: string | undefined, status: number, body: unknown): void {
    this.answers[step.index] = body;
    if (!uid || status !== 200 || step.method === 'GET' || step.method === 'DELETE') return;
    const data = (body as { data?: { id?: unknown } } | null)?.data;
    const id = data && typeof data === 'object' && !Array.isArray(data) ? data.id : (body as { id?: unknown } | null)?.id;
    if (id === undefined || this.seedIds.get(uid)?.has(id) || this.labels.has(`${uid}:${id}`)) return;
    this.labels.set(`${uid}:${id}`, `#${step.index}`);
    this.created.set(step.index, id);
  }

  id(step: number): unknown {
    return this.created.get(step) ?? MISSING_ID;
  }

  componentId([step, attribute, index]: [number, string, number | null | undefined]): unknown {
    const data = (this.answers[step] as { data?: { attributes?: Record<string, unknown> } } | undefined)?.data;
    const value = data?.attributes?.[attribute];
    const item = Array.isArray(value) ? value[index ?? 0] : value;
    return (item as { id?: unknown } | null | undefined)?.id ?? MISSING_ID;
  }

  label(uid: string, id: unknown): unknown {
    return this.labels.get(`${uid}:${id}`) ?? id;
  }
}

/** The body with this server's ids in place of the generator's references. */
export function resolveBody(value: unknown, ids: ServerIds): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveBody(item, ids));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (typeof record.$id === 'number' && Object.keys(record).length === 1) return ids.id(record.$id);
  if (Array.isArray(record.$component) && Object.keys(record).length === 1) return ids.componentId(record.$component as [number, string, number]);
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, resolveBody(item, ids)]));
}

const AUTHORIZATION: Record<WriteStep['auth'], string | undefined> = {
  full: `Bearer ${TOKENS.full}`, read: `Bearer ${TOKENS.read}`, custom: `Bearer ${TOKENS.custom}`,
  invalid: `Bearer ${TOKENS.invalid}`, basic: 'Basic dXNlcjpwYXNzd29yZA==', public: undefined,
};

/** The HTTP request a step is on a server at `base`. */
export function stepRequest(step: WriteStep, ids: ServerIds, base: string): Request {
  const path = step.path.replace(/\{#(\d+)\}/g, (_m, k: string) => String(ids.id(Number(k))));
  const headers: Record<string, string> = { accept: 'application/json' };
  const authorization = AUTHORIZATION[step.auth];
  if (authorization) headers.authorization = authorization;
  let body: string | undefined;
  if (step.rawBody !== undefined) body = step.rawBody;
  else if (step.body !== undefined) body = JSON.stringify(resolveBody(step.body, ids));
  if (body !== undefined) headers['content-type'] = step.contentType ?? 'application/json';
  return new Request(`${base}${path}`, { method: step.method, headers, body: step.method === 'GET' ? undefined : body });
}

/** Entry ids in an answer replaced by their labels, walking it with the model. */
function relabel(model: ContentModel, ids: ServerIds, uid: string, value: unknown): unknown {
  const entry = (item: unknown): unknown => {
    if (item === null || typeof item !== 'object' || !('attributes' in item)) return item;
    const { id, attributes } = item as { id: unknown; attributes: Record<string, unknown> };
    return { ...item, id: ids.label(uid, id), attributes: attributesOf(model, ids, uid, attributes) };
  };
  if (value === null || typeof value !== 'object' || !('data' in value)) return value;
  const data = (value as { data: unknown }).data;
  return { ...value, data: Array.isArray(data) ? data.map(entry) : entry(data) };
}

function attributesOf(model: ContentModel, ids: ServerIds, uid: string, attributes: Record<string, unknown>, component = false): Record<string, unknown> {
  const owner = component ? model.components.get(uid) : model.contentTypes.get(uid);
  const part = (componentUid: string, item: unknown): unknown => {
    if (Array.isArray(item)) return item.map((one) => part(componentUid, one));
    if (item === null || typeof item !== 'object') return item;
    const record = item as Record<string, unknown>;
    const name = typeof record.__component === 'string' ? record.__component : componentUid;
    return model.components.has(name) ? attributesOf(model, ids, name, record, true) : item;
  };
  return Object.fromEntries(Object.entries(attributes).map(([key, value]) => {
    const a = owner?.attributes.get(key);
    if (key === 'localizations' && !component) return [key, relabel(model, ids, uid, value)];
    if (a?.type === 'relation') return [key, relabel(model, ids, a.target, value)];
    if (a?.type === 'component') return [key, part(a.component, value)];
    if (a?.type === 'dynamiczone') return [key, part('', value)];
    return [key, value];
  }));
}

const STAMPS = new Set(['createdAt', 'updatedAt', 'publishedAt']);

/**
 * Timestamps made comparable: a value some step sent is kept (marked `<sent>`, so the masking that
 * follows leaves it); a `publishedAt` this run made becomes `<now>`; other `createdAt`/`updatedAt`
 * are masked by {@link normalise}; other `publishedAt` (the seed's) are compared.
 */
function maskTimes(value: unknown, since: number, sent: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => maskTimes(item, since, sent));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => {
    if (!STAMPS.has(key) || typeof item !== 'string' || !TIMESTAMP.test(item)) return [key, maskTimes(item, since, sent)];
    if (sent.has(item)) return [key, `<sent>${item}`];
    return [key, key === 'publishedAt' && Date.parse(item) >= since ? '<now>' : item];
  }));
}

/** Every timestamp the steps send (in bodies), which answers may then hold as sent. */
export function sentTimestamps(steps: readonly WriteStep[]): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string' && TIMESTAMP.test(value)) found.add(value);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  steps.forEach((step) => walk(step.body));
  return found;
}

/** The target of the relation whose `connect` a step's body sends, on the type `uid`. */
function connectTarget(model: ContentModel, uid: string, body: unknown): string | undefined {
  const data = (body as { data?: unknown } | undefined)?.data;
  if (data === null || typeof data !== 'object') return undefined;
  for (const [name, value] of Object.entries(data)) {
    const attribute = model.contentTypes.get(uid)?.attributes.get(name);
    if (attribute?.type === 'relation' && value !== null && typeof value === 'object' && 'connect' in value) return attribute.target;
  }
  return undefined;
}

/** The entry ids an error names (a `connect` position's), as labels: ids differ between servers. */
function relabelMessage(model: ContentModel, ids: ServerIds, step: WriteStep, uid: string, body: unknown): unknown {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  if (typeof error?.message !== 'string' || !/relation with id \d+/.test(error.message)) return body;
  const target = connectTarget(model, uid, step.body);
  if (!target) return body;
  const message = error.message.replace(/(relation with id |"(?:before|after)":)(\d+)/g, (_m, lead: string, id: string) => `${lead}${String(ids.label(target, Number(id)))}`);
  return { ...(body as object), error: { ...error, message } };
}

/** The generator's references (`{ $id: step }`) in a step's body. */
function referencedSteps(value: unknown, found: Set<number> = new Set()): Set<number> {
  if (Array.isArray(value)) value.forEach((item) => referencedSteps(item, found));
  else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.$id === 'number' && Object.keys(record).length === 1) found.add(record.$id);
    else Object.values(record).forEach((item) => referencedSteps(item, found));
  }
  return found;
}

/**
 * A validation error echoing the value it refused (`… but the final value was: {…}`) echoes this
 * server's ids of the entries the step referenced: each, as the quoted text yup prints, becomes
 * the step's label, in the message and in each detail's.
 */
function relabelEcho(ids: ServerIds, step: WriteStep, body: unknown): unknown {
  const error = (body as { error?: { message?: unknown; details?: { errors?: unknown } } } | null)?.error;
  if (typeof error?.message !== 'string' || !error.message.includes('but the final value was:')) return body;
  const labels = new Map([...referencedSteps(step.body)].map((ref) => [`"${String(ids.id(ref))}"`, `"#${ref}"`]));
  if (labels.size === 0) return body;
  const relabelled = (text: string) => text.replace(/"\d+"/g, (quoted) => labels.get(quoted) ?? quoted);
  const details = error.details && Array.isArray(error.details.errors)
    ? { ...error.details, errors: error.details.errors.map((item: { message?: unknown }) => (typeof item?.message === 'string' ? { ...item, message: relabelled(item.message) } : item)) }
    : error.details;
  return { ...(body as object), error: { ...error, message: relabelled(error.message), ...(details ? { details } : {}) } };
}

/** A server's answer to a step, comparable with another server's. */
export function comparable(model: ContentModel, ids: ServerIds, step: WriteStep, status: number, body: unknown, since: number, sent: ReadonlySet<string> = new Set()): Answer {
  const uid = addressedType(model, step.path)?.uid;
  const labelled = uid ? relabelEcho(ids, step, relabelMessage(model, ids, step, uid, relabel(model, ids, uid, body))) : body;
  return { status, body: normalise(maskTimes(labelled, since, sent)) };
}

/** Sends a step through `send` and returns its comparable answer, learning the ids it made. */
export async function runStep(model: ContentModel, ids: ServerIds, step: WriteStep, send: (request: Request) => Promise<Response>, base: string, since: number, sent: ReadonlySet<string> = new Set()): Promise<Answer> {
  const response = await send(stepRequest(step, ids, base)).catch((error: unknown) => {
    console.error(`step ${step.index} (${step.method} ${step.path}): no answer, ${String(error)}`);
    return new Response(JSON.stringify({ noAnswer: String(error) }), { status: 599 });
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = { unparsable: text.slice(0, 200) };
  }
  ids.learn(step, addressedType(model, step.path)?.uid, response.status, body);
  return comparable(model, ids, step, response.status, body, since, sent);
}
