// Strapi's answer to a write step rewritten where a documented deviation says we answer otherwise:
// drafts hidden below the answer's entries, rounded bigintegers and other locales taken from ours,
// and values chosen by walking entries with the model (the `{ data }` envelope, populated
// relations, components, zones, `localizations`, and a localization's flat answer).
import { isDeepStrictEqual } from 'node:util';
import type { Attribute, AttributeOwner, ContentModel } from '../../../src/model/types.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether ours' value of `attribute` (of an entry or item of `owner`) replaces Strapi's. */
export type Pick = (owner: AttributeOwner, attribute: Attribute, theirs: unknown, ours: unknown) => boolean;

/** A body of a step on `uid` with every value `pick` chooses taken from ours; the rest is Strapi's. */
export function withOurValues(model: ContentModel, uid: string, theirs: unknown, ours: unknown, pick: Pick): unknown {
  if (!isObject(theirs) || !isObject(ours)) return theirs;
  if ('data' in theirs) return { ...theirs, data: envelope(model, uid, theirs.data, ours.data, pick) };
  // A new localization's answer: the entry's fields at the top level, its group's in `localizations`.
  const type = model.contentTypes.get(uid);
  return type ? fields(model, type, theirs, ours, pick) : theirs;
}

/** `data` of an envelope: one entry, a list of entries (ours must list as many), or null. */
function envelope(model: ContentModel, uid: string, theirs: unknown, ours: unknown, pick: Pick): unknown {
  if (Array.isArray(theirs) && Array.isArray(ours) && theirs.length === ours.length) return theirs.map((entry, index) => entryOf(model, uid, entry, ours[index], pick));
  return entryOf(model, uid, theirs, ours, pick);
}

function entryOf(model: ContentModel, uid: string, theirs: unknown, ours: unknown, pick: Pick): unknown {
  const type = model.contentTypes.get(uid);
  if (!type || !isObject(theirs) || !isObject(ours) || !isObject(theirs.attributes) || !isObject(ours.attributes)) return theirs;
  return { ...theirs, attributes: fields(model, type, theirs.attributes, ours.attributes, pick) };
}

/** The fields of an entry or item of `owner`: picked values from ours, nested entries walked. */
function fields(model: ContentModel, owner: AttributeOwner, theirs: Json, ours: Json, pick: Pick): Json {
  return Object.fromEntries(Object.entries(theirs).map(([key, value]) => {
    const mine = ours[key];
    const attribute = owner.attributes.get(key);
    if (key === 'localizations' && model.contentTypes.has(owner.uid)) return [key, localizations(model, owner.uid, value, mine, pick)];
    if (!attribute || !(key in ours)) return [key, value];
    if (pick(owner, attribute, value, mine)) return [key, mine];
    return [key, nested(model, attribute, value, mine, pick)];
  }));
}

function localizations(model: ContentModel, uid: string, theirs: unknown, ours: unknown, pick: Pick): unknown {
  if (Array.isArray(theirs) && Array.isArray(ours) && theirs.length === ours.length) {
    const type = model.contentTypes.get(uid)!;
    return theirs.map((item, index) => (isObject(item) && isObject(ours[index]) ? fields(model, type, item, ours[index] as Json, pick) : item));
  }
  return isObject(theirs) && isObject(ours) ? { ...theirs, data: envelope(model, uid, theirs.data, ours.data, pick) } : theirs;
}

