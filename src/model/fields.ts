// What a name means on a content-type or component: one of its attributes, or a field every entry
// has (`id`, `createdAt`, `updatedAt`, `publishedAt`, `locale`, `localizations`). Both protocols'
// field selection, filters, sorts and populate ask here; which attributes a caller may use at
// all is the access module's answer, passed in as `attributeOf`.
import type { Attribute, AttributeOwner, Component, ContentType, RelationAttribute, ScalarType } from './types.ts';

/** What holds attributes: an entry's content-type or a component. */
export type Owner = ContentType | Component;

/** The attribute a caller may use, or undefined: the access module's `readable`. */
export type AttributeOf = (owner: AttributeOwner, name: string) => Attribute | undefined;

export function isContentType(owner: AttributeOwner): owner is ContentType {
  return 'kind' in owner;
}

/** The fields Strapi adds to a content-type's entries, with their types; components have none. `id` aside. */
export function systemFields(owner: AttributeOwner): ReadonlyMap<string, ScalarType> {
  const fields = new Map<string, ScalarType>();
  if (!isContentType(owner)) return fields;
  if (owner.timestamps) {
    fields.set('createdAt', 'datetime');
    fields.set('updatedAt', 'datetime');
  }
  if (owner.draftAndPublish) fields.set('publishedAt', 'datetime');
  if (owner.localized) fields.set('locale', 'string');
  return fields;
}

/** The self-relation every localized entry has through `localizations`. */
export function localizationsAttribute(ct: ContentType): RelationAttribute {
  return {
    name: 'localizations', type: 'relation', relation: 'manyWay', target: ct.uid, toMany: true, side: 'owner',
    required: false, private: false, unique: false,
  };
}

export type FieldMeaning =
  | { kind: 'scalar'; path: string; type: ScalarType | 'id' }
  | { kind: 'relation'; path: string; attribute: RelationAttribute }
  | { kind: 'component'; path: string; component: string; repeatable: boolean }
  | { kind: 'none' };

/** Meaning of `name` on `owner` for filtering and sorting; attributes `attributeOf` does not give mean nothing. */
export function fieldMeaning(owner: AttributeOwner, name: string, attributeOf: AttributeOf, prefix = ''): FieldMeaning {
  const path = prefix + name;
  if (owner.attributes.has(name)) {
    const attribute = attributeOf(owner, name);
    return attribute ? attributeMeaning(attribute, path) : { kind: 'none' };
  }
  if (!isContentType(owner)) return { kind: 'none' };
  if (name === 'id') return { kind: 'scalar', path, type: 'id' };
  const system = systemFields(owner).get(name);
  if (system) return { kind: 'scalar', path, type: system };
  if (name === 'localizations' && owner.localized) return { kind: 'relation', path, attribute: localizationsAttribute(owner) };
  return { kind: 'none' };
}

function attributeMeaning(attribute: Attribute, path: string): FieldMeaning {
  switch (attribute.type) {
    case 'relation':
      return { kind: 'relation', path, attribute };
    case 'component':
      return { kind: 'component', path, component: attribute.component, repeatable: attribute.repeatable };
    case 'media':
    case 'dynamiczone':
      return { kind: 'none' };
    default:
      return { kind: 'scalar', path, type: attribute.type };
  }
}
