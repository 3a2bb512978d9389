// The attributes of one entry or component item in a write's `data` -> EntryData, every value checked
// and converted; problems and the store checks they need are gathered in the Walk.
import { MEDIA_UID, assertNever, isScalar, type Attribute, type AttributeOwner, type ScalarAttribute } from '../../model/types.ts';
import { componentField, zoneField } from './components-input.ts';
import type { EntryData, FieldWrite } from './entry-data.ts';
import { relationInput } from './relations-input.ts';
import { checkScalar, PlainPassword } from './scalars.ts';
import type { ItemMode, Walk } from './walk.ts';
import { issue, typeIssue } from './validation-errors.ts';

type Raw = Readonly<Record<string, unknown>>;

/** The yup type Strapi names when a required scalar is given null. */
function typeName(attribute: ScalarAttribute): string | undefined {
  switch (attribute.type) {
    case 'string': case 'text': case 'richtext': case 'enumeration': case 'email': case 'password': case 'uid': case 'biginteger':
      return 'string';
    case 'integer': case 'float': case 'decimal':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date': case 'time': case 'datetime': case 'timestamp': case 'json':
      return undefined;
    default:
      return assertNever(attribute, 'scalar attribute');
  }
}

/** Checks every attribute of `owner` that `raw` names (and, for a new item, defaults and `required`). */
export function checkFields(walk: Walk, owner: AttributeOwner, raw: Raw, path: readonly string[], mode: ItemMode, stored?: Raw): EntryData {
  const data = new Map<string, FieldWrite>();
  for (const attribute of owner.attributes.values()) {
    const at = [...path, attribute.name];
    const given = raw[attribute.name] === undefined && mode === 'create' && isScalar(attribute) ? attribute.default : raw[attribute.name];
    const written = given === undefined ? absent(walk, attribute, at, mode) : field(walk, attribute, given, at, stored?.[attribute.name]);
    if (written) data.set(attribute.name, written);
  }
  return data;
}

/** An attribute the body leaves out: kept by an update; a new item's required one is reported. */
function absent(walk: Walk, attribute: Attribute, path: readonly string[], mode: ItemMode): undefined {
  const enforced = attribute.required && !walk.draft && attribute.type !== 'relation' && attribute.type !== 'media';
  if (mode === 'create' && enforced) walk.issues.push(issue(path, 'must be defined.'));
  return undefined;
}

function field(walk: Walk, attribute: Attribute, value: unknown, path: readonly string[], stored: unknown): FieldWrite | undefined {
  switch (attribute.type) {
    case 'relation':
      return relationField(walk, 'relation', attribute.target, attribute.toMany, value, path, attribute.side === 'owner' ? stored ?? null : undefined);
    case 'media':
      return relationField(walk, 'media', MEDIA_UID, attribute.multiple, value, path, stored ?? null);
    case 'component':
      return componentField(walk, attribute, value, path, stored);
    case 'dynamiczone':
      return zoneField(walk, attribute, value, path, stored);
    default:
      return scalarField(walk, attribute, value, path);
  }
}

function relationField(walk: Walk, kind: 'relation' | 'media', target: string, toMany: boolean, value: unknown, path: readonly string[], stored: unknown): FieldWrite | undefined {
  const input = relationInput(value, toMany);
  // The owning side stores its ids; a mappedBy side's are not in the entry (`stored` undefined: positions are checked when applied).
  const current = stored === undefined ? undefined : (Array.isArray(stored) ? stored : [stored]).filter((id): id is number => typeof id === 'number');
  // Its ids are still looked up: one that names nothing is reported beside it.
  walk.relations.push({ target, input, current });
  if (input.several) return void walk.issues.push(issue(path, `holds one entry, but the value names ${input.several.length}: ${input.several.join(', ')}`));
  return { kind, change: input.change };
}

function scalarField(walk: Walk, attribute: ScalarAttribute, value: unknown, path: readonly string[]): FieldWrite | undefined {
  if (value === null) {
    if (!attribute.required || walk.draft) return { kind: 'value', value: null };
    const type = typeName(attribute);
    // Strapi's number validator casts a null to NaN (parseFloat) before it refuses it; a string or a boolean stays null.
    walk.issues.push(type === undefined ? issue(path, 'must be defined.') : typeIssue(path, type, type === 'number' ? NaN : null, null));
    return undefined;
  }
  const result = checkScalar(attribute, value, path, { draft: walk.draft });
  if (!result.ok) {
    walk.issues.push(...result.issues);
    if (result.format !== undefined) walk.formats.push(result.format);
    return undefined;
  }
  // Strapi looks unique values up for the entry's own attributes, not for components'.
  if ((attribute.unique || attribute.type === 'uid') && path.length === 1) walk.unique.push({ at: walk.issues.length, path, attribute, value: result.value });
  const written = { kind: 'value' as const, value: result.value };
  if (result.value instanceof PlainPassword) walk.passwords.push(written);
  return written;
}
