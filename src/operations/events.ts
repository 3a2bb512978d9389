// What a committed write tells its subscribers: one typed event per entry the operation changed
// (`entry.create`, `entry.update`, `entry.delete`, `entry.publish`, `entry.unpublish`; `media.*` for
// the media library), with its content-type, id, locale, caller, and the entry before and after.
import { MEDIA_UID, type ContentModel, type ContentType } from '../model/types.ts';
import type { BeforeOf } from '../store/collection-reads.ts';
import type { Change, Doc } from '../store/store.ts';

export type EntryEventName = 'entry.create' | 'entry.update' | 'entry.delete' | 'entry.publish' | 'entry.unpublish';
export type MediaEventName = 'media.create' | 'media.update' | 'media.delete';

/** Who ran the operation: its role, and the logged-in user's id when a JWT named one. */
export interface EventCaller {
  readonly role: string;
  readonly userId?: number;
}

export interface LifecycleEvent {
  readonly event: EntryEventName | MediaEventName;
  /** The content-type's uid (`api::article.article`, `plugin::upload.file`). */
  readonly uid: string;
  /** Its singular name, as Strapi's webhooks call it `model`. */
  readonly model: string;
  readonly id: number;
  /** The entry's locale, for a localized type. */
  readonly locale?: string;
  readonly caller: EventCaller;
  /** The stored entry before the write: absent for a create. */
  readonly before?: Doc;
  /** The stored entry after the write: absent for a delete. */
  readonly after?: Doc;
  /** When the write was committed. */
  readonly at: Date;
}

/** One acknowledged write: its events, and every store change it made (other sides and localizations included). */
export interface Committed {
  readonly events: readonly LifecycleEvent[];
  readonly changes: readonly Change[];
  /** The stored documents the changes replaced, where the write read them (other sides and localizations too). */
  readonly replaced?: BeforeOf;
}

/**
 * The event of a write of one entry: a create or a delete by its kind; a change of an entry of a
 * draft & publish type that publishes or unpublishes it is that, any other change an update. A
 * row of the media library is a `media.*` event, as Strapi's webhooks name them.
 */
export function entryEventName(type: ContentType, before: Doc | undefined, after: Doc | undefined): EntryEventName | MediaEventName {
  if (type.uid === MEDIA_UID) return !before ? 'media.create' : !after ? 'media.delete' : 'media.update';
  if (!before) return 'entry.create';
  if (!after) return 'entry.delete';
  if (type.draftAndPublish && (before.publishedAt == null) !== (after.publishedAt == null)) return after.publishedAt == null ? 'entry.unpublish' : 'entry.publish';
  return 'entry.update';
}

/** A lifecycle event without its time, which the commit stamps. */
export type PendingEvent = Omit<LifecycleEvent, 'at'>;

/** The event of a write of one entry of `type`, from the entry before and after it. */
export function entryEvent(type: ContentType, caller: EventCaller, before: Doc | undefined, after: Doc | undefined): PendingEvent {
  const entry = (after ?? before)!;
  return {
    event: entryEventName(type, before, after),
    uid: type.uid,
    model: type.singularName,
    id: entry.id,
    ...(typeof entry.locale === 'string' ? { locale: entry.locale } : {}),
    caller,
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
  };
}

/**
 * The documents a committed write replaced, by collection and id: those its events name, and
 * those it read before changing them. What an update changed (src/store/collection-reads.ts).
 */
export function replacedEntries(model: ContentModel, committed: Committed): BeforeOf {
  const replaced = new Map<string, Doc>();
  for (const event of committed.events) {
    const collection = model.contentTypes.get(event.uid)?.collectionName;
    if (collection && event.before) replaced.set(`${collection}#${event.id}`, event.before);
  }
  return (collection, id) => replaced.get(`${collection}#${id}`) ?? committed.replaced?.(collection, id);
}
