// An upload's `ref`, `refId` and `field` -> the media attribute they name and the entry holding it
// (a content-type's entry, or the entry holding a component item), checked: the model has them, the
// caller may update that entry, each file's type is one the attribute allows.
import { contentAction } from '../../access/actions.ts';
import { ForbiddenError, ValidationError } from '../../errors/errors.ts';
import type { Attribute, AttributeOwner, ContentModel, ContentType, MediaAttribute } from '../../model/types.ts';
import { MEDIA_UID } from '../../model/types.ts';
import type { Doc, ReadStore } from '../../store/store.ts';
import { allowsType, mediaKind } from '../../upload/allowed-types.ts';
import { readId } from '../write/relations-input.ts';
import type { MediaLink } from '../operation.ts';
import type { RequestBase } from '../scope.ts';

/** Where linked files go: an attribute of an entry, or of a component item the entry holds. */
export interface LinkTarget {
  readonly type: ContentType;
  readonly entryId: number;
  readonly attribute: MediaAttribute;
  /** The component item holding the attribute (`ref` named a component), by its uid and id. */
  readonly item?: { readonly uid: string; readonly id: number };
}

/**
 * The attribute and entry a link names, as they are now.
 * @throws ValidationError naming what the model or the data does not have; ForbiddenError when
 *   the caller may not update the entry (a link changes it, so it needs the entry's `update`).
 */
export async function linkTarget(base: Pick<RequestBase, 'model' | 'access'>, store: ReadStore, link: MediaLink): Promise<LinkTarget> {
  const owner: AttributeOwner | undefined = base.model.contentTypes.get(link.ref) ?? base.model.components.get(link.ref);
  if (!owner || owner.uid === MEDIA_UID) throw linkError('ref', `ref must name a content-type or a component of the model, received ${JSON.stringify(link.ref)}`);
  const attribute = owner.attributes.get(link.field);
  if (attribute?.type !== 'media') throw linkError('field', `field must name a media attribute of ${link.ref}, received ${JSON.stringify(link.field)}`);
  const id = readId(link.refId);
  if (id === undefined) throw linkError('refId', `refId must be the id of an entry of ${link.ref}, received ${JSON.stringify(link.refId)}`);
  const found = base.model.contentTypes.has(owner.uid) ? await entryOf(store, owner as ContentType, id) : await holderOf(base.model, store, owner.uid, id);
  if (!found) throw linkError('refId', `refId must be the id of an entry of ${link.ref}: there is none with id ${id}`);
  if (!base.access.allows(contentAction(found.type.uid, 'update'))) throw new ForbiddenError('Forbidden');
  return { type: found.type, entryId: found.entry.id, attribute, ...(found.type.uid === owner.uid ? {} : { item: { uid: owner.uid, id } }) };
}

/** @throws ValidationError when the attribute does not allow a file of this type (Strapi's `allowedTypes`). */
export function checkAllowedType(target: LinkTarget, filename: string, mime: string): void {
  if (allowsType(target.attribute, mime)) return;
  const message = `${target.attribute.name} accepts ${target.attribute.allowedTypes.join(', ')}; ${filename} is ${mime} (${mediaKind(mime)})`;
  throw new ValidationError(message, { errors: [{ path: ['field'], message, name: 'ValidationError' }] });
}

async function entryOf(store: ReadStore, type: ContentType, id: number): Promise<{ type: ContentType; entry: Doc } | undefined> {
  const [entry] = await store.find(type.collectionName, { id }, { limit: 1 });
  return entry && { type, entry };
}

/** The entry holding the item `id` of component `uid`, at any depth of any content-type. */
export async function holderOf(model: ContentModel, store: ReadStore, uid: string, id: number): Promise<{ type: ContentType; entry: Doc } | undefined> {
  for (const type of model.contentTypes.values()) {
    for (const path of componentPaths(model, type, uid)) {
      const candidates = await store.find(type.collectionName, { [`${path}.id`]: id });
      const entry = candidates.find((doc) => holdsItem(model, type, doc, uid, id));
      if (entry) return { type, entry };
    }
  }
  return undefined;
}

/** Dotted paths of the component and zone attributes under `owner` whose items may be of component `uid`. */
function componentPaths(model: ContentModel, owner: AttributeOwner, uid: string, prefix = '', seen: ReadonlySet<string> = new Set()): string[] {
  const paths: string[] = [];
  for (const attribute of owner.attributes.values()) {
    const members = memberComponents(attribute);
    const path = `${prefix}${attribute.name}`;
    if (members.includes(uid)) paths.push(path);
    for (const member of members) {
      const component = model.components.get(member);
      if (component && !seen.has(member)) paths.push(...componentPaths(model, component, uid, `${path}.`, new Set([...seen, member])));
    }
  }
  return [...new Set(paths)];
}

/** The components an attribute's items may be. */
export function memberComponents(attribute: Attribute): readonly string[] {
  if (attribute.type === 'component') return [attribute.component];
  if (attribute.type === 'dynamiczone') return attribute.components;
  return [];
}

/** Whether `doc` holds, anywhere, the item `id` of component `uid`. */
function holdsItem(model: ContentModel, owner: AttributeOwner, doc: Readonly<Record<string, unknown>>, uid: string, id: number): boolean {
  for (const attribute of owner.attributes.values()) {
    for (const { component, item } of itemsOf(attribute, doc[attribute.name])) {
      if (component === uid && item.id === id) return true;
      const nested = model.components.get(component);
      if (nested && holdsItem(model, nested, item, uid, id)) return true;
    }
  }
  return false;
}

/** The items an attribute's stored value holds, each with its component's uid. */
export function itemsOf(attribute: Attribute, value: unknown): Array<{ component: string; item: Record<string, unknown> }> {
  if (attribute.type !== 'component' && attribute.type !== 'dynamiczone') return [];
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list
    .filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object')
    .map((item) => ({ component: attribute.type === 'component' ? attribute.component : String(item.__component), item }));
}

function linkError(key: string, message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path: [key], message, name: 'ValidationError' }] });
}
