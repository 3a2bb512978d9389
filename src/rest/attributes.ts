// Which fields of a content-type or component a REST query may select, filter and sort on (the
// meaning of a name is src/model/fields.ts's, what a caller may read the access module's), and
// Strapi's errors for names and values it refuses.
import type { Access } from '../access/access.ts';
import { ValidationError } from '../errors/errors.ts';
import { fieldMeaning, systemFields, type AttributeOf, type Owner } from '../model/fields.ts';
import type { ContentModel, ScalarType } from '../model/types.ts';
import { isScalar } from '../model/types.ts';
import type { FilterValue } from './query.ts';

/** What validation reads besides the query: the model and what the caller may read. */
export interface Scope {
  readonly model: ContentModel;
  readonly access: Pick<Access, 'may' | 'readable'>;
  /** Told of each single filter value converted, in the order validation meets them (see value-slots.ts). */
  readonly seen?: (value: SeenValue) => void;
}

/** A filter's single value as validation converted it: its parameter (`filters[views][$gte]`), its field's type, the value. */
export interface SeenValue {
  readonly parameter: string;
  readonly type: FieldType;
  readonly text: string;
  readonly value: FilterValue;
}

/** The scalar kind of a filterable, sortable field: an attribute's type, or the entry `id`. */
export type FieldType = ScalarType | 'id';

/** The attributes an entry or component item returns when no `fields` is given: those `attributeOf` gives. */
export function defaultFields(owner: Owner, attributeOf: AttributeOf): string[] {
  const names: string[] = [];
  for (const [name, attribute] of owner.attributes) {
    if (isScalar(attribute) && attributeOf(owner, name)) names.push(name);
  }
  return [...names, ...systemFields(owner).keys()];
}

/** The type of a scalar field that may be selected, filtered or sorted on; undefined otherwise. */
export function scalarFieldType(owner: Owner, name: string, attributeOf: AttributeOf): FieldType | undefined {
  // Component items have ids too, which REST filters and sorts on.
  if (name === 'id') return 'id';
  const meaning = fieldMeaning(owner, name, attributeOf);
  return meaning.kind === 'scalar' ? meaning.type : undefined;
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
