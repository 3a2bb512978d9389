// Attributes an i18n content-type does not localize hold one value for all the locales of an
// entry: a new localization takes the values its body leaves out from the entry it localizes,
// and a write of any locale gives its values to every other. Components and zones not localized
// are copied as items of each locale's own (new ids), as Strapi's i18n copies them.
import { isRecord } from '../../model/problems.ts';
import type { Attribute, ComponentAttribute, ContentType, DynamicZoneAttribute } from '../../model/types.ts';
import type { Doc } from '../../store/store.ts';
import type { BuildContext } from './entry.ts';
import type { PendingWrite } from './pending.ts';
import { idsOf } from './relations.ts';

type Part = ComponentAttribute | DynamicZoneAttribute;
const isPart = (attribute: Attribute): attribute is Part => attribute.type === 'component' || attribute.type === 'dynamiczone';

/** The names of the attributes whose value is one for every locale, held as it is (scalars, media, owning relations). */
export function sharedNames(type: ContentType): string[] {
  if (!type.localized) return [];
  return [...type.attributes.values()]
    .filter((attribute) => attribute.sharedAcrossLocales && !isPart(attribute) && !(attribute.type === 'relation' && attribute.side === 'inverse'))
    .map((attribute) => attribute.name);
}

/** The components and zones not localized: one value for every locale, each holding its own items. */
function sharedParts(type: ContentType): Part[] {
  return type.localized ? [...type.attributes.values()].filter((attribute): attribute is Part => Boolean(attribute.sharedAcrossLocales) && isPart(attribute)) : [];
}

/** `doc` with the shared values its raw body did not name (defaults included) taken from `source`, parts copied anew. */
export async function withSharedFrom(context: BuildContext, type: ContentType, doc: Doc, body: unknown, source: Doc): Promise<Doc> {
  const given = isRecord(body) ? new Set(Object.keys(body)) : new Set<string>();
  const filled: Record<string, unknown> = { ...doc };
  for (const name of sharedNames(type)) {
    if (!given.has(name) && source[name] !== undefined) filled[name] = source[name];
  }
  for (const part of sharedParts(type)) {
    if (!given.has(part.name) && source[part.name] !== undefined) filled[part.name] = await copiedPart(context, part, source[part.name]);
  }
  return filled as Doc;
}

/** Gives `doc`'s shared values to each of its localizations; of its parts, those the write `named`, copied anew. */
export async function shareWithLocalizations(context: BuildContext, type: ContentType, doc: Doc, pending: PendingWrite, named: ReadonlySet<string>): Promise<void> {
  const values = Object.fromEntries(sharedNames(type).filter((name) => doc[name] !== undefined).map((name) => [name, doc[name]]));
  const parts = sharedParts(type).filter((part) => named.has(part.name));
  if (Object.keys(values).length === 0 && parts.length === 0) return;
  for (const sibling of idsOf(doc.localizations)) {
    const copies: Record<string, unknown> = {};
    for (const part of parts) copies[part.name] = await copiedPart(context, part, doc[part.name]);
    await pending.update(type.collectionName, sibling, (other) => ({ ...other, ...values, ...copies }));
  }
}

/** A component's or zone's stored value with every item (nested ones too) under a new id. */
async function copiedPart(context: BuildContext, part: Part, value: unknown): Promise<unknown> {
  if (value === null || value === undefined) return value ?? null;
  const item = (one: unknown) => copiedItem(context, part.type === 'component' ? part.component : isRecord(one) ? String(one.__component) : '', one);
  return Array.isArray(value) ? Promise.all(value.map(item)) : item(value);
}

async function copiedItem(context: BuildContext, uid: string, item: unknown): Promise<unknown> {
  const component = context.model.components.get(uid);
  if (!component || !isRecord(item)) return item;
  const copy: Record<string, unknown> = { ...item, id: await context.newId(component.collectionName) };
  for (const attribute of component.attributes.values()) {
    if (isPart(attribute) && copy[attribute.name] !== undefined) copy[attribute.name] = await copiedPart(context, attribute, copy[attribute.name]);
  }
  return copy;
}
