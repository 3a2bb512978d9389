// Why the gateway may answer an upload step differently from Strapi: each class names the row of
// docs/decisions.md that explains it (its text, as the row holds it), and a rule that recognises
// it, as narrow as that row; a later read that differs only because of an earlier deviation is
// that deviation's too.
import { isDeepStrictEqual } from 'node:util';
import type { Answer, UploadStep } from './sequence.ts';

export const UPLOAD_DEVIATIONS = {
  'type-by-content': "| An upload's type |",
  'text-named-as-image': '| A text file named `.jpg`',
  'broken-multipart': '| Broken multipart bodies',
  'checked-link': "| An upload's `ref`, `refId` and `field` |",
  'link-appends': '| Files linked to a multiple media attribute |',
  'replace-new-name': '| A replaced file |',
  'png-bytes': "| PNG formats' bytes |",
  'other-scheme-401': 'Strapi reads another scheme (`Basic …`) or a bare `Bearer` as the public role',
  '405-text': '| A 405 |',
  'syntax-error-details': "| Invalid JSON in a write's body |",
  'get-upload-405': '| `GET /api/upload` |',
  'file-id-not-number': '| A file id that is not a number (',
  'graphql-multipart-errors': '| A GraphQL multipart request without `operations` (',
  'strapi-500': 'Answers 500 to some requests',
  'create-upload-file': '| `createUploadFile` (shadow CRUD) |',
  'unknown-operator': '| An unknown filter operator on `/api/upload/files` |',
  'graphql-error-details': '| A GraphQL error Strapi gives no `details` (',
  'file-info-order': '| Several `fileInfo` entries for several files |',
} as const;

export type UploadDeviationClass = keyof typeof UPLOAD_DEVIATIONS;

/** The steps before this one, both servers' answers, and the classes already found. */
export interface ExplainContext {
  readonly steps: readonly UploadStep[];
  readonly strapi: readonly Answer[];
  readonly ours: readonly Answer[];
  readonly found: Readonly<Record<number, UploadDeviationClass>>;
}

type Json = Record<string, unknown>;
const errorOf = (answer: Answer) => (answer.body as { error?: Json } | null)?.error;
const graphqlErrors = (answer: Answer) => ((answer.body as { errors?: Json[] } | null)?.errors ?? []) as Array<{ message?: string; extensions?: { code?: string } }>;
const isRefusal = (answer: Answer, name: string, message?: RegExp) => errorOf(answer)?.name === name && (!message || message.test(String(errorOf(answer)?.message)));

/** The documented class that explains a disagreement on a step, or undefined when none does. */
export function explain(step: UploadStep, strapi: Answer, ours: Answer, context: ExplainContext): UploadDeviationClass | undefined {
  return refusalClass(step, strapi, ours) ?? graphqlClass(step, strapi, ours) ?? bodyClass(strapi, ours) ?? consequenceClass(step, strapi, ours, context);
}

/** Requests we refuse (or refuse otherwise) where Strapi answers. */
function refusalClass(step: UploadStep, strapi: Answer, ours: Answer): UploadDeviationClass | undefined {
  if (strapi.status === 200 && ours.status === 400 && isRefusal(ours, 'ApplicationError', /is declared or named .*, but its content is not/)) return 'text-named-as-image';
  if (strapi.status === 500 && ours.status === 400 && isRefusal(ours, 'BadRequestError', /^Invalid multipart body|^The request body was cut off/)) return 'broken-multipart';
  if ((strapi.status === 200 || strapi.status === 500) && ours.status === 400 && isRefusal(ours, 'ValidationError') && linkIssue(ours)) return 'checked-link';
  if (step.auth === 'no-scheme' && ours.status === 401 && isRefusal(ours, 'UnauthorizedError') && strapi.status !== 401) return 'other-scheme-401';
  if (strapi.status === 405 && isDeepStrictEqual(strapi.body, { unparsable: 'Method Not Allowed' }) && ours.status === 405 && isRefusal(ours, 'MethodNotAllowedError')) return '405-text';
  if (step.method === 'GET' && step.path === '/api/upload' && strapi.status === 404 && ours.status === 405) return 'get-upload-405';
  if (/\/api\/upload\/files\/[^/?\d]/.test(step.path) && isRefusal(strapi, 'NotFoundError', /^file\.notFound$/) && isRefusal(ours, 'NotFoundError', /^Not Found$/)) return 'file-id-not-number';
  if (step.path.startsWith('/api/upload/files?') && strapi.status === 200 && isRefusal(ours, 'ValidationError', /^Invalid parameter \$\w+$/)) return 'unknown-operator';
  const strapiError = errorOf(strapi);
  if (strapi.status === 400 && strapiError?.name === 'SyntaxError' && !('details' in strapiError) && isDeepStrictEqual({ ...strapiError, details: {} }, errorOf(ours))) return 'syntax-error-details';
  return undefined;
}

