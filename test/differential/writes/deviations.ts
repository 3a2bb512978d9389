// Why the gateway may answer a write step differently from Strapi: each class names the row of
// docs/decisions.md that explains it. A recorded set marks the steps that deviate, with our answer.
import { isDeepStrictEqual } from 'node:util';
import type { ContentModel } from '../../../src/model/types.ts';
import type { Answer } from '../../support/strapi-answers.ts';
import { beyond32Bits, foreignZone, nonsenseBigInteger, sharedAttribute, withOurBigDigits, withOurLocalizations, withOurValues, withoutNestedDrafts } from './rewrites.ts';
import { addressedType, type WriteStep } from './sequence.ts';

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
  'shared-attributes': 'Shares the attributes not localized with the other locales only when',
  'i18n-data-array': 'Answers 200 to a PUT whose `data` is an array, on an i18n content-type',
  'integer-32-bits': 'Stores an `integer` beyond 32 bits (SQLite)',
  'number-from-array': 'Reads an array given for a number attribute as its first number',
  'media-object': 'Empties a media attribute given any object but `{ set }` or `{ id }`',
  'query-locale': 'Ignores `?locale=` on a REST write',
  'to-one-several': 'Takes several ids for a to-one relation',
  'position-shape': 'Reads a `connect` position that is not a position as none',
  'body-depth': 'Answers 500 to a REST body nested thousands of levels deep',
  'auth-before-body': "| Which comes first: the caller's right or the body's JSON |",
} as const;

export type WriteDeviationClass = keyof typeof WRITE_DEVIATIONS;

/** What a step is judged with besides the two answers: the model, and the steps before it with both servers' answers. */
export interface ExplainContext {
  model: ContentModel;
  steps: readonly WriteStep[];
  strapi: readonly Answer[];
  ours: readonly Answer[];
}

export interface WriteDeviation {
  class: WriteDeviationClass;
  /** The gateway's answer when recorded, so a change to it still fails the replay. */
  answer: Answer;
}

const isLiveReadById = (step: WriteStep) => step.method === 'GET' && /^\/api\/[^/?]+\/[^/?]+(\?|$)/.test(step.path) && !/publicationState=preview/.test(step.path);
const isPreview = (step: WriteStep) => /publicationState=preview/.test(step.path);
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const METHOD_NOT_ALLOWED_TEXT = { unparsable: 'Method Not Allowed' };
const errorOf = (answer: Answer) => (answer.body as { error?: Json } | null)?.error;

/**
 * Judgments made, by our answer judged: a step's judgment reads those of the creates before it
 * (`refusedCreates`), which read theirs, so without it a sequence of 400 steps took 34 s to
 * compare, and one of 2,500 did not end. Kept while the answers live; reused only for the same
 * pair of answers in the same sequence.
 */
const judged = new WeakMap<Answer, { strapi: Answer; sequence: readonly Answer[]; kind: WriteDeviationClass | undefined }>();

/** The documented class that explains a disagreement on a step, or undefined when none does. */
export function explain(step: WriteStep, strapi: Answer, ours: Answer, context: ExplainContext): WriteDeviationClass | undefined {
  const known = judged.get(ours);
  if (known && known.strapi === strapi && known.sequence === context.ours) return known.kind;
  const kind = judge(step, strapi, ours, context);
  judged.set(ours, { strapi, sequence: context.ours, kind });
  return kind;
}

