// Raw `fields` (qs output) -> the scalar fields an entry or component item returns.
// `fields[0]=a&fields[1]=b`, `fields=a`, `fields=a,b` and `fields=*` are all accepted.
import { defaultFields, invalidParameter, invalidValue } from './attributes.ts';
import type { AttributeOf, Owner } from '../model/fields.ts';

/**
 * Without `fields`, or with `*`, every default field. Otherwise only those named (the entry's
 * `id` is always returned, so naming it changes nothing). A name that is not a scalar field of
 * `owner` — unknown, private, a relation, media, component or dynamic zone — is refused when
 * `strict` (the top-level `fields`) and skipped otherwise: Strapi v4 ignores such names inside
 * `populate`, returning the attributes it knows. `defaults`: the owner's default fields, when the
 * caller has them.
 */
export function validateFields(raw: unknown, owner: Owner, attributeOf: AttributeOf, parameter = 'fields', strict = true, defaults = defaultFields(owner, attributeOf)): string[] {
  if (raw === undefined) return defaults;
  const names = fieldNames(raw, parameter);
  if (names.includes('*')) return defaults;
  const selected = new Set<string>();
  for (const name of names) {
    if (name === 'id') continue;
    if (defaults.includes(name)) selected.add(name);
    else if (strict) throw invalidParameter(name);
  }
  return [...selected];
}

function fieldNames(raw: unknown, parameter: string): string[] {
  if (typeof raw === 'string') return raw.split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (Array.isArray(raw)) return raw.flatMap((item, i) => fieldNames(item, `${parameter}[${i}]`));
  throw invalidValue(parameter, 'a field name, a list of them, or *', raw);
}
