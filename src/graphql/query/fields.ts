// What a field name means on a content-type or component, including the system fields every
// entry has (`id`, timestamps, `publishedAt`, `locale`, `localizations`). Filters and sort ask here.
import type { Attribute, AttributeOwner, ContentType, RelationAttribute, ScalarType } from '../../model/types.ts';
import { isHidden } from '../schema/attribute-fields.ts';

export type FieldMeaning =
  | { kind: 'scalar'; path: string; type: ScalarType | 'id' }
  | { kind: 'relation'; path: string; attribute: RelationAttribute }
  | { kind: 'component'; path: string; component: string; repeatable: boolean }
  | { kind: 'none' };

const SYSTEM_SCALARS: ReadonlyMap<string, ScalarType | 'id'> = new Map([
  ['id', 'id'],
  ['createdAt', 'datetime'],
  ['updatedAt', 'datetime'],
]);

function isContentType(owner: AttributeOwner): owner is ContentType {
  return 'kind' in owner;
}

/** The self-relation every localized entry has through `localizations`. */
export function localizationsAttribute(ct: ContentType): RelationAttribute {
  return {
    name: 'localizations', type: 'relation', relation: 'manyWay', target: ct.uid, toMany: true, side: 'owner',
    required: false, private: false, unique: false,
  };
}

/** Meaning of `name` on `owner` for filtering and sorting; private attributes mean nothing. */
export function fieldMeaning(owner: AttributeOwner, name: string, prefix = ''): FieldMeaning {
  const path = prefix + name;
  const attribute: Attribute | undefined = owner.attributes.get(name);
  if (attribute) {
    if (isHidden(attribute)) return { kind: 'none' };
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
  if (!isContentType(owner)) return { kind: 'none' };
  const system = SYSTEM_SCALARS.get(name);
  if (system) return { kind: 'scalar', path, type: system };
  if (name === 'publishedAt' && owner.draftAndPublish) return { kind: 'scalar', path, type: 'datetime' };
  if (name === 'locale' && owner.localized) return { kind: 'scalar', path, type: 'string' };
  if (name === 'localizations' && owner.localized) return { kind: 'relation', path, attribute: localizationsAttribute(owner) };
  return { kind: 'none' };
}