/** Whether a ValidationError names `ref`, `refId` or `field` (a link we checked), or a type the field does not allow. */
function linkIssue(answer: Answer): boolean {
  const paths = ((errorOf(answer)?.details as { errors?: Array<{ path?: string[] }> } | undefined)?.errors ?? []).map((error) => error.path?.[0]);
  return paths.some((path) => path === 'ref' || path === 'refId' || path === 'field');
}

function graphqlClass(step: UploadStep, strapi: Answer, ours: Answer): UploadDeviationClass | undefined {
  if (step.path !== '/graphql') return undefined;
  if (strapi.status === 400 && isRefusal(strapi, 'BadRequestError', /graphql-multipart-request-spec/) && ours.status === 400 && graphqlErrors(ours)[0]?.message === errorOf(strapi)?.message) return 'graphql-multipart-errors';
  const [want] = graphqlErrors(strapi);
  const [have] = graphqlErrors(ours);
  if (want?.extensions?.code === 'INTERNAL_SERVER_ERROR' && have && have.extensions?.code !== 'INTERNAL_SERVER_ERROR') {
    return /^(BAD_USER_INPUT|STRAPI_APPLICATION_ERROR)$/.test(String(have.extensions?.code)) && /ref must name/.test(String(have.message)) ? 'checked-link' : 'strapi-500';
  }
  if (want?.extensions?.code === 'INTERNAL_SERVER_ERROR' && !have) return 'strapi-500';
  if (isDeepStrictEqual(strapi.body, withoutErrorDetails(ours.body))) return 'graphql-error-details';
  if (want?.extensions?.code === 'BAD_USER_INPUT' && /folderPath must be defined/.test(String(want.message)) && /createUploadFile would make a row/.test(String(have?.message))) return 'create-upload-file';
  return undefined;
}

/** A GraphQL body with `details: {}` taken out of each error's `extensions.error`. */
function withoutErrorDetails(body: unknown): unknown {
  const errors = (body as { errors?: Json[] } | null)?.errors;
  if (!errors) return body;
  return {
    ...(body as Json),
    errors: errors.map((error) => {
      const extensions = error.extensions as { error?: Json } | undefined;
      if (!extensions?.error || !isDeepStrictEqual(extensions.error.details, {})) return error;
      const { details: _details, ...rest } = extensions.error;
      return { ...error, extensions: { ...extensions, error: rest } };
    }),
  };
}

/** Bodies that differ only where a documented rule says (stored type, PNG bytes). */
function bodyClass(strapi: Answer, ours: Answer): UploadDeviationClass | undefined {
  if (strapi.status !== ours.status) return undefined;
  if (isDeepStrictEqual(rewrite(strapi.body, ours.body, (key, mine, theirs) => key === 'mime' && typeof mine === 'string' && typeof theirs === 'string'), ours.body)) return 'type-by-content';
  if (isDeepStrictEqual(rewrite(strapi.body, ours.body, pngBytes), ours.body)) return 'png-bytes';
  if (fileInfoCrossed(strapi, ours)) return 'file-info-order';
  return undefined;
}

/** The fields an upload's file gives its row (the rest come from its `fileInfo` entry, or from both: the hash, the URL). */
const FROM_THE_FILE = ['ext', 'mime', 'size', 'width', 'height', 'formats'] as const;

/**
 * The same files and the same `fileInfo` entries, paired otherwise: each of Strapi's rows has a
 * row of ours with every field the entry gives (name, texts), and the files' own fields are the
 * same set on both sides, moved between the rows.
 */