function judge(step: WriteStep, strapi: Answer, ours: Answer, context: ExplainContext): WriteDeviationClass | undefined {
  if (strapi.status === 500) return 'strapi-500';
  const data = (strapi.body as { data?: { attributes?: { publishedAt?: unknown } } } | null)?.data;
  if (isLiveReadById(step) && strapi.status === 200 && ours.status === 404 && data?.attributes?.publishedAt === null) return 'draft-by-id';
  if (strapi.status === 405 && isDeepStrictEqual(strapi.body, METHOD_NOT_ALLOWED_TEXT)) {
    if (ours.status === 405 && errorOf(ours)?.name === 'MethodNotAllowedError') return '405-text';
    if (ours.status === 404 && step.method !== 'GET' && errorOf(ours)?.name === 'NotFoundError') return '405-for-nothing';
  }
  if (step.auth === 'basic' && ours.status === 401 && errorOf(ours)?.name === 'UnauthorizedError' && strapi.status !== 401) return 'other-scheme-401';
  const strapiError = errorOf(strapi);
  if (isBodyParseError(strapi) && !('details' in strapiError!) && isDeepStrictEqual({ ...strapiError, details: {} }, errorOf(ours))) return 'syntax-error-details';
  if (isBodyParseError(strapi) && (ours.status === 401 || ours.status === 403) && step.auth !== 'full') return 'auth-before-body';
  const refusal = ourRefusal(step, ours, context.model);
  if (refusal) return refusal;
  if (isZoneRefusal(strapi, ours)) return 'zone-components';
  if (refusedOnly(strapi, ours, (message) => BIGINTEGER_REFUSALS.some((text) => message.includes(text)))) return 'biginteger-digits';
  if (refusedOnly(strapi, ours, (message) => INT32_BOUND.test(message))) return 'integer-32-bits';
  if (refusedOnly(strapi, ours, (message) => NUMBER_FROM_LIST.test(message))) return 'number-from-array';
  if (isArrayDataRefusal(step, strapi, ours, context.model)) return 'i18n-data-array';
  if (strapi.status !== ours.status) return undefined;
  return rewritten(step, strapi, ours, context);
}

/** Strapi's 400 for a body koa-body cannot read: invalid JSON (`SyntaxError`), or JSON that is no object or array (`Error`). */
function isBodyParseError(strapi: Answer): boolean {
  const error = errorOf(strapi);
  return strapi.status === 400 && (error?.name === 'SyntaxError' || (error?.name === 'Error' && error.message === 'invalid JSON, only supports object and array'));
}

/** Our refusals (400) of what Strapi writes, ignores or fails on, each by its own message, whatever Strapi answered. */
const OUR_REFUSALS: ReadonlyArray<[WriteDeviationClass, (error: Json, step: WriteStep) => boolean]> = [
  ['body-depth', (error) => isObject(error.details) && error.details.limit === 'maxVariablesDepth'],
  ['position-shape', (error) => /^There was a problem connecting relation with id \S+ at position .*: (a position is |"(before|after)" names a connected relation by its id)/.test(String(error.message))],
  ['to-one-several', (error) => fieldErrors(error).some((e) => SEVERAL.test(e.message)) && fieldErrors(error).every((e) => SEVERAL.test(e.message) || MISSING_RELATION.test(e.message))],
  ['query-locale', (error, step) => /[?&]locale=/.test(step.path) && /^(Invalid locale \S+: expected one of |Entry \d+ is in locale )/.test(String(error.message))],
];
const SEVERAL = /holds one entry, but the value names \d+: /;
const MISSING_RELATION = /^\d+ relation\(s\) of type \S+ associated with this entity do not exist$/;
const fieldErrors = (error: Json) => ((error.details as { errors?: FieldError[] } | undefined)?.errors ?? []);

/** The class of our 400 when it is one of {@link OUR_REFUSALS} and Strapi answered otherwise. */
function ourRefusal(step: WriteStep, ours: Answer, model: ContentModel): WriteDeviationClass | undefined {
  const error = errorOf(ours);
  if (ours.status !== 400 || error?.name !== 'ValidationError') return undefined;
  const found = OUR_REFUSALS.find(([, matches]) => matches(error, step))?.[0];
  return found === 'query-locale' && !addressedType(model, step.path)?.localized ? undefined : found;
}

/** A create whose `?locale=` names a known locale, answered by both: Strapi made it in the default one, we in that one. */
function isQueryLocaleCreate(step: WriteStep, strapi: Answer, ours: Answer, model: ContentModel): boolean {
  return step.method === 'POST' && /[?&]locale=/.test(step.path) && strapi.status === 200 && ours.status === 200 && addressedType(model, step.path)?.localized === true;
}

