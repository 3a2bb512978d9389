// A write's raw `data` -> the same data without the relations the caller may not read: a relation
// attribute (of the entry, of a component item, of a dynamic-zone item) whose target the caller
// has no `find` on is left out, as if the body had not named it, as Strapi's input sanitizer does.
import { isRecord } from '../../model/problems.ts';
import type { AttributeOwner, ContentModel, ContentType } from '../../model/types.ts';
import type { RequestScope } from '../scope.ts';

/**
 * `data` without the relation attributes whose target `mayFind` refuses, at every depth. A value
 * that is not an object, and every other attribute, is kept as it is for the body checker.
 */
export function withoutRestrictedRelations(model: ContentModel, owner: AttributeOwner, data: unknown, mayFind: (uid: string) => boolean): unknown {
  if (!isRecord(data)) return data;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const attribute = owner.attributes.get(key);
    if (attribute?.type === 'relation' && !mayFind(attribute.target)) continue;
    if (attribute?.type === 'component') {
      const component = model.components.get(attribute.component);
      kept[key] = component ? eachItem(value, (item) => withoutRestrictedRelations(model, component, item, mayFind)) : value;
    } else if (attribute?.type === 'dynamiczone') {
      kept[key] = eachItem(value, (item) => zoneItem(model, item, mayFind));
    } else {
      kept[key] = value;
    }
  }
  return kept;
}

/** A list's items, or the one value, each through `clean`. */
function eachItem(value: unknown, clean: (item: unknown) => unknown): unknown {
  return Array.isArray(value) ? value.map(clean) : clean(value);
}

function zoneItem(model: ContentModel, item: unknown, mayFind: (uid: string) => boolean): unknown {
  const name = isRecord(item) ? item.__component : undefined;
  const component = typeof name === 'string' ? model.components.get(name) : undefined;
  return component ? withoutRestrictedRelations(model, component, item, mayFind) : item;
}

/** The caller's `data` for a write on `type`: without the relations its role may not read. */
export function callerData(scope: Pick<RequestScope, 'model' | 'access'>, type: ContentType, data: unknown): unknown {
  return withoutRestrictedRelations(scope.model, type, data, (uid) => scope.access.may('find', uid));
}
