// Which attributes of a content-type or component the REST API shows, filters and sorts on,
// including the system fields (`createdAt`, `updatedAt`, `publishedAt`, `locale`) it adds.
import { ValidationError } from '../errors/errors.ts';
import type { Role } from '../auth/roles.ts';
import type { Attribute, Component, ContentModel, ContentType, ScalarType } from '../model/types.ts';
import { isScalar } from '../model/types.ts';

/** What holds attributes: an entry's content-type or a component. */
export type Owner = ContentType | Component;

/** What validation reads besides the query: the model and the caller's role. */
export interface Scope {
  readonly model: ContentModel;
  readonly role: Role;
}

/** The scalar kind of a filterable, sortable field: an attribute's type, or the entry `id`. */
export type FieldType = ScalarType | 'id';

export function isContentType(owner: Owner): owner is ContentType {
  return 'kind' in owner;
}

/** An attribute the API exposes: private and password attributes do not exist for it. */
export function visibleAttribute(owner: Owner, name: string): Attribute | undefined {
  const attribute = owner.attributes.get(name);
  if (!attribute || attribute.private || attribute.type === 'password') return undefined;
  return attribute;
}

/** System fields of a content-type with their types; components have none. */
export function systemFields(owner: Owner): ReadonlyMap<string, ScalarType> {
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

/** The attributes an entry or component item returns when no `fields` is given. */
export function defaultFields(owner: Owner): string[] {
  const names: string[] = [];
  for (const [name, attribute] of owner.attributes) {
    if (isScalar(attribute) && visibleAttribute(owner, name)) names.push(name);
  }
  return [...names, ...systemFields(owner).keys()];
}

/** The type of a scalar field that may be selected, filtered or sorted on; undefined otherwise. */
export function scalarFieldType(owner: Owner, name: string): FieldType | undefined {
  if (name === 'id') return 'id';
  const system = systemFields(owner).get(name);
  if (system) return system;
  const attribute = visibleAttribute(owner, name);
  return attribute && isScalar(attribute) ? attribute.type : undefined;
}

/** Strapi's answer to a query naming a field it does not know or cannot use there. */
export function invalidParameter(name: string): ValidationError {
  return new ValidationError(`Invalid parameter ${name}`);
}

/** A query value that has the wrong shape or type; names the parameter, the contract, the value. */
export function invalidValue(parameter: string, expected: string, received: unknown): ValidationError {
  const shown = typeof received === 'string' ? JSON.stringify(received) : describe(received);
  return new ValidationError(`Invalid parameter ${parameter}: expected ${expected}, received ${shown}`, {
    parameter,
    expected,
  });
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null || value === undefined) return 'nothing';
  return typeof value === 'object' ? 'an object' : JSON.stringify(value);
}

/** qs output objects are plain objects; arrays are not. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
