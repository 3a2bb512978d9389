// Why the gateway may answer a write step differently from Strapi: each class names the row of
// docs/decisions.md that explains it. A recorded set marks the steps that deviate, with our answer.
import { isDeepStrictEqual } from 'node:util';
import type { Answer } from '../../support/strapi-answers.ts';
import type { WriteStep } from './sequence.ts';

export const WRITE_DEVIATIONS = {
  'draft-by-id': 'Returns a draft by id in the live state',
  'strapi-500': 'Answers 500 to some requests',
  'draft-through-relation': 'Returns drafts through relations in the live state',
  'biginteger-digits': 'Stores any text in a `biginteger`',
  '405-text': '| A 405 |',
  'syntax-error-details': '| Invalid JSON in a write\'s body |',
  '405-for-nothing': 'Answers 405 to a write on a path that names nothing',
  'zone-components': 'Accepts a dynamic-zone item whose `__component` the zone does not list',
  'localizations-before-write': 'Answers a write with its other locales as they were before it',
  'other-scheme-401': 'Strapi reads another scheme (`Basic …`) or a bare `Bearer` as the public role',
} as const;

export type WriteDeviationClass = keyof typeof WRITE_DEVIATIONS;

export interface WriteDeviation {
  class: WriteDeviationClass;
  /** The gateway's answer when recorded, so a change to it still fails the replay. */
  answer: Answer;
}

const isLiveReadById = (step: WriteStep) => step.method === 'GET' && /^\/api\/[^/?]+\/[^/?]+(\?|$)/.test(step.path) && !/publicationState=preview/.test(step.path);
const isPreview = (step: WriteStep) => /publicationState=preview/.test(step.path);
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const isDraft = (entry: unknown) => isObject(entry) && isObject(entry.attributes) && entry.attributes.publishedAt === null;

/** Strapi's body with every draft below the answer's own entries taken out of relations (`{ data }` lists and to-ones). */
function withoutNestedDrafts(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutNestedDrafts(item, depth));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => {
    if (key !== 'data' || depth === 0) return [key, withoutNestedDrafts(item, depth + 1)];
    if (Array.isArray(item)) return [key, item.filter((entry) => !isDraft(entry)).map((entry) => withoutNestedDrafts(entry, depth + 1))];
    return [key, isDraft(item) ? null : withoutNestedDrafts(item, depth + 1)];
  }));
}

/** Strapi's body with each biginteger it rounded past 2^53 put back to the digits we kept (ours). */
function withOurBigDigits(strapi: unknown, ours: unknown): unknown {
  if (typeof strapi === 'string' && typeof ours === 'string' && /^-?\d{16,}$/.test(ours) && /^-?\d+$/.test(strapi)) {
    return BigInt(Number(ours)).toString() === strapi ? ours : strapi;
  }
  if (Array.isArray(strapi) && Array.isArray(ours)) return strapi.map((item, index) => withOurBigDigits(item, ours[index]));
  if (isObject(strapi) && isObject(ours)) return Object.fromEntries(Object.entries(strapi).map(([key, item]) => [key, withOurBigDigits(item, ours[key])]));
  return strapi;
}

const METHOD_NOT_ALLOWED_TEXT = { unparsable: 'Method Not Allowed' };
const errorOf = (answer: Answer) => (answer.body as { error?: Json } | null)?.error;

/** The documented class that explains a disagreement on a step, or undefined when none does. */
export function explain(step: WriteStep, strapi: Answer, ours: Answer): WriteDeviationClass | undefined {
  if (strapi.status === 500) return 'strapi-500';
  const data = (strapi.body as { data?: { attributes?: { publishedAt?: unknown } } } | null)?.data;
  if (isLiveReadById(step) && strapi.status === 200 && ours.status === 404 && data?.attributes?.publishedAt === null) return 'draft-by-id';
  if (strapi.status === 405 && isDeepStrictEqual(strapi.body, METHOD_NOT_ALLOWED_TEXT)) {
    if (ours.status === 405 && errorOf(ours)?.name === 'MethodNotAllowedError') return '405-text';
    if (ours.status === 404 && step.method !== 'GET' && errorOf(ours)?.name === 'NotFoundError') return '405-for-nothing';
  }
  if (step.auth === 'basic' && ours.status === 401 && errorOf(ours)?.name === 'UnauthorizedError' && strapi.status !== 401) return 'other-scheme-401';
  const strapiError = errorOf(strapi);
  if (strapi.status === 400 && strapiError?.name === 'SyntaxError' && !('details' in strapiError) && isDeepStrictEqual({ ...strapiError, details: {} }, errorOf(ours))) return 'syntax-error-details';
  if (isZoneRefusal(strapi, ours)) return 'zone-components';
  if (strapi.status === 200 && ours.status === 400 && errorsOf(ours).length > 0 && errorsOf(ours).every((error) => error.message.includes('must be a `biginteger` type'))) return 'biginteger-digits';
  if (step.method !== 'GET' && strapi.status === 200 && ours.status === 200 && isDeepStrictEqual(withOurLocalizations(strapi.body, ours.body), ours.body)) return 'localizations-before-write';
  if (strapi.status !== ours.status) return undefined;
  return rewritten(step, strapi, ours);
}