/** Strapi's answer with the entry's `locale` taken from ours. */
function withOurLocale(strapi: unknown, ours: unknown): unknown {
  const locale = (ours as { data?: { attributes?: { locale?: unknown } } } | null)?.data?.attributes?.locale;
  const theirs = strapi as { data?: { attributes?: Json } } | null;
  if (!theirs || !isObject(theirs.data) || !isObject(theirs.data.attributes) || locale === undefined) return strapi;
  return { ...theirs, data: { ...theirs.data, attributes: { ...theirs.data.attributes, locale } } };
}

type Rewrite = [WriteDeviationClass, (body: unknown) => unknown];

/**
 * The class of the first of the rewrites of Strapi's body that changes it, when all of them in
 * turn leave no difference with ours: drafts hidden, biginteger digits, foreign zone items,
 * other locales as they are after the write, attributes not localized as we share them.
 */
function rewritten(step: WriteStep, strapi: Answer, ours: Answer, context: ExplainContext): WriteDeviationClass | undefined {
  const uid = addressedType(context.model, step.path)?.uid;
  const values = (pick: Parameters<typeof withOurValues>[4]) => (body: unknown) => (uid ? withOurValues(context.model, uid, body, ours.body, pick) : body);
  const unshared = unsharedTypes(context, step.index);
  const mediaObjects = mediaGivenObjects(context, step.index + 1);
  const rewrites: Rewrite[] = [
    ['query-locale', (body) => (isQueryLocaleCreate(step, strapi, ours, context.model) ? withOurLocale(body, ours.body) : body)],
    // A write's answer hides the drafts it links too (docs/decisions.md, "What a write answers").
    ['draft-through-relation', (body) => (isPreview(step) ? body : withoutNestedDrafts(body))],
    ['biginteger-digits', (body) => values(nonsenseBigInteger)(withOurBigDigits(body, ours.body))],
    ['zone-components', values(foreignZone)],
    ['integer-32-bits', values(beyond32Bits)],
    ['media-object', values((owner, attribute) => attribute.type === 'media' && mediaObjects.has(`${owner.uid}.${attribute.name}`))],
    ['localizations-before-write', (body) => (step.method !== 'GET' && strapi.status === 200 ? withOurLocalizations(body, ours.body) : body)],
    ['shared-attributes', values((owner, attribute, theirs, mine) => unshared.has(owner.uid) && sharedAttribute(owner, attribute, theirs, mine))],
  ];
  const [listed, refusal] = withoutStrapiOnlyEntries(step, strapi.body, ours.body, refusedCreates(context, step.index, uid));
  let body = listed;
  let first: WriteDeviationClass | undefined = refusal;
  for (const [kind, rewrite] of rewrites) {
    const next = rewrite(body);
    if (first === undefined && !isDeepStrictEqual(next, body)) first = kind;
    body = next;
  }
  return isDeepStrictEqual(body, ours.body) ? first : undefined;
}

/**
 * The i18n content-types whose attributes not localized Strapi left unshared before step `index`:
 * a write it answered 200 whose `populate` did not show the other locales (or whose `fields` left
 * attributes out), or a new localization (its source's media are not copied, its own not shared).
 */
function unsharedTypes(context: ExplainContext, index: number): Set<string> {
  const types = new Set<string>();
  for (const step of context.steps.slice(0, index)) {
    const type = addressedType(context.model, step.path);
    if (!type?.localized || context.strapi[step.index]?.status !== 200 || (step.method !== 'PUT' && step.method !== 'POST')) continue;
    const localization = step.method === 'POST' && /\/localizations(\?|$)/.test(step.path);
    const shown = /[?&]populate(=\*|=localizations|\[localizations\])/.test(step.path) && !/[?&]fields/.test(step.path);
    if (localization || (step.method === 'PUT' && !shown)) types.add(type.uid);
  }
  return types;
}

/**
 * The classes that refuse what Strapi stores, so that a create refused by one leaves an entry only
 * Strapi has; `query-locale` also when we made the entry in another locale than Strapi's default.
 */
