// A content-type -> the indexes docs/storage.md lists for its collection; and the start-up step
// that creates them for every content-type of a model.
import type { ContentModel, ContentType } from '../model/types.ts';
import type { IndexSpec, Store } from './store.ts';

/**
 * `id` (unique), each owning relation and media field, `locale` (i18n), `publishedAt`
 * (draftAndPublish) and each `unique` attribute (an ordinary index: Strapi's `unique` holds per
 * locale and publication state). Names follow MongoDB's default (`field_1`), so creating them
 * again is a no-op.
 */
export function indexesFor(contentType: ContentType): IndexSpec[] {
  const fields: string[] = [];
  for (const attribute of contentType.attributes.values()) {
    const owning = (attribute.type === 'relation' && attribute.side === 'owner') || attribute.type === 'media';
    if (owning || attribute.unique) fields.push(attribute.name);
  }
  if (contentType.localized) fields.push('locale');
  if (contentType.draftAndPublish) fields.push('publishedAt');
  return [
    { keys: { id: 1 }, unique: true, name: 'id_1' },
    ...[...new Set(fields)].map((field): IndexSpec => ({ keys: { [field]: 1 }, name: `${field}_1` })),
  ];
}

/** Creates the indexes of every content-type's collection (the media library's included). */
export async function ensureModelIndexes(model: ContentModel, store: Store): Promise<void> {
  for (const contentType of model.contentTypes.values()) {
    await store.ensureIndexes(contentType.collectionName, indexesFor(contentType));
  }
}
