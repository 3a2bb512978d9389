// The archive's entities + the model -> a SeedDraft: entries with their scalar values and
// components inline (ids dropped, but indexed), media rows, locales, roles and permissions.
// Relations and media are links in the archive; `map-links.ts` fills them in.
import { isRecord } from '../model/problems.ts';
import {
  assertNever,
  isScalar,
  MEDIA_UID,
  PERMISSION_UID,
  ROLE_UID,
  type Attribute,
  type Component,
  type ContentModel,
  type ContentType,
} from '../model/types.ts';
import type { EntityRecord } from './records.ts';
import { rowKey, Tally, type SeedDraft, type Values } from './seed-draft.ts';

const LOCALE_UID = 'plugin::i18n.locale';

interface Context {
  model: ContentModel;
  draft: SeedDraft;
  dropped: Tally;
}

export function mapEntities(entities: readonly EntityRecord[], model: ContentModel): SeedDraft {
  const draft: SeedDraft = { locales: [], roles: [], permissions: new Map(), media: [], entries: new Map(), rows: new Map(), notes: [], problems: [] };
  const ctx: Context = { model, draft, dropped: new Tally() };
  const skipped = new Tally();
  for (const { type, id, data } of entities) {
    if (type === LOCALE_UID) draft.locales.push({ code: String(data.code), name: String(data.name ?? data.code) });
    else if (type === ROLE_UID) {
      draft.roles.push({ id, type: String(data.type), name: String(data.name ?? data.type), description: typeof data.description === 'string' ? data.description : null });
    } else if (type === PERMISSION_UID) draft.permissions.set(id, { id, action: String(data.action) });
    else if (model.contentTypes.has(type)) {
      const contentType = model.contentTypes.get(type)!;
      const values: Values = { id, ...ownValues(contentType, data, `${type} entry ${id}`, ctx, contentType) };
      if (type === MEDIA_UID) draft.media.push(values);
      else if (draft.entries.has(type)) draft.entries.get(type)!.push(values);
      else draft.entries.set(type, [values]);
      draft.rows.set(rowKey(type, id), { id, owner: contentType, values });
    } else skipped.add(type);
  }
  draft.notes.push(...skipped.lines('entities of a content-type the gateway does not serve, not imported:'));
  draft.notes.push(...ctx.dropped.lines('values of an attribute the model does not have, not imported:'));
  return draft;
}

/** Keys Strapi sets on every entry of a content-type that the seed format takes as they are. */
function systemKeys(contentType: ContentType): string[] {
  return [
    'createdAt',
    'updatedAt',
    ...(contentType.draftAndPublish ? ['publishedAt'] : []),
    ...(contentType.localized ? ['locale'] : []),
  ];
}

/** An entry's or component item's values; `contentType` is absent for component items. */
function ownValues(owner: ContentType | Component, data: Readonly<Record<string, unknown>>, where: string, ctx: Context, contentType?: ContentType): Values {
  const values: Values = {};
  const system = contentType ? systemKeys(contentType) : [];
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id' || key === '__component') continue;
    const attribute = owner.attributes.get(key);
    if (attribute) {
      const mapped = attributeValue(attribute, value, where, ctx);
      if (mapped !== undefined) values[key] = mapped;
    } else if (system.includes(key)) values[key] = value;
    else ctx.dropped.add(`${owner.uid}.${key}`);
  }
  return values;
}

/** undefined: the value comes from links (relations, media), not from the entity's data. */
function attributeValue(attribute: Attribute, value: unknown, where: string, ctx: Context): unknown {
  if (isScalar(attribute)) return value;
  switch (attribute.type) {
    case 'relation':
    case 'media':
      return undefined;
    case 'component':
      if (attribute.repeatable) return Array.isArray(value) ? value.map((item) => componentItem(attribute.component, item, where, ctx)) : [];
      return value === null || value === undefined ? null : componentItem(attribute.component, value, where, ctx);
    case 'dynamiczone':
      return Array.isArray(value) ? value.map((item) => componentItem(isRecord(item) ? String(item.__component) : '', item, where, ctx, true)) : [];
    default:
      return assertNever(attribute, 'attribute');
  }
}

/** A component item without its id (the import gives new ones), indexed by the archive's id for links. */
function componentItem(uid: string, item: unknown, where: string, ctx: Context, zone = false): Values | null {
  const component = ctx.model.components.get(uid);
  if (!component || !isRecord(item) || typeof item.id !== 'number') {
    ctx.draft.problems.push(`${where}: a component item ${zone ? `of "${uid}" ` : ''}is not an object with an id, or names an unknown component`);
    return null;
  }
  const values: Values = { ...(zone ? { __component: uid } : {}), ...ownValues(component, item, where, ctx) };
  ctx.draft.rows.set(rowKey(uid, item.id), { id: item.id, owner: component, values, holder: where });
  return values;
}