const REFUSALS: readonly WriteDeviationClass[] = ['biginteger-digits', 'integer-32-bits', 'number-from-array', 'zone-components', 'query-locale', 'to-one-several', 'body-depth'];

/** Entries only Strapi made: the class that refused each (by label, `#k`), and how many were of the type a step lists. */
interface Refused {
  readonly classes: ReadonlyMap<string, WriteDeviationClass>;
  readonly ofListedType: number;
}

/** The entries Strapi created before step `end` where we refused the create (or made it elsewhere) as a documented deviation; `uid` the type the judged step addresses. */
function refusedCreates(context: ExplainContext, end: number, uid: string | undefined): Refused {
  const classes = new Map<string, WriteDeviationClass>();
  let ofListedType = 0;
  for (const step of context.steps.slice(0, end)) {
    const [strapi, ours] = [context.strapi[step.index], context.ours[step.index]];
    if (step.method !== 'POST' || /\/localizations(\?|$)/.test(step.path) || strapi?.status !== 200 || (ours?.status !== 400 && ours?.status !== 200)) continue;
    if (isDeepStrictEqual(strapi, ours)) continue;
    const kind = explain(step, strapi, ours, context);
    if (!kind || !REFUSALS.includes(kind) || (ours.status !== 400 && kind !== 'query-locale')) continue;
    classes.set(`#${step.index}`, kind);
    if (addressedType(context.model, step.path)?.uid === uid) ofListedType += 1;
  }
  return { classes, ofListedType };
}

/**
 * Strapi's body without the entries only it has (`refused`): taken out of the relations below the
 * answer's entries (a `mappedBy` list holding one, a to-one made null), and out of a list it
 * answered, the page filled from ours and its pagination ours' where Strapi's total exceeds ours'
 * by no more than the entries of that type only it has; with the class that refused the first one
 * taken out. Anything else is left as it is.
 */
function withoutStrapiOnlyEntries(step: WriteStep, strapi: unknown, ours: unknown, refused: Refused): [unknown, WriteDeviationClass | undefined] {
  if (refused.classes.size === 0) return [strapi, undefined];
  const removed: string[] = [];
  const nestedOut = withoutNestedEntries(strapi, refused.classes, removed);
  const [listed, listClass] = withoutListedEntries(step, nestedOut, ours, refused);
  return [listed, listClass ?? (removed.length > 0 ? refused.classes.get(removed[0]) : undefined)];
}

const isRefused = (entry: unknown, refused: ReadonlyMap<string, WriteDeviationClass>) => isObject(entry) && refused.has(String(entry.id));

/** Below the answer's own entries (`depth` > 0), every `data` naming a refused entry: out of a list, null for a to-one. */
function withoutNestedEntries(value: unknown, refused: ReadonlyMap<string, WriteDeviationClass>, removed: string[], depth = 0): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutNestedEntries(item, refused, removed, depth));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => {
    if (key !== 'data' || depth === 0) return [key, withoutNestedEntries(item, refused, removed, depth + 1)];
    const out = (entry: unknown) => {
      removed.push(String((entry as Json).id));
      return false;
    };
    if (Array.isArray(item)) return [key, item.filter((entry) => !isRefused(entry, refused) || out(entry)).map((entry) => withoutNestedEntries(entry, refused, removed, depth + 1))];
    return [key, isRefused(item, refused) && !out(item) ? null : withoutNestedEntries(item, refused, removed, depth + 1)];
  }));
}

type Page = { data?: unknown; meta?: { pagination?: { total: number } } } | null;