function fileInfoCrossed(strapi: Answer, ours: Answer): boolean {
  const [theirs, mine] = [strapi.body, ours.body];
  if (!Array.isArray(theirs) || !Array.isArray(mine) || theirs.length < 2 || theirs.length !== mine.length) return false;
  const own = (row: Json) => JSON.stringify(FROM_THE_FILE.map((key) => row[key]));
  const given = (row: Json) => JSON.stringify({ ...row, ...Object.fromEntries([...FROM_THE_FILE, 'hash', 'url'].map((key) => [key, null])) });
  const sorted = (rows: Json[], key: (row: Json) => string) => rows.map(key).sort();
  const paired = (rows: Json[]) => rows.map((row) => own(row) + given(row)).sort();
  return isDeepStrictEqual(sorted(theirs, own), sorted(mine, own)) && isDeepStrictEqual(sorted(theirs, given), sorted(mine, given)) && !isDeepStrictEqual(paired(theirs), paired(mine));
}

/** A PNG format's bytes within 1 % of Strapi's (another libpng writes a few bytes more or less). */
function pngBytes(key: string, mine: unknown, theirs: unknown, holder: Json): boolean {
  if (holder.mime !== 'image/png' || (key !== 'sizeInBytes' && key !== 'size') || typeof mine !== 'number' || typeof theirs !== 'number') return false;
  return Math.abs(mine - theirs) <= Math.max(0.02, theirs * 0.01);
}

/** A GET that differs because an earlier step deviated: files we refused, a replaced file's names, a list's order. */
function consequenceClass(step: UploadStep, strapi: Answer, ours: Answer, context: ExplainContext): UploadDeviationClass | undefined {
  if (strapi.status !== ours.status) return undefined;
  const earlier = Object.entries(context.found).filter(([index]) => Number(index) < step.index);
  const refusedLabels = earlier.filter(([, kind]) => kind === 'checked-link').map(([index]) => `"#${index}.`);
  if (refusedLabels.some((label) => JSON.stringify(strapi.body).includes(label) && !JSON.stringify(ours.body).includes(label))) return 'checked-link';
  const replaced = earlier.some(([, kind]) => kind === 'replace-new-name');
  const asReplaced = rewrite(strapi.body, ours.body, (key, _mine, _theirs, holder) => replaced && typeof holder.id === 'string' && ['hash', 'ext', 'url', 'width', 'height', 'formats'].includes(key));
  if (replaced && isDeepStrictEqual(asReplaced, ours.body)) return 'replace-new-name';
  if (step.method === 'POST' && step.path.includes('?id=') && step.body && 'multipart' in step.body && step.body.multipart.some((part) => 'file' in part)) {
    if (isDeepStrictEqual(rewrite(strapi.body, ours.body, (key) => ['hash', 'ext', 'url', 'width', 'height', 'formats'].includes(key)), ours.body)) return 'replace-new-name';
  }
  if (sameListsReordered(strapi.body, ours.body)) return 'link-appends';
  return undefined;
}

type Keep = (key: string, mine: unknown, theirs: unknown, holder: Json) => boolean;

/** Strapi's body with ours taken wherever `take` says, at the same place in both. */
function rewrite(strapi: unknown, ours: unknown, take: Keep): unknown {
  if (Array.isArray(strapi) && Array.isArray(ours) && strapi.length === ours.length) return strapi.map((item, index) => rewrite(item, ours[index], take));
  if (strapi === null || ours === null || typeof strapi !== 'object' || typeof ours !== 'object' || Array.isArray(strapi) || Array.isArray(ours)) return strapi;
  const mine = ours as Json;
  return Object.fromEntries(Object.entries(strapi as Json).map(([key, value]) => [key, key in mine && take(key, mine[key], value, strapi as Json) ? mine[key] : rewrite(value, mine[key], take)]));
}

/** Whether the two bodies differ only in the order of lists holding the same items (a media list's `data`). */
function sameListsReordered(strapi: unknown, ours: unknown): boolean {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value as Json).map(([key, item]) => [key, sorted(item)]));
  };
  return !isDeepStrictEqual(strapi, ours) && isDeepStrictEqual(sorted(strapi), sorted(ours));
}