/** A relation's entries, a component's items, a zone's items: walked where both answers hold them alike. */
function nested(model: ContentModel, attribute: Attribute, theirs: unknown, ours: unknown, pick: Pick): unknown {
  if (attribute.type === 'relation' && isObject(theirs) && isObject(ours)) return { ...theirs, data: envelope(model, attribute.target, theirs.data, ours.data, pick) };
  const items = (componentOf: (item: Json) => string | undefined) => {
    const each = (item: unknown, mine: unknown) => {
      const component = isObject(item) ? model.components.get(componentOf(item) ?? '') : undefined;
      return component && isObject(item) && isObject(mine) ? fields(model, component, item, mine, pick) : item;
    };
    if (Array.isArray(theirs)) return Array.isArray(ours) && ours.length === theirs.length ? theirs.map((item, index) => each(item, ours[index])) : theirs;
    return each(theirs, ours);
  };
  if (attribute.type === 'component') return items(() => attribute.component);
  if (attribute.type === 'dynamiczone') return items((item) => (typeof item.__component === 'string' ? item.__component : undefined));
  return theirs;
}

/** A dynamic zone whose Strapi value holds an item of a component the zone does not list. */
export const foreignZone: Pick = (_owner, attribute, theirs) =>
  attribute.type === 'dynamiczone' && Array.isArray(theirs) && theirs.some((item) => isObject(item) && !attribute.components.includes(String(item.__component)));

/** A biginteger Strapi holds as text that is no whole number (`"12abc"`, `"1.5"`). */
export const nonsenseBigInteger: Pick = (_owner, attribute, theirs) => attribute.type === 'biginteger' && typeof theirs === 'string' && !/^-?\d+$/.test(theirs);

/** An attribute not localized (a scalar, media, a component) of an i18n content-type; relations are localized always. */
export const sharedAttribute: Pick = (owner, attribute, theirs, ours) =>
  'localized' in owner && owner.localized === true && attribute.sharedAcrossLocales === true && attribute.type !== 'relation' && !isDeepStrictEqual(theirs, ours);

/** An integer Strapi holds beyond 32 bits (only SQLite stores one). */
export const beyond32Bits: Pick = (_owner, attribute, theirs) =>
  attribute.type === 'integer' && typeof theirs === 'number' && (theirs > 2 ** 31 - 1 || theirs < -(2 ** 31));

const isDraft = (entry: unknown) => isObject(entry) && isObject(entry.attributes) && entry.attributes.publishedAt === null;

/**
 * Strapi's body with every draft below the answer's own entries taken out of relations (`{ data }`
 * lists and to-ones), and out of a new localization's flat `localizations`.
 */
export function withoutNestedDrafts(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutNestedDrafts(item, depth));
  if (!isObject(value)) return value;
  if (depth === 0 && !('data' in value) && Array.isArray(value.localizations)) {
    return { ...value, localizations: value.localizations.filter((entry) => !(isObject(entry) && entry.publishedAt === null)) };
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => {
    if (key !== 'data' || depth === 0) return [key, withoutNestedDrafts(item, depth + 1)];
    if (Array.isArray(item)) return [key, item.filter((entry) => !isDraft(entry)).map((entry) => withoutNestedDrafts(entry, depth + 1))];
    return [key, isDraft(item) ? null : withoutNestedDrafts(item, depth + 1)];
  }));
}

/** Strapi's body with each biginteger it rounded past 2^53 put back to the digits we kept (ours). */
export function withOurBigDigits(strapi: unknown, ours: unknown): unknown {
  if (typeof strapi === 'string' && typeof ours === 'string' && /^-?\d{16,}$/.test(ours) && /^-?\d+$/.test(strapi)) {
    return BigInt(Number(ours)).toString() === strapi ? ours : strapi;
  }
  if (Array.isArray(strapi) && Array.isArray(ours)) return strapi.map((item, index) => withOurBigDigits(item, ours[index]));
  if (isObject(strapi) && isObject(ours)) return Object.fromEntries(Object.entries(strapi).map(([key, item]) => [key, withOurBigDigits(item, ours[key])]));
  return strapi;
}

/**
 * A write's answer with its other locales taken from ours where they differ only by values ours
 * shares with the written entry (the attributes not localized), the same entries in the same
 * order: `data.attributes.localizations.data[].attributes`, or a localization's flat `localizations`.
 */
export function withOurLocalizations(strapi: unknown, ours: unknown): unknown {
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
