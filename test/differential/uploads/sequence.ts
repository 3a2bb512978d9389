// One server's side of the upload differential: a step -> the HTTP request it is on that server (its
// ids in place of `{#label}`, its files from test/fixtures/upload, the caller's credentials) -> its
// answer made comparable: ids of files the run made labelled by the step that made them, random
// hashes and times masked, lists of new files and formats' keys in name order.
import { readFileSync } from 'node:fs';
import { SignJWT } from 'jose';

export const UPLOAD_FIXTURES = 'test/fixtures/upload';
export const UPLOAD_SEED = 'test/fixtures/upload/upload-seed.json';
export const UPLOAD_MODEL = 'test/fixtures/blog';
/** The reference Strapi's salt and JWT secret (../shared/strapi-reference/app/config). */
export const REFERENCE_SECRETS = { apiTokenSalt: 'conformance-api-token-salt', jwtSecret: 'conformance-jwt-secret' };

type Part = { name: string; value: string } | { name: string; file: string; filename?: string; type?: string };
type GraphQLFile = { path: string; file: string; filename?: string; type?: string };

export interface UploadStep {
  index: number;
  name: string;
  method: string;
  path: string;
  auth: 'full' | 'ro' | 'custom' | 'none' | 'jwt' | 'bad' | 'no-scheme';
  as?: string;
  body?:
    | { multipart: Part[] }
    | { json: unknown }
    | { text: string; type: string }
    | { broken: 'wrong-boundary' | 'no-boundary' | 'truncated' | 'no-closing' }
    | { graphql: { query: string; variables: Record<string, unknown>; map?: Record<string, string[]>; files?: Record<string, GraphQLFile> } };
}

export interface Answer {
  status: number;
  body: unknown;
}

const TOKENS: Record<string, string> = { full: 'full-access-secret-token-0001', ro: 'read-only-secret-token-0002', custom: 'custom-secret-token-0003' };

async function authorization(auth: UploadStep['auth']): Promise<Record<string, string>> {
  switch (auth) {
    case 'none':
      return {};
    case 'bad':
      return { authorization: 'Bearer not-a-token' };
    case 'no-scheme':
      return { authorization: TOKENS.full };
    case 'jwt': {
      const jwt = await new SignJWT({ id: 1 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(REFERENCE_SECRETS.jwtSecret));
      return { authorization: `Bearer ${jwt}` };
    }
    default:
      return { authorization: `Bearer ${TOKENS[auth]}` };
  }
}

/** The ids each server gave the files of labelled steps, and every id the run made, for labels. */
export class RunIds {
  readonly byLabel = new Map<string, number>();
  /** File id -> `#<step>.<n>`. */
  readonly labels = new Map<number, string>();

  resolve(text: string): string {
    return text.replace(/\{#([^}]+)\}/g, (_, label: string) => String(this.byLabel.get(label) ?? 'unknown'));
  }
}

const fileBytes = (name: string) => readFileSync(`${UPLOAD_FIXTURES}/${name}`);

function blob(spec: { file: string; type?: string }): Blob {
  return new Blob([fileBytes(spec.file)], spec.type ? { type: spec.type } : {});
}

function formOf(parts: readonly Part[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else form.append(part.name, blob(part), part.filename ?? part.file);
  }
  return form;
}

/** A multipart body broken in one way, as bytes with its Content-Type. */
function brokenBody(kind: 'wrong-boundary' | 'no-boundary' | 'truncated' | 'no-closing'): { body: Buffer; type: string } {
  const boundary = 'XyZboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="w300.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const whole = Buffer.concat([Buffer.from(head), fileBytes('w300.jpg'), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  switch (kind) {
    case 'wrong-boundary':
      return { body: whole, type: 'multipart/form-data; boundary=SomethingElse' };
    case 'no-boundary':
      return { body: whole, type: 'multipart/form-data' };
    case 'truncated':
      return { body: whole.subarray(0, head.length + 1000), type: `multipart/form-data; boundary=${boundary}` };
    case 'no-closing':
      return { body: whole.subarray(0, whole.length - `--${boundary}--\r\n`.length), type: `multipart/form-data; boundary=${boundary}` };
  }
}

function graphqlBody(spec: Extract<NonNullable<UploadStep['body']>, { graphql: unknown }>['graphql'], ids: RunIds): { body: BodyInit; type?: string } {
  const variables = JSON.parse(ids.resolve(JSON.stringify(spec.variables))) as Record<string, unknown>;
  const operations = JSON.stringify({ query: spec.query, variables });
  if (!spec.files) return { body: operations, type: 'application/json' };
  const form = new FormData();
  form.append('operations', operations);
  form.append('map', JSON.stringify(spec.map ?? {}));
  for (const [part, file] of Object.entries(spec.files)) form.append(part, blob(file), file.filename ?? file.file);
  return { body: form };
}

/** The request a step is on a server at `base`. */
export async function stepRequest(step: UploadStep, base: string, ids: RunIds): Promise<Request> {
  const headers: Record<string, string> = { accept: 'application/json', ...(await authorization(step.auth)) };
  const url = `${base}${ids.resolve(step.path)}`;
  const body = step.body;
  if (!body) return new Request(url, { method: step.method, headers });
  if ('multipart' in body) return new Request(url, { method: step.method, headers, body: formOf(body.multipart) });
  if ('json' in body) return new Request(url, { method: step.method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body.json) });
  if ('text' in body) return new Request(url, { method: step.method, headers: { ...headers, 'content-type': body.type }, body: body.text });
  if ('broken' in body) {
    const broken = brokenBody(body.broken);
    return new Request(url, { method: step.method, headers: { ...headers, 'content-type': broken.type }, body: new Uint8Array(broken.body) });
  }
  const graphql = graphqlBody(body.graphql, ids);
  return new Request(url, { method: step.method, headers: graphql.type ? { ...headers, 'content-type': graphql.type } : headers, body: graphql.body });
}

/** The server's answer to a step, made comparable; the step's new files are labelled in `ids`. */
export async function runStep(step: UploadStep, send: (request: Request) => Promise<Response>, base: string, ids: RunIds): Promise<Answer> {
  const response = await send(await stepRequest(step, base, ids));
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = { unparsable: text.slice(0, 200) };
  }
  labelNewFiles(step, response.status, body, ids);
  return { status: response.status, body: inNameOrder(comparable(body, ids)) };
}

