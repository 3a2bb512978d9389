// Content-types -> the indexes docs/storage.md lists; ensureModelIndexes creates them all.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import { MEDIA_UID, type ContentModel } from '../../src/model/types.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { ensureModelIndexes, indexesFor } from '../../src/store/indexes.ts';

const schema = fileURLToPath(new URL('../fixtures/schemas/every-kind', import.meta.url));

describe('the indexes of a content-type', () => {
  let model: ContentModel;
  beforeAll(async () => {
    model = await loadContentModel(schema);
  });

  it.each([
    [
      'api::thing.thing',
      ['id_1!', 'oneToOneOwner_1', 'oneToManyOwner_1', 'manyToOneOwner_1', 'manyToManyOwner_1', 'oneWay_1', 'manyWay_1', 'singleMedia_1', 'multipleMedia_1', 'locale_1', 'publishedAt_1', 'aString_unique!', 'aUid_unique!'],
    ],
    ['api::other.other', ['id_1!']],
    [MEDIA_UID, ['id_1!']],
  ])('%s: id (unique), owning relations, media, locale, publishedAt, and a unique index per uid and unique attribute', (uid, expected) => {
    const specs = indexesFor(model.contentTypes.get(uid)!);
    expect(specs.map((spec) => `${spec.name}${spec.unique ? '!' : ''}`)).toEqual(expected);
    for (const spec of specs) expect(spec.keys).toEqual({ [spec.name.replace(/_(1|unique)$/, '')]: 1 });
  });

  it.each([
    ['aString', 'string', 'string'],
    ['aUid', 'uid', 'string'],
  ])('holds %s (%s) unique over the whole collection, among the documents whose value is a %s', (field, _type, bsonType) => {
    const spec = indexesFor(model.contentTypes.get('api::thing.thing')!).find((index) => index.name === `${field}_unique`);
    expect(spec).toEqual({ keys: { [field]: 1 }, unique: true, partial: { [field]: { $type: bsonType } }, name: `${field}_unique` });
  });

  it('creates them for every content-type collection at start-up', async () => {
    const store = new EmbeddedStore();
    await ensureModelIndexes(model, store);
    expect(await store.listIndexes('others')).toEqual(['_id_', 'id_1']);
    expect(await store.listIndexes('things')).toContain('publishedAt_1');
    expect(await store.listIndexes('files')).toEqual(['_id_', 'id_1']);
  });
});
