// Attributes an i18n content-type does not localize hold one value for all the locales of an
// entry: a new localization takes the values its body leaves out from the entry it localizes,
// and a write of any locale gives its values to every other. Components are localized always
// (their items have ids of their own).
import type { ContentType } from '../../model/types.ts';
import type { Doc } from '../../store/store.ts';
import type { PendingWrite } from './pending.ts';
import { idsOf } from './relations.ts';

/** The names of the attributes whose value is one for every locale. */
export function sharedNames(type: ContentType): string[] {
  if (!type.localized) return [];
  return [...type.attributes.values()]
    .filter((attribute) => attribute.sharedAcrossLocales && attribute.type !== 'component' && attribute.type !== 'dynamiczone' && !(attribute.type === 'relation' && attribute.side === 'inverse'))
    .map((attribute) => attribute.name);
}

/** `doc` with the shared values its raw body did not name (defaults included) taken from `source`. */
export function withSharedFrom(type: ContentType, doc: Doc, body: unknown, source: Doc): Doc {
  const given = body !== null && typeof body === 'object' ? new Set(Object.keys(body)) : new Set<string>();
  const filled: Record<string, unknown> = { ...doc };
  for (const name of sharedNames(type)) {
    if (!given.has(name) && source[name] !== undefined) filled[name] = source[name];
  }
  return filled as Doc;
}

/** Gives `doc`'s shared values to each of its localizations. */
export async function shareWithLocalizations(type: ContentType, doc: Doc, pending: PendingWrite): Promise<void> {
  const names = sharedNames(type);
  if (names.length === 0) return;
  const values = Object.fromEntries(names.filter((name) => doc[name] !== undefined).map((name) => [name, doc[name]]));
  for (const sibling of idsOf(doc.localizations)) {
    await pending.update(type.collectionName, sibling, (other) => ({ ...other, ...values }));
  }
}
