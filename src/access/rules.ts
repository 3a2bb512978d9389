// Rules on attributes: which attributes of which owner a role may not read. The API never shows
// private and password attributes (Strapi's rule; they stay writable); a deployment or a test
// adds its own rules, and both protocols follow them through src/access/access.ts.
import type { Attribute, AttributeOwner } from '../model/types.ts';

/** Hides attributes from callers: `hides` answers for one role, owner and attribute. */
export interface AttributeRule {
  /** What the rule is for, in logs and errors. */
  readonly name: string;
  /** Whether callers of `role` (`undefined`: every caller, the schema's own rules) may not read `attribute`. */
  hides(role: string | undefined, owner: AttributeOwner, attribute: Attribute): boolean;
}

/** Strapi's own rule: private and password attributes are never answered, filtered or sorted on. */
export const schemaHiddenAttributes: AttributeRule = {
  name: 'private and password attributes',
  hides: (_role, _owner, attribute) => attribute.private || attribute.type === 'password',
};

/** Whether the API shows `attribute` to anyone at all (the GraphQL schema holds only those). */
export function isExposed(owner: AttributeOwner, attribute: Attribute): boolean {
  return !schemaHiddenAttributes.hides(undefined, owner, attribute);
}

/** A rule hiding one attribute of one content-type or component from one role. */
export function hideAttribute(role: string, ownerUid: string, attributeName: string): AttributeRule {
  return {
    name: `${attributeName} of ${ownerUid} hidden from ${role}`,
    hides: (caller, owner, attribute) => caller === role && owner.uid === ownerUid && attribute.name === attributeName,
  };
}

/** `owner`'s attribute `name` when the API shows it to anyone (rules for roles aside). */
export function exposedAttribute(owner: AttributeOwner, name: string): Attribute | undefined {
  const attribute = owner.attributes.get(name);
  return attribute && isExposed(owner, attribute) ? attribute : undefined;
}
