// A lifecycle event, the event a webhook is sent and the content model -> the body Strapi v4 sends
// for it, in its key order, without `createdAt` (each request adds the time it is made): `entry`
// is the entry's own scalar fields as stored (private ones removed; no relations, media,
// components or zones, as Strapi's content API sends it), `media` a file's fields.
import type { LifecycleEvent } from '../operations/events.ts';
import { assertNever, type Attribute, type ContentType, type ScalarType } from '../model/types.ts';
import { instantJson } from '../model/temporal.ts';
import type { Doc } from '../store/store.ts';
import type { WebhookEvent } from './settings.ts';

/** Entries Strapi adds to one event's `entry`: a user's role, a new localization's other locales. */
export interface Related {
  readonly role?: Doc;
  readonly roleType?: ContentType;
  readonly localizations?: readonly Doc[];
}

/** The body's fields after `event` and `createdAt`, in Strapi's order. */
export type BodyRest = Record<string, unknown>;

/**
 * What Strapi sends for `sent` about `event`: `{model, uid, entry}` for entry events, `{model,
 * entry}` for entry.publish and entry.unpublish (its admin sends no uid there), `{media}` for media
 * events.
 */
export function bodyRest(type: ContentType, event: LifecycleEvent, sent: WebhookEvent, related: Related = {}): BodyRest {
  const doc = (event.after ?? event.before)!;
  switch (sent) {
    case 'media.create':
    case 'media.update':
    case 'media.delete':
      return { media: scalarEntry(type, doc) };
    case 'entry.publish':
    case 'entry.unpublish':
      return { model: type.singularName, entry: entryOf(type, doc, related) };
    case 'entry.create':
    case 'entry.update':
    case 'entry.delete':
      return { model: type.singularName, uid: type.uid, entry: entryOf(type, doc, related) };
    default:
      return assertNever(sent, 'webhook event');
  }
}

/** The JSON text of a request's body: `event`, the time it is made, then the rest. */
export function bodyText(event: string, createdAt: Date, rest: BodyRest): string {
  return JSON.stringify({ event, createdAt: instantJson(createdAt), ...rest });
}

function entryOf(type: ContentType, doc: Doc, related: Related): Record<string, unknown> {
  const entry = scalarEntry(type, doc);
  if (related.localizations) entry.localizations = related.localizations.map((other) => scalarEntry(type, other));
  if (related.role && related.roleType) entry.role = scalarEntry(related.roleType, related.role);
  return entry;
}

/**
 * A stored document as Strapi's row: `id`, each scalar attribute in the schema's order (null when
 * unset), the timestamps, `publishedAt` (draft & publish), `locale` (i18n). Private and password
 * attributes are left out, as Strapi's output sanitizer leaves them.
 */
export function scalarEntry(type: ContentType, doc: Doc): Record<string, unknown> {
  const entry: Record<string, unknown> = { id: doc.id };
  for (const attribute of type.attributes.values()) {
    const value = scalarOf(attribute, doc[attribute.name]);
    if (value !== OMITTED) entry[attribute.name] = value;
  }
  if (type.timestamps) {
    entry.createdAt = jsonOf(doc.createdAt);
    entry.updatedAt = jsonOf(doc.updatedAt);
  }
  if (type.draftAndPublish) entry.publishedAt = jsonOf(doc.publishedAt);
  if (type.localized) entry.locale = doc.locale ?? null;
  return entry;
}

const OMITTED = Symbol('omitted');

/** An attribute's value in the row, or OMITTED for what the row does not hold. */
function scalarOf(attribute: Attribute, value: unknown): unknown {
  switch (attribute.type) {
    case 'relation':
    case 'media':
    case 'component':
    case 'dynamiczone':
      return OMITTED;
    default:
      if (attribute.private || attribute.type === 'password') return OMITTED;
      return storedScalar(attribute.type, value);
  }
}

/** A stored scalar as Strapi's database hands it out: JSON as its value, a biginteger as its digits. */
function storedScalar(type: ScalarType, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (type) {
    case 'json':
      return typeof value === 'string' ? JSON.parse(value) : value;
    case 'biginteger':
      return String(value);
    default:
      return jsonOf(value);
  }
}

/** A stored value as the body's JSON says it: a Date as its text (as JSON.stringify would, faster), null for none. */
function jsonOf(value: unknown): unknown {
  if (value instanceof Date) return instantJson(value);
  return value ?? null;
}
