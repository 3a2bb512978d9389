// Custom field uids (`plugin::ckeditor.CKEditor`) -> the Strapi type each stores: a table of
// well-known plugins, plus a project's own `custom-fields.json` read at the schema root.
import { describe, isRecord, type Problems } from './problems.ts';
import { SCALAR_TYPES, type ScalarType } from './types.ts';

/** The file a project adds beside `api/` to declare its own custom fields. */
export const CUSTOM_FIELDS_FILE = 'custom-fields.json';

/** What a custom field may store: any scalar type but an enumeration (it would need values). */
export type CustomFieldType = Exclude<ScalarType, 'enumeration'>;

/**
 * Custom fields of public plugins and the type each registers with Strapi. A project's own
 * declarations take precedence.
 */
export const WELL_KNOWN_CUSTOM_FIELDS: ReadonlyMap<string, CustomFieldType> = new Map<string, CustomFieldType>([
  ['plugin::ckeditor.CKEditor', 'richtext'], // strapi-plugin-ckeditor (FoodAdvisor)
  ['plugin::ckeditor5.CKEditor', 'richtext'], // @ckeditor/strapi-plugin-ckeditor
  ['plugin::tinymce.tinymce', 'richtext'], // strapi-plugin-tinymce
  ['plugin::color-picker.color', 'string'], // @strapi/plugin-color-picker
  ['plugin::country-select.country', 'string'], // strapi-plugin-country-select
  ['plugin::strapi-advanced-uuid.uuid', 'string'], // strapi-advanced-uuid
  ['plugin::multi-select.multi-select', 'json'], // strapi-plugin-multi-select
  ['plugin::google-maps.location-picker', 'json'], // strapi-plugin-google-maps
]);

const CUSTOM_FIELD_UID = /^(plugin|global)::[^.\s]+\.[^.\s]+$/;
const STORABLE: readonly string[] = SCALAR_TYPES.filter((type) => type !== 'enumeration');

/**
 * Reads a project's declarations, `{ "<uid>": "<type>" }`, reporting every entry that is not a
 * custom field uid with a storable type. `source` names the file in messages.
 */
export function readCustomFields(json: unknown, source: string, problems: Problems): Map<string, CustomFieldType> {
  const declared = new Map<string, CustomFieldType>();
  if (!isRecord(json)) {
    problems.add(`${source}: expected an object of custom field uids and the type each stores, e.g. { "plugin::my-plugin.my-field": "string" }`);
    return declared;
  }
  for (const [uid, type] of Object.entries(json)) {
    if (!CUSTOM_FIELD_UID.test(uid)) problems.add(`${source}: "${uid}" is not a custom field uid (expected plugin::<plugin>.<field>)`);
    else if (typeof type !== 'string' || !STORABLE.includes(type)) {
      problems.add(`${source}: "${uid}": the type must be one of ${STORABLE.join(', ')}; got ${describe(type)}`);
    } else declared.set(uid, type as CustomFieldType);
  }
  return declared;
}

/** The stored type of `uid`: the project's declaration, else the well-known table's, else none. */
export function customFieldType(uid: string, declared: ReadonlyMap<string, CustomFieldType>): CustomFieldType | undefined {
  return declared.get(uid) ?? WELL_KNOWN_CUSTOM_FIELDS.get(uid);
}
