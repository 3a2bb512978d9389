// A deleted file's id -> every entry that holds it, in a media attribute of its own or of a
// component item at any depth, changed to hold it no more (in the delete's pending write), so no
// entry keeps an id that names nothing.
import type { Attribute, AttributeOwner, ContentModel } from '../../model/types.ts';
import { MEDIA_UID } from '../../model/types.ts';
import type { Doc } from '../../store/store.ts';
import type { PendingWrite } from '../write/pending.ts';
import { idsOf } from '../write/relations.ts';
import { itemsOf, memberComponents } from './link-target.ts';

/** Takes file `id` out of every entry holding it. */
export async function releaseFile(model: ContentModel, id: number, pending: PendingWrite): Promise<void> {
  for (const type of model.contentTypes.values()) {
    if (type.uid === MEDIA_UID) continue;
    for (const path of mediaPaths(model, type)) {
      for (const doc of await pending.find(type.collectionName, { [path]: id })) {
        pending.put(type.collectionName, withoutFile(model, type, doc, id) as Doc);
      }
    }
  }
}

/** Dotted paths of every media attribute under `owner`, through its components and zones. */
export function mediaPaths(model: ContentModel, owner: AttributeOwner, prefix = '', seen: ReadonlySet<string> = new Set()): string[] {
  const paths: string[] = [];
  for (const attribute of owner.attributes.values()) {
    if (attribute.type === 'media') paths.push(`${prefix}${attribute.name}`);
    for (const member of memberComponents(attribute)) {
      const component = model.components.get(member);
      if (component && !seen.has(member)) paths.push(...mediaPaths(model, component, `${prefix}${attribute.name}.`, new Set([...seen, member])));
    }
  }
  return [...new Set(paths)];
}

/** `value` (an entry or an item of `owner`) without file `id` anywhere. */
function withoutFile(model: ContentModel, owner: AttributeOwner, value: Readonly<Record<string, unknown>>, id: number): Record<string, unknown> {
  const changed: Record<string, unknown> = { ...value };
  for (const attribute of owner.attributes.values()) {
    const held = value[attribute.name];
    if (held === undefined || held === null) continue;
    changed[attribute.name] = attribute.type === 'media' ? withoutId(attribute, held, id) : withoutInItems(model, attribute, held, id);
  }
  return changed;
}

function withoutId(attribute: Extract<Attribute, { type: 'media' }>, held: unknown, id: number): unknown {
  const left = idsOf(held).filter((one) => one !== id);
  return attribute.multiple ? left : (left[0] ?? null);
}

function withoutInItems(model: ContentModel, attribute: Attribute, held: unknown, id: number): unknown {
  const items = itemsOf(attribute, held);
  if (items.length === 0) return held;
  const changed = items.map(({ component, item }) => {
    const owner = model.components.get(component);
    return owner ? withoutFile(model, owner, item, id) : item;
  });
  return Array.isArray(held) ? changed : changed[0];
}
