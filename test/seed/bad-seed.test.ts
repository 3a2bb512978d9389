// Each bad seed under test/fixtures/seeds/bad/ is rejected against the every-kind model with a
// message naming the entry and the attribute, and the store is left untouched.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors/errors.ts';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { RecordingStore } from './recording-store.ts';

const schema = fileURLToPath(new URL('../fixtures/schemas/every-kind', import.meta.url));
const seeds = fileURLToPath(new URL('../fixtures/seeds/bad/', import.meta.url));

const THING_3 = 'api::thing.thing entry 3';

const cases: Array<{ name: string; file: string; expected: string[] }> = [
  { name: 'an unknown content-type uid', file: 'unknown-content-type', expected: ['entries: unknown content-type "api::nope.nope"'] },
  { name: 'an unknown attribute', file: 'unknown-attribute', expected: [`${THING_3}: unknown attribute "foo"`] },
  { name: 'an unknown attribute inside a component', file: 'unknown-attribute-in-component', expected: [`${THING_3}: unknown attribute "single.colour"`] },
  { name: 'a relation to an entry the seed does not have', file: 'missing-relation-target', expected: [`${THING_3}: attribute "manyToOneOwner": api::other.other has no entry 9`] },
  { name: 'a media id missing from "media"', file: 'missing-media', expected: [`${THING_3}: attribute "multipleMedia"`, 'has no entry 7'] },
  { name: 'a string given for an integer', file: 'string-for-integer', expected: [`${THING_3}: attribute "anInteger": must be a \`number\` type, but the final value was: \`"12"\`.`] },
  { name: 'an enumeration value not in the list', file: 'enumeration-value-not-listed', expected: [`${THING_3}: attribute "anEnumeration"`, 'got "medium"'] },
  { name: 'a date that does not exist', file: 'bad-date', expected: [`${THING_3}: attribute "aDate"`, 'got "2024-02-30"'] },
  { name: 'a date-time that is not ISO 8601', file: 'bad-datetime', expected: [`${THING_3}: attribute "aDatetime"`, 'got "yesterday"'] },
  { name: 'a biginteger that is not digits', file: 'bad-biginteger', expected: [`${THING_3}: attribute "aBiginteger"`, 'the final value was: `"12x"`'] },
  { name: 'two entries with the same id', file: 'duplicate-ids', expected: ['api::other.other entry 2: id 2 is used by an earlier entry too'] },
  { name: 'a dynamic-zone item naming no component', file: 'unknown-zone-component', expected: [`${THING_3}: attribute "zone[0]"`, '"parts.nope" is not a component'] },
  { name: 'a dynamic-zone item whose component the zone does not allow', file: 'zone-component-not-allowed', expected: [`${THING_3}: attribute "zone[0]"`, '"parts.extra" is not allowed in this zone'] },
  { name: 'a single component given as an array', file: 'single-component-given-an-array', expected: [`${THING_3}: attribute "single"`, 'takes an object or null; got an array'] },
  { name: 'a repeatable component given as an object', file: 'repeatable-component-given-an-object', expected: [`${THING_3}: attribute "repeated"`, 'takes an array of objects; got an object'] },
  { name: 'a component item that brings its own id', file: 'component-item-with-id', expected: [`${THING_3}: attribute "repeated[0].id"`] },
  { name: 'a locale the seed does not list', file: 'locale-not-listed', expected: [`${THING_3}: locale "de" is not one of the seed's locales`] },
  { name: 'a localizationOf naming a missing entry', file: 'localization-of-missing-entry', expected: [`${THING_3}: "localizationOf" 42: there is no entry 42`] },
  { name: 'two entries of one localization group in the same locale', file: 'locale-taken-twice-in-a-group', expected: [`${THING_3}: locale "fr" is already taken`] },
  { name: 'a locale on a content-type without i18n', file: 'locale-on-a-type-without-i18n', expected: ['api::other.other entry 2: has a locale, but api::other.other is not localized'] },
  { name: 'a relation set on its mappedBy side', file: 'relation-set-on-the-mapped-by-side', expected: ['api::other.other entry 2: attribute "oneToManyInverse"', 'set it on the owning side, api::thing.thing attribute "manyToOneOwner"'] },
  { name: 'an entry linked twice through a oneToOne', file: 'one-to-one-linked-twice', expected: [`${THING_3}: attribute "oneToOneOwner"`, 'already linked by api::thing.thing entry 1'] },
  { name: 'a published entry missing a required attribute', file: 'required-attribute-missing', expected: [`${THING_3}: attribute "aString": is required`] },
  { name: 'publishedAt on a content-type without draft and publish', file: 'published-at-on-a-type-without-drafts', expected: ['api::other.other entry 2: has "publishedAt"'] },
  { name: 'two entries for a single type', file: 'two-entries-for-a-single-type', expected: ['api::settings.settings entry 2', 'single type'] },
  { name: 'a role granting an unknown content-type', file: 'role-naming-an-unknown-content-type', expected: ['role "public": find names unknown content-type "api::post.post"'] },
  { name: 'an API token for a role the seed does not define', file: 'token-for-an-unknown-role', expected: ['token-for-an-unknown-role.json', 'names role "admin"'] },
  { name: 'a media row with a wrongly typed field', file: 'media-row-with-wrong-type', expected: ['media entry 1: attribute "size": must be a `number` type, but the final value was: `"big"`.'] },
  { name: 'a file that is not JSON', file: 'not-json', expected: ['not-json.json: invalid JSON', 'line 1, column 49'] },
];

describe('importing a bad seed', () => {
  let model: ContentModel;
  beforeAll(async () => {
    model = await loadContentModel(schema);
  });

  it.each(cases)('rejects $name and writes nothing', async ({ file, expected }) => {
    const store = new RecordingStore();
    const error = await loadSeedFile(`${seeds}${file}.json`)
      .then((seed) => importSeed(model, seed, store, { drop: true }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    for (const fragment of expected) expect((error as Error).message).toContain(fragment);
    expect(store.writes).toEqual([]);
  });

  it('rejects a seed file that does not exist, naming it', async () => {
    await expect(loadSeedFile(`${seeds}no-such-seed.json`)).rejects.toThrow(/Cannot read seed file .*no-such-seed\.json/);
  });
});
