// The write generator's state: the seed's entries, the entries the sequence created (by step
// index), the deleted ones, and the steps so far; and the small choices every action makes.
import { apiTypes, isComponent, isDynamicZone, isRelation, MEDIA_UID } from '../live/model.mjs';
import { oddScalars, validValue } from './values.mjs';

/** What the generator knows while it writes: the seed's entries and those created so far. */
export function initialState(model, seed, rand) {
  const seedIds = new Map([[MEDIA_UID, (seed.media ?? []).map((m) => m.id)]]);
  for (const [uid, list] of Object.entries(seed.entries ?? {})) seedIds.set(uid, list.map((e) => e.id));
  const locales = (seed.locales ?? []).map((l) => l.code);
  // Each entry's locale, and the entries that already have a localization (by `uid:ref`).
  const localeOf = new Map();
  const translated = new Set();
  for (const [uid, list] of Object.entries(seed.entries ?? {})) {
    for (const e of list) {
      localeOf.set(`${uid}:${e.id}`, e.locale ?? locales[0]);
      if (e.localizationOf !== undefined) translated.add(`${uid}:${e.id}`).add(`${uid}:${e.localizationOf}`);
    }
  }
  return { model, rand, seedIds, locales, localeOf, translated, created: new Map(), deleted: new Set(), steps: [] };
}

/** Ids usable as relation targets of `uid`: the seed's and live created entries (as refs). */
export function targetIds(state, uid) {
  const created = (state.created.get(uid) ?? []).filter((k) => !state.deleted.has(k)).map((k) => ({ $id: k }));
  return [...(state.seedIds.get(uid) ?? []), ...created];
}

/** A path fragment naming an entry: a seed id, or `{#k}` for the entry step k created. */
export const entryPath = (ref) => (typeof ref === 'number' ? String(ref) : `{#${ref.$id}}`);

/** Appends a step; returns its index. */
export function addStep(state, step) {
  // As a recording holds it: keys whose value is undefined left out.
  state.steps.push(JSON.parse(JSON.stringify({ index: state.steps.length, auth: 'full', ...step })));
  return state.steps.length - 1;
}

/** A valid body for a content-type: every required attribute, some others. */
export function validBody(rng, state, type, tag) {
  const ids = (uid) => targetIds(state, uid);
  const body = {};
  for (const a of Object.values(type.attributes)) {
    if (a.type === 'password' || (!a.required && !rng.chance(0.55))) continue;
    if (isRelation(a) && a.target.startsWith('plugin::users-permissions') && !state.seedIds.has(a.target)) continue;
    const value = validValue(rng, state.model, a, `${tag}${a.name.length}`, ids);
    if (value !== undefined) body[a.name] = value;
  }
  return body;
}

/** Content types writable through the content API, collection types first-class. */
export const writableTypes = (model) => apiTypes(model);

/** The collection types, and for each an entry to write to (a created one when there is). */
export function pickEntry(rng, state, type, { createdOnly = false } = {}) {
  const created = (state.created.get(type.uid) ?? []).filter((k) => !state.deleted.has(k)).map((k) => ({ $id: k }));
  const seeded = createdOnly ? [] : (state.seedIds.get(type.uid) ?? []);
  const pool = created.length && rng.chance(0.75) ? created : [...seeded, ...created];
  return pool.length ? rng.pick(pool) : undefined;
}

/** One scalar attribute of the type and one of its odd values, or undefined. */
export function oddAttribute(rng, type) {
  const scalars = Object.values(type.attributes).filter((a) => oddScalars(a).length && !isRelation(a) && !isComponent(a) && !isDynamicZone(a));
  if (!scalars.length) return undefined;
  const a = rng.pick(scalars);
  const values = oddScalars(a);
  // The kind's own odd values four times in five; null, an object or an array otherwise.
  const own = values.slice(0, -3);
  const [name, value] = rng.pick(own.length && rng.chance(0.8) ? own : values);
  return { attribute: a.name, name, value };
}

export const MISSING = 999999;
export const collectionPath = (t) => `/api/${t.pluralName}`;
export const typePath = (t) => (t.kind === 'singleType' ? `/api/${t.singularName}` : collectionPath(t));
export const tagOf = (state) => `r${state.rand}s${state.steps.length}`;
export const isCollection = (t) => t.kind === 'collectionType';
export const attributesWhere = (t, test) => Object.values(t.attributes).filter(test);
export const populateQuery = (rng) => rng.pick(['', '?populate=*', '?populate=*']);

/**
 * A read of an entry (or a single type) with what was written populated, most often in the preview
 * (always with `drafts`: a read later steps take component ids from must show a draft on both servers).
 */
export function readBack(rng, state, type, ref, attribute, { drafts = false } = {}) {
  const populate = attribute && rng.chance(0.7) ? `populate[${attribute}][populate]=*` : 'populate=*';
  const path = ref === undefined ? typePath(type) : `${collectionPath(type)}/${entryPath(ref)}`;
  const preview = type.draftAndPublish && (rng.chance(0.8) || drafts) ? '&publicationState=preview' : '';
  return addStep(state, { action: 'read', method: 'GET', path: `${path}?${populate}${preview}` });
}

/** The key of an entry (a seed id or a created entry's ref) in `localeOf` and `translated`. */
export const entryKey = (uid, ref) => `${uid}:${typeof ref === 'number' ? ref : `#${ref.$id}`}`;

export function remember(state, uid, index, locale = state.locales[0]) {
  state.localeOf.set(entryKey(uid, { $id: index }), locale);
  state.created.set(uid, [...(state.created.get(uid) ?? []), index]);
}