/** An answer listing new files (an upload's, `multipleUpload`'s) in name order: Strapi's order follows which file finished first. */
function inNameOrder(body: unknown): unknown {
  if (Array.isArray(body) && body.every(isFileLike)) return [...body].sort(byName);
  const data = (body as { data?: { multipleUpload?: unknown[] } } | null)?.data;
  if (Array.isArray(data?.multipleUpload)) return { ...(body as object), data: { ...data, multipleUpload: [...data.multipleUpload].sort(byName) } };
  return body;
}

/** Files a step made, in name order, each labelled `#<step>.<n>`; the first under the step's `as` label. */
function labelNewFiles(step: UploadStep, status: number, body: unknown, ids: RunIds): void {
  const made = status === 200 ? newFiles(step, body) : [];
  made.sort((a, b) => String(a.name).localeCompare(String(b.name)) || Number(a.size) - Number(b.size));
  made.forEach((file, n) => {
    const id = Number(file.id);
    if (!ids.labels.has(id)) ids.labels.set(id, `#${step.index}.${n}`);
    if (n === 0 && step.as) ids.byLabel.set(step.as, id);
  });
}

type FileObject = { id: number | string; name?: unknown; size?: unknown };

function newFiles(step: UploadStep, body: unknown): FileObject[] {
  if (step.path.startsWith('/api/upload') && step.method === 'POST' && !step.path.includes('?id=') && Array.isArray(body)) return body as FileObject[];
  const data = (body as { data?: Record<string, unknown> } | null)?.data;
  if (step.path !== '/graphql' || !data) return [];
  const single = (data.upload as { data?: { id: string; attributes: Record<string, unknown> } } | undefined)?.data;
  const many = (data.multipleUpload as Array<{ data: { id: string; attributes: Record<string, unknown> } }> | undefined) ?? [];
  return [...(single ? [single] : []), ...many.map((item) => item.data)].filter(Boolean).map((item) => ({ id: item.id, ...item.attributes }));
}

const RANDOM_HASH = /_[0-9a-f]{10}(?=\.|$)/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Labels and masks (see the file's head). */
export function comparable(value: unknown, ids: RunIds, key?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => comparable(item, ids));
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string' && (key === 'hash' || key === 'url')) return value.replace(RANDOM_HASH, '_<hash>');
    if (typeof value === 'string' && TIME.test(value) && (key === 'createdAt' || key === 'updatedAt')) return '<time>';
    return value;
  }
  const entries = Object.entries(value as Record<string, unknown>).map(([name, item]): [string, unknown] => {
    if (name === 'id' && ids.labels.has(Number(item))) return [name, ids.labels.get(Number(item))];
    if (name === 'formats' && item !== null && typeof item === 'object') return [name, Object.fromEntries(Object.entries(comparable(item, ids) as object).sort(([a], [b]) => a.localeCompare(b)))];
    return [name, comparable(item, ids, name)];
  });
  return Object.fromEntries(entries);
}

function isFileLike(item: unknown): boolean {
  if (item === null || typeof item !== 'object') return false;
  const object = item as Record<string, unknown>;
  const attributes = (object.data as { attributes?: Record<string, unknown> } | undefined)?.attributes ?? (object.attributes as Record<string, unknown> | undefined) ?? object;
  return typeof attributes.name === 'string' && 'mime' in attributes;
}

function byName(a: unknown, b: unknown): number {
  const name = (item: unknown) => {
    const object = item as Record<string, unknown>;
    const attributes = (object.data as { attributes?: Record<string, unknown> } | undefined)?.attributes ?? (object.attributes as Record<string, unknown> | undefined) ?? object;
    return `${String(attributes.name)}\u0000${String(attributes.size)}`;
  };
  return name(a).localeCompare(name(b));
}
