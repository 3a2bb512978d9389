// Rules on attributes: which attributes of which owner a role may not read. The API never shows
// private and password attributes (Strapi's rule; they stay writable); a deployment or a test
// adds its own rules, and both protocols follow them through src/access/access.ts.
import type { Attribute, AttributeOwner } from '../model/types.ts';

/** Hides attributes from the callers of some roles. */
export interface AttributeRule {
  /** What the rule is for, in errors. */
  readonly name: string;
  /** Whether the rule holds for callers acting as `role`. */
  appliesTo(role: string): boolean;
  /** Whether it hides `attribute` of `owner` from them. */
  hides(owner: AttributeOwner, attribute: Attribute): boolean;
}

/** Strapi's own rule, for every caller: private and password attributes are never answered, filtered or sorted on. */
export const schemaHiddenAttributes: AttributeRule = {
  name: 'private and password attributes',
  appliesTo: () => true,
  hides: (_owner, attribute) => attribute.private || attribute.type === 'password',
};

/** Whether the API shows `attribute` to anyone at all (the GraphQL schema holds only those). */
export function isExposed(owner: AttributeOwner, attribute: Attribute): boolean {
  return !schemaHiddenAttributes.hides(owner, attribute);
}

/** `owner`'s attribute `name` when the API shows it to anyone (rules for roles aside). */
export function exposedAttribute(owner: AttributeOwner, name: string): Attribute | undefined {
  const attribute = owner.attributes.get(name);
  return attribute && isExposed(owner, attribute) ? attribute : undefined;
}

/** A rule hiding one attribute of one content-type or component from one role. */
export function hideAttribute(role: string, ownerUid: string, attributeName: string): AttributeRule {
  return {
    name: `${attributeName} of ${ownerUid} hidden from ${role}`,
    appliesTo: (caller) => caller === role,
    hides: (owner, attribute) => owner.uid === ownerUid && attribute.name === attributeName,
  };
}
