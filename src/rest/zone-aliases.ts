// A dynamic zone's selected parts -> the alias of each field that more than one part selects.
// `select.ts` writes the aliases into the document; `reshape.ts` reads the answer back by them.
import { componentTypeName } from '../model/naming.ts';
import { component, type ContentModel } from '../model/types.ts';
import type { Selection } from './query.ts';

/** Per component uid: attribute name -> the response name it is selected under. */
export type ZoneAliases = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** Fields every part has with one type; they never conflict. */
const SHARED_SHAPE = new Set(['id', '__typename']);

/**
 * Components of one zone may hold fields of one name and different types (`body: String!` in
 * one, `body: String` in another), and sibling inline fragments may not select such fields under
 * one response name. Every field selected by more than one part is aliased in each part as
 * `<name>_on_<ComponentType>`, which also keeps the parts' nested selections apart.
 */
export function zoneAliases(model: ContentModel, parts: ReadonlyMap<string, Selection>): ZoneAliases {
  const seen = new Map<string, number>();
  for (const part of parts.values()) {
    for (const name of selectedNames(part)) seen.set(name, (seen.get(name) ?? 0) + 1);
  }
  const aliases = new Map<string, Map<string, string>>();
  for (const [uid, part] of parts) {
    const type = componentTypeName(component(model, uid));
    const own = new Map<string, string>();
    for (const name of selectedNames(part)) {
      if ((seen.get(name) ?? 0) > 1 && !SHARED_SHAPE.has(name)) own.set(name, `${name}_on_${type}`);
    }
    aliases.set(uid, own);
  }
  return aliases;
}

function selectedNames(selection: Selection): string[] {
  return [...selection.fields, ...selection.populate.keys()];
}