/** A list's page without the refused entries, filled from ours' entries after those kept; the pagination ours' when only refused entries can explain the totals' difference. */
function withoutListedEntries(step: WriteStep, strapi: unknown, ours: unknown, refused: Refused): [unknown, WriteDeviationClass | undefined] {
  const [theirs, mine] = [strapi as Page, ours as Page];
  if (step.method !== 'GET' || !Array.isArray(theirs?.data) || !Array.isArray(mine?.data)) return [strapi, undefined];
  const only = theirs.data.filter((entry) => isRefused(entry, refused.classes));
  const [total, ourTotal] = [theirs.meta?.pagination?.total, mine.meta?.pagination?.total];
  const extra = total !== undefined && ourTotal !== undefined ? total - ourTotal : 0;
  if (only.length === 0 && (extra <= 0 || extra > refused.ofListedType)) return [strapi, undefined];
  if (extra < only.length || extra > refused.ofListedType) return [strapi, undefined];
  const kept = theirs.data.filter((entry) => !only.includes(entry));
  const first = only.length > 0 ? refused.classes.get(String((only[0] as { id?: unknown }).id)) : refused.classes.values().next().value;
  return [{ ...theirs, data: [...kept, ...mine.data.slice(kept.length, kept.length + only.length)], meta: mine.meta }, first];
}

/**
 * The media attributes (`<uid>.<name>`) a write Strapi answered 200 gave an object other than
 * `{ set }` or `{ id }` (`{ connect }`, `{ a: 1 }`), which Strapi empties, before step `end`.
 */
function mediaGivenObjects(context: ExplainContext, end: number): Set<string> {
  const written = new Set<string>();
  for (const step of context.steps.slice(0, end)) {
    const type = addressedType(context.model, step.path);
    const data = (step.body as { data?: unknown } | undefined)?.data;
    if (!type || !isObject(data) || context.strapi[step.index]?.status !== 200 || step.method === 'GET') continue;
    for (const [name, value] of Object.entries(data)) {
      if (type.attributes.get(name)?.type === 'media' && isObject(value) && value.set === undefined && value.id === undefined) written.add(`${type.uid}.${name}`);
    }
  }
  return written;
}

/** Our refusals of what Strapi stores in a biginteger (docs/decisions.md, "Stores any text in a `biginteger`"). */
const BIGINTEGER_REFUSALS = ['must be a `biginteger` type', 'must be an integer', 'must be given as a string of digits beyond'];

const INT32_BOUND = /must be (less than or equal to 2147483647|greater than or equal to -2147483648)$/;
/** Our refusal of an array given for a number: yup's message, cast from the value as JSON. */
const NUMBER_FROM_LIST = /must be a `number` type, but the final value was: `NaN` \(cast from the value `\[/;

/**
 * We refused (400) for problems that pass `documented` where Strapi wrote (200), or where Strapi
 * refused (400) the body's other values only: it let the documented ones pass, so its answer names
 * the rest (or the first of them its database refused), ours those too.
 */
function refusedOnly(strapi: Answer, ours: Answer, documented: (message: string) => boolean): boolean {
  const errors = errorsOf(ours);
  if (ours.status !== 400 || !errors.some((error) => documented(error.message))) return false;
  if (strapi.status === 200) return errors.every((error) => documented(error.message));
  // Strapi refused the body for its other values: every error of ours is documented or one of Strapi's.
  const theirs = errorsOf(strapi);
  return strapi.status === 400 && errors.every((error) => documented(error.message) || theirs.some((their) => their.message === error.message && isDeepStrictEqual(their.path, error.path)));
}

/** A PUT whose `data` is an array, on an i18n type: Strapi 200 (its i18n layer reads the array as an object of index keys), ours Strapi's own 400 for that body elsewhere. */
function isArrayDataRefusal(step: WriteStep, strapi: Answer, ours: Answer, model: ContentModel): boolean {
  const data = (step.body as { data?: unknown } | undefined)?.data;
  if (step.method !== 'PUT' || !Array.isArray(data) || !addressedType(model, step.path)?.localized) return false;
  return strapi.status === 200 && ours.status === 400 && /^this must be a `object` type/.test(String(errorOf(ours)?.message));
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
    const same = have.find((mine) => isDeepStrictEqual(mine.path, error.path) && mine.message.includes(NOT_LISTED));
    return isComponentName(error) && error.message.includes(NOT_LISTED) && same?.message.includes(NOT_LISTED) ? same : error;
  });
  const message = want.length === 1 ? want[0].message : `${want.length} errors occurred`;
  return isDeepStrictEqual(have, want) && errorOf(ours)?.message === message;
}
