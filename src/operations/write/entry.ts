// EntryData applied to a stored document: scalars set, owning relations and media changed,
// components and zones built (an item sent with the id of one the document holds is that item
// changed; any other item is new, with an id of its own). What the data leaves out is kept.
// Relations stored on the other side are the job of `other-side.ts`.
import type { Attribute, AttributeOwner, Component, ContentModel } from '../../model/types.ts';
import { assertNever, component as componentOf } from '../../model/types.ts';
import type { ComponentWrite, EntryData, FieldWrite } from './entry-data.ts';
import { changedValue } from './relations.ts';

type Item = Record<string, unknown>;

export interface BuildContext {
  readonly model: ContentModel;
  /** A new id in a component's collection. */
  newId(collection: string): Promise<number>;
}

/** `current` with `data` applied (a new object; `current` is not changed). */
export async function applyData(context: BuildContext, owner: AttributeOwner, data: EntryData, current: Item = {}): Promise<Item> {
  const next: Item = { ...current };
  for (const [name, write] of data) {
    const attribute = owner.attributes.get(name);
    if (!attribute) {
      // System fields a body may set (`publishedAt`, `locale`): values only.
      if (write.kind === 'value') next[name] = write.value;
      continue;
    }
    const value = await fieldValue(context, attribute, write, current[name]);
    if (value !== undefined) next[name] = value;
  }
  return next;
}

/** The stored value of one attribute after `write`; undefined when it is stored elsewhere. */
async function fieldValue(context: BuildContext, attribute: Attribute, write: FieldWrite, current: unknown): Promise<unknown> {
  switch (write.kind) {
    case 'value':
      return write.value;
    case 'relation':
      if (attribute.type !== 'relation' || attribute.side !== 'owner') return undefined;
      return changedValue(attribute.toMany, current, write.change);
    case 'media':
      return changedValue(attribute.type === 'media' && attribute.multiple, current, write.change);
    case 'component':
      return write.item === null ? null : buildItem(context, write.item, current === null || Array.isArray(current) ? [] : [current as Item]);
    case 'components':
    case 'zone':
      return Promise.all(write.items.map((item) => buildItem(context, item, Array.isArray(current) ? (current as Item[]) : [], write.kind === 'zone')));
    default:
      return assertNever(write, 'field write');
  }
}

/** One component item: the held item with its id changed in place, or a new item. */
async function buildItem(context: BuildContext, write: ComponentWrite, held: readonly Item[], inZone = false): Promise<Item> {
  const component: Component = componentOf(context.model, write.component);
  const same = write.id === undefined ? undefined : held.find((item) => item.id === write.id && (!inZone || item.__component === write.component));
  const base: Item = same ?? { id: await context.newId(component.collectionName) };
  const built = await applyData(context, component, write.data, same ? base : { id: base.id });
  return inZone ? { __component: write.component, ...built } : built;
}
