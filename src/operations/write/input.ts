// The one boundary of a write: the raw `data` of a REST body (or GraphQL input in the same shape)
// -> EntryData, checked whole and answered as Strapi v4.25 answers a bad body (ValidationError).
import { hashPassword } from '../../auth/passwords.ts';
import { ApplicationError, ValidationError } from '../../errors/errors.ts';
import { isRecord } from '../../model/problems.ts';
import { contentType, type ContentModel, type ContentType } from '../../model/types.ts';
import type { Doc, ReadStore } from '../../store/store.ts';
import type { EntryData, FieldWrite } from './entry-data.ts';
import { checkFields } from './fields-input.ts';
import { misplacedConnect, missingIds } from './relations-input.ts';
import { storedDateTime } from './temporal-input.ts';
import { missingDataError, typeIssue, validationError, type Issue } from './validation-errors.ts';
import type { Walk } from './walk.ts';
import { PlainPassword } from './scalars.ts';

export interface WriteInput {
  model: ContentModel;
  store: ReadStore;
  type: ContentType;
  mode: 'create' | 'update';
  /** The body's `data`, as received. */
  data: unknown;
  /** The stored entry an update changes: its unique values are its own, its component ids the ones it holds. */
  entry?: Doc;
}

/** Keys of `data` that are not attributes yet are kept: the publication state and, on create, the locale. */
const PUBLISHED_AT = 'publishedAt';
const LOCALE = 'locale';

/**
 * Checks and converts a write's `data` for `type`. Throws Strapi's ValidationError listing every
 * invalid attribute (`details.errors`), or `Missing "data" payload` when `data` is not an object;
 * an ApplicationError when a component `id` is not one the entry holds. Unknown keys, `id`,
 * `createdAt` and `updatedAt` are ignored.
 */
export async function checkedData(request: WriteInput): Promise<EntryData> {
  const { data } = request;
  if (Array.isArray(data)) throw validationError([typeIssue([], 'object', null, data)]);
  if (!isRecord(data)) throw missingDataError();
  const walk = newWalk(request, isDraft(request, data));
  const fields = new Map<string, FieldWrite>(checkFields(walk, request.type, data, [], request.mode, request.entry));
  const locale = localeIssue(request, data[LOCALE]);
  if (locale) walk.issues.push(locale);
  const issues = await withUniqueClashes(request, walk);
  const missing = await missingRelation(request, walk);
  if (missing) issues.push(missing);
  if (issues.length > 0) throw validationError(issues);
  const published = publication(request.type, data);
  const later = laterProblem(walk, published);
  if (later) throw later;
  if (published) fields.set(PUBLISHED_AT, { kind: 'value', value: published.value });
  if (request.type.localized && request.mode === 'create' && typeof data[LOCALE] === 'string') fields.set(LOCALE, { kind: 'value', value: data[LOCALE] });
  await hashPasswords(walk);
  return fields;
}

/** Each new password of a body that passed, hashed as Strapi hashes (bcrypt `$2a$`, cost 10) on the thread pool. */
async function hashPasswords(walk: Walk): Promise<void> {
  await Promise.all(walk.passwords.map(async (field) => {
    field.value = await hashPassword((field.value as PlainPassword).plain);
  }));
}

/** What Strapi checks after its validator, in its order: date formats, `connect` positions, component ids. */
function laterProblem(walk: Walk, published: { ok: boolean } | undefined): ApplicationError | undefined {
  if (walk.formats.length > 0) return new ValidationError(walk.formats[0]);
  if (published?.ok === false) return new ValidationError('Invalid format, expected a timestamp or an ISO date');
  for (const { input, current } of walk.relations) {
    const misplaced = input.badPosition ?? (current === undefined ? undefined : misplacedConnect(input.change, current));
    if (misplaced) return new ValidationError(misplaced);
  }
  if (walk.foreign.length > 0) return new ApplicationError(`Some of the provided components in ${walk.foreign[0]} are not related to the entity`);
  return undefined;
}

/**
 * `data.locale` on a localized type: text (Strapi's validator refuses anything else with its type
 * error); an update's must be the entry's own, as an entry's locale never changes (Strapi ignores
 * it there). Which locale a create takes is target.ts's `createLocale`.
 */
function localeIssue(request: WriteInput, given: unknown): Issue | undefined {
  if (!request.type.localized || given === undefined || given === null) return undefined;
  if (typeof given !== 'string') return typeIssue([LOCALE], 'string', given);
  const current = request.entry?.[LOCALE];
  if (request.mode === 'update' && typeof current === 'string' && given !== current) {
    return { path: [LOCALE], message: `locale cannot be changed: the entry is in ${current}, data.locale is ${given} (a new locale is a new localization)` };
  }
  return undefined;
}

function newWalk(request: WriteInput, draft: boolean): Walk {
  const walk: Walk = {
    model: request.model,
    draft,
    updatesEntry: request.mode === 'update',
    issues: [],
    formats: [],
    foreign: [],
    relations: [],
    unique: [],
    passwords: [],
    fields: (owner, raw, path, mode, stored) => checkFields(walk, owner, raw, path, mode, stored),
  };
  return walk;
}

/** Whether the entry is a draft after this write: `publishedAt: null` given, or an update of a draft that does not publish it. */
function isDraft(request: WriteInput, data: Readonly<Record<string, unknown>>): boolean {
  if (!request.type.draftAndPublish) return false;
  if (data[PUBLISHED_AT] !== undefined) return data[PUBLISHED_AT] === null;
  return request.mode === 'update' && (request.entry?.[PUBLISHED_AT] ?? null) === null;
}

/** `publishedAt` when the body gives it on a draft & publish type: null (a draft) or a date. */
function publication(type: ContentType, data: Readonly<Record<string, unknown>>): { ok: boolean; value?: unknown } | undefined {
  const given = data[PUBLISHED_AT];
  if (!type.draftAndPublish || given === undefined) return undefined;
  if (given === null) return { ok: true, value: null };
  const converted = storedDateTime(given);
  return converted.ok ? { ok: true, value: converted.value } : { ok: false };
}

/** The walk's issues with "This attribute must be unique" where Strapi lists each clash (another entry, drafts and every locale included). */
async function withUniqueClashes(request: WriteInput, walk: Walk): Promise<Issue[]> {
  const issues = [...walk.issues];
  const others = request.entry === undefined ? {} : { id: { $ne: request.entry.id } };
  const clashes = await Promise.all(
    walk.unique.map(async ({ attribute, value }) => (await request.store.count(request.type.collectionName, { [attribute.name]: value, ...others })) > 0),
  );
  walk.unique.forEach((check, index) => {
    if (clashes[index]) issues.splice(check.at + issues.length - walk.issues.length, 0, { path: check.path, message: 'This attribute must be unique' });
  });
  return issues;
}

/** The first relation or media attribute naming ids that do not exist, as Strapi words it. */
async function missingRelation(request: WriteInput, walk: Walk): Promise<Issue | undefined> {
  for (const { target, input } of walk.relations) {
    const missing = await missingIds(request.store, contentType(request.model, target).collectionName, input);
    if (missing > 0) return { path: [], message: `${missing} relation(s) of type ${target} associated with this entity do not exist` };
  }
  return undefined;
}