/** The class whose rewrites of Strapi's body leave no difference with ours (drafts, then digits). */
function rewritten(step: WriteStep, strapi: Answer, ours: Answer): WriteDeviationClass | undefined {
  const hidden = isPreview(step) ? strapi.body : withoutNestedDrafts(strapi.body);
  const digits = withOurBigDigits(hidden, ours.body);
  if (!isDeepStrictEqual(digits, ours.body)) return undefined;
  return isDeepStrictEqual(hidden, strapi.body) ? 'biginteger-digits' : 'draft-through-relation';
}

interface FieldError {
  path: string[];
  message: string;
}
const errorsOf = (answer: Answer) => ((errorOf(answer)?.details as { errors?: FieldError[] } | undefined)?.errors ?? []);
const NOT_LISTED = 'must be one of the following values';
const isComponentName = (error: FieldError) => error.path.at(-1) === '__component';
/** Strapi's own errors beside a bad `__component`: it then fails to build the zone's relations. */
const isStrapiInternal = (error: FieldError) => error.path.length === 0 && (error.message === 'Invalid relations' || error.message.startsWith('Cannot build relations store'));

/**
 * A zone item's `__component` the zone does not list: Strapi stores it (200), or names every
 * component of the model with its own internal errors beside; we name the zone's components only.
 */
function isZoneRefusal(strapi: Answer, ours: Answer): boolean {
  const have = errorsOf(ours);
  if (ours.status !== 400 || have.length === 0) return false;
  if (strapi.status === 200) return have.every((error) => isComponentName(error) && error.message.includes(NOT_LISTED));
  if (strapi.status !== 400 || !errorsOf(strapi).some(isStrapiInternal)) return false;
  const want = errorsOf(strapi).filter((error) => !isStrapiInternal(error)).map((error) => {
    const same = have.find((mine) => isDeepStrictEqual(mine.path, error.path));
    return isComponentName(error) && error.message.includes(NOT_LISTED) && same?.message.includes(NOT_LISTED) ? same : error;
  });
  const message = want.length === 1 ? want[0].message : `${want.length} errors occurred`;
  return isDeepStrictEqual(have, want) && errorOf(ours)?.message === message;
}

/**
 * A write's answer with its other locales taken from ours where they differ only by values ours
 * shares with the written entry (the attributes not localized), the same entries in the same
 * order: `data.attributes.localizations.data[].attributes`, or a localization's flat `localizations`.
 */
function withOurLocalizations(strapi: unknown, ours: unknown): unknown {
  if (!isObject(strapi) || !isObject(ours)) return strapi;
  if (Array.isArray(strapi.localizations) && Array.isArray(ours.localizations)) {
    return sharedOnly(strapi.localizations, ours.localizations, ours) ? { ...strapi, localizations: ours.localizations } : strapi;
  }
  const theirs = isObject(strapi.data) && isObject(strapi.data.attributes) ? strapi.data.attributes : undefined;
  const mine = isObject(ours.data) && isObject(ours.data.attributes) ? ours.data.attributes : undefined;
  const list = (attributes: Json | undefined) => (isObject(attributes?.localizations) && Array.isArray(attributes.localizations.data) ? attributes.localizations.data : undefined);
  const [a, b] = [list(theirs), list(mine)];
  if (!theirs || !mine || !a || !b || !sharedOnly(a.map((x: Json) => ({ id: x.id, ...(x.attributes as Json) })), b.map((x: Json) => ({ id: x.id, ...(x.attributes as Json) })), mine)) return strapi;
  return { ...strapi, data: { ...(strapi.data as Json), attributes: { ...theirs, localizations: mine.localizations } } };
}

/** Whether two lists of entries differ only where ours holds the written entry's own value. */
function sharedOnly(theirs: Json[], ours: Json[], written: Json): boolean {
  if (theirs.length !== ours.length) return false;
  return theirs.every((entry, index) => {
    const mine = ours[index];
    const keys = new Set([...Object.keys(entry), ...Object.keys(mine)]);
    return [...keys].every((key) => isDeepStrictEqual(entry[key], mine[key]) || (key !== 'id' && key in written && isDeepStrictEqual(mine[key], written[key])));
  });
}
