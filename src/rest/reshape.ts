// GraphQL result data -> Strapi v4's REST body: `{ data, meta }` with integer ids, `{ data }`
// wrappers for relations and media, inline components, `__component` in dynamic zones, and
// enumeration values as stored. Driven by the RestQuery, so only what was asked is returned;
// done in slices, so a large answer lets other requests run and stops at its deadline.
import { componentTypeName, componentUid, enumValueName } from '../model/naming.ts';
import type { Deadline } from '../limits/deadline.ts';
import { type Pacer, type Sliced, runInSlices } from '../limits/slices.ts';
import { timestampText } from '../model/temporal.ts';
import { MEDIA_UID, assertNever, component, contentType } from '../model/types.ts';
import type { ContentModel, ContentType } from '../model/types.ts';
import type { Owner } from '../model/fields.ts';
import type { Pagination, PopulateNode, RestQuery, Selection } from './query.ts';
import { zoneAliases } from './zone-aliases.ts';

type Json = Record<string, unknown>;

export interface RestBody {
  data: unknown;
  meta: Json;
}

/** A page of entries: `{ data: [...], meta: { pagination } }`. */
export function reshapeCollection(model: ContentModel, target: ContentType, query: RestQuery, root: unknown, deadline?: Deadline): Promise<RestBody> {
  return runInSlices(function* (pacer) {
    const response = asRecord(root);
    return {
      data: yield* new Shaper(model, pacer).entries(target, query.selection, response.data),
      meta: { pagination: paginationMeta(query.pagination, asRecord(asRecord(response.meta).pagination)) },
    };
  }, deadline);
}

/** A localized single type in every locale: `{ data: [...], meta: {} }`, as Strapi answers `locale=all`. */
export function reshapeEveryLocale(model: ContentModel, target: ContentType, query: RestQuery, root: unknown, deadline?: Deadline): Promise<RestBody> {
  return runInSlices(function* (pacer) {
    return { data: yield* new Shaper(model, pacer).entries(target, query.selection, asRecord(root).data), meta: {} };
  }, deadline);
}

/** One entry: `{ data: { id, attributes }, meta: {} }`, or `data: null` when there is none. */
export function reshapeEntry(model: ContentModel, target: ContentType, query: RestQuery, root: unknown, deadline?: Deadline): Promise<RestBody> {
  return runInSlices(function* (pacer) {
    const found = asRecord(root).data;
    return { data: found ? yield* new Shaper(model, pacer).entry(target, query.selection, found) : null, meta: {} };
  }, deadline);
}

/**
 * The upload and users-permissions plugins' own format: plain `{ id, name, …, createdAt }`
 * objects, related entries plain too (`reviews: [{ id, … }]`, `picture: { id, … }`).
 */
export function reshapePlain(model: ContentModel, target: ContentType, query: RestQuery, root: unknown, deadline?: Deadline): Promise<unknown> {
  return runInSlices(function* (pacer) {
    const shaper = new Shaper(model, pacer, true);
    const found = asRecord(root).data;
    if (Array.isArray(found)) return yield* shaper.entries(target, query.selection, found);
    return found ? yield* shaper.entry(target, query.selection, found) : null;
  }, deadline);
}

function paginationMeta(pagination: Pagination, raw: Json): Json {
  if (pagination.kind === 'offset') {
    const echo = { start: pagination.start, limit: pagination.limit };
    return pagination.withCount ? { ...echo, total: raw.total } : echo;
  }
  const page = { page: raw.page, pageSize: raw.pageSize };
  return pagination.withCount ? { ...page, pageCount: raw.pageCount, total: raw.total } : page;
}

/**
 * Reshapes in slices (src/limits/slices.ts): every method is a generator, and a list yields
 * between its items once the pacer says the slice is spent.
 */
class Shaper {
  /** `ComponentBlocksQuote` -> `blocks.quote`. */
  private readonly componentByType: Map<string, string>;

  /** `plain`: entries as `{ id, ...attributes }` and relations without their `{ data }` wrapper. */
  constructor(private readonly model: ContentModel, private readonly pacer: Pacer, private readonly plain = false) {
    this.componentByType = new Map([...model.components.values()].map((c) => [componentTypeName(c), componentUid(c)]));
  }

  /** Each entry of a list, as {@link entry} shapes it. */
  *entries(owner: ContentType, selection: Selection, raw: unknown): Sliced<Json[]> {
    const out: Json[] = [];
    const flat = selection.populate.size === 0;
    for (const item of asList(raw)) {
      out.push(flat ? this.flatEntry(owner, selection, item) : yield* this.entry(owner, selection, item));
      if (this.pacer.tired()) yield;
    }
    return out;
  }

  /** `{ id, attributes }`, or `{ id, ...attributes }` in the plugins' plain format. */
  *entry(owner: ContentType, selection: Selection, raw: unknown): Sliced<Json> {
    if (selection.populate.size === 0) return this.flatEntry(owner, selection, raw);
    const entity = asRecord(raw);
    const attributes = yield* this.attributes(owner, selection, asRecord(entity.attributes), undefined, !this.plain);
    return this.plain ? { id: toId(entity.id), ...attributes } : reshaped(entity, attributes);
  }

  /** {@link entry} for a selection that populates nothing: no list below it, so nothing to slice. */
  private flatEntry(owner: ContentType, selection: Selection, raw: unknown): Json {
    const entity = asRecord(raw);
    if (this.plain) return { id: toId(entity.id), ...fieldValues(owner, selection, asRecord(entity.attributes)) };
    return reshaped(entity, fieldValues(owner, selection, asRecord(entity.attributes), undefined, true));
  }

  /**
   * `aliases`: the response names of fields selected under another name (see `zone-aliases.ts`).
   * `reuse`: the GraphQL result's object may become the answer's (see {@link fieldValues}).
   */
  private *attributes(owner: Owner, selection: Selection, raw: Json, aliases?: ReadonlyMap<string, string>, reuse = false): Sliced<Json> {
    const out = fieldValues(owner, selection, raw, aliases, reuse);
    for (const [name, node] of selection.populate) out[name] = yield* this.populated(node, raw[aliases?.get(name) ?? name]);
    return out;
  }

  /** A component item: `{ id, ...fields }`; `reuse` as for {@link attributes} (never for a dynamic zone's, which gets `__component`). */
  private *item(owner: Owner, selection: Selection, raw: unknown, aliases?: ReadonlyMap<string, string>, reuse = false): Sliced<Json> {
    const item = asRecord(raw);
    if (reuse && !this.plain && aliases === undefined) {
      // The item's selection set is `id` and then the attributes, as the answer orders them.
      const out = yield* this.attributes(owner, selection, item, undefined, true);
      out.id = toId(item.id);
      return out;
    }
    if (selection.populate.size === 0) return { id: toId(item.id), ...fieldValues(owner, selection, item, aliases) };
    return { id: toId(item.id), ...(yield* this.attributes(owner, selection, item, aliases)) };
  }

  private *items(owner: Owner, selection: Selection, raw: unknown): Sliced<Json[]> {
    const out: Json[] = [];
    for (const item of asList(raw)) {
      out.push(yield* this.item(owner, selection, item, undefined, true));
      if (this.pacer.tired()) yield;
    }
    return out;
  }

  private *populated(node: PopulateNode, raw: unknown): Sliced<unknown> {
    switch (node.kind) {
      case 'relation':
      case 'media': {
        const target = contentType(this.model, node.kind === 'media' ? MEDIA_UID : node.target);
        const data = asRecord(raw).data;
        const wrap = (value: unknown) => (this.plain ? value : { data: value });
        if (node.kind === 'relation' ? !node.toMany : !node.multiple) return wrap(data ? yield* this.entry(target, node.selection, data) : null);
        const entries = yield* this.entries(target, node.selection, data);
        // Strapi answers an empty multiple media field with `data: null`, an empty relation with `[]`.
        return wrap(node.kind === 'media' && entries.length === 0 ? null : entries);
      }
      case 'component': {
        const owner = component(this.model, node.component);
        if (node.repeatable) return yield* this.items(owner, node.selection, raw);
        return raw ? yield* this.item(owner, node.selection, raw, undefined, true) : null;
      }
      case 'dynamiczone': {
        const aliases = zoneAliases(this.model, node.parts);
        const out: Json[] = [];
        for (const part of asList(raw)) {
          const uid = this.componentByType.get(String(asRecord(part).__typename));
          const selection = uid === undefined ? undefined : node.parts.get(uid);
          if (uid === undefined || !selection) continue;
          const item = yield* this.item(component(this.model, uid), selection, part, aliases.get(uid));
          // Strapi lists a zone item's `id` before its `__component`.
          out.push({ id: item.id, __component: uid, ...item });
          if (this.pacer.tired()) yield;
        }
        return out;
      }
      default:
        return assertNever(node, 'populate node');
    }
  }
}

/**
 * The selected scalar fields of `raw`, as REST shows them (see {@link showValue}). With `reuse`,
 * and no alias, they are written over `raw` itself and `raw` is returned: a GraphQL result's
 * object is the request's own, made for this answer, and its selection set asked for exactly
 * these fields and then the populated ones, in the answer's order; so a large answer is not
 * copied object by object. An empty selection is answered `{}`: its selection set held only
 * `__typename`, which a selection set cannot be without.
 */
function fieldValues(owner: Owner, selection: Selection, raw: Json, aliases?: ReadonlyMap<string, string>, reuse = false): Json {
  const shown = showFields(owner, selection);
  // A document selecting more than is shown (`selected`) left fields in `raw` the answer has not.
  if (reuse && aliases === undefined && selection.selected === undefined) {
    if (selection.fields.length === 0 && selection.populate.size === 0) return {};
    for (let i = 0; i < shown.length; i++) {
      const [name, show] = shown[i];
      if (show) raw[name] = show(raw[name]);
    }
    return raw;
  }
  const out: Json = {};
  for (let i = 0; i < shown.length; i++) {
    const [name, show] = shown[i];
    const value = raw[aliases?.get(name) ?? name];
    out[name] = show ? show(value) : value;
  }
  return out;
}

/** The GraphQL entity `{ id, attributes }` as REST's: its id a number, its attributes shaped; the same object. */
function reshaped(entity: Json, attributes: Json): Json {
  entity.id = toId(entity.id);
  entity.attributes = attributes;
  return entity;
}

type Show = (value: unknown) => unknown;
const shownFields = new WeakMap<Selection, WeakMap<Owner, ReadonlyArray<readonly [string, Show | undefined]>>>();

/** Each selected field with how REST shows its value (none: as GraphQL answered it), made once per selection and owner. */
function showFields(owner: Owner, selection: Selection): ReadonlyArray<readonly [string, Show | undefined]> {
  let byOwner = shownFields.get(selection);
  if (!byOwner) shownFields.set(selection, (byOwner = new WeakMap()));
  let shown = byOwner.get(owner);
  if (!shown) {
    shown = selection.fields.map((name) => [name, showValue(owner, name)] as const);
    byOwner.set(owner, shown);
  }
  return shown;
}

/**
 * GraphQL serialises enumerations by value name, REST shows the stored value; GraphQL's Long is a
 * number where it is safe, REST's biginteger always its decimal string; GraphQL's DateTime is ISO
 * 8601, REST's timestamp epoch milliseconds as text (all as Strapi's REST answers).
 */
function showValue(owner: Owner, name: string): Show | undefined {
  const attribute = owner.attributes.get(name);
  if (attribute?.type === 'biginteger') return (value) => (value !== null && value !== undefined ? String(value) : value);
  if (attribute?.type === 'timestamp') return timestampText;
  if (attribute?.type !== 'enumeration') return undefined;
  const stored = storedEnumValues(attribute);
  return (value) => (typeof value === 'string' ? stored.get(value) ?? value : value);
}

const enumValues = new WeakMap<object, Map<string, string>>();

/** An enumeration's GraphQL value names -> its stored values, made once per attribute. */
function storedEnumValues(attribute: { values: readonly string[] }): Map<string, string> {
  let values = enumValues.get(attribute);
  if (!values) {
    values = new Map();
    // The first stored value of a name wins, as a search in declaration order would find it.
    for (const stored of attribute.values) if (!values.has(enumValueName(stored))) values.set(enumValueName(stored), stored);
    enumValues.set(attribute, values);
  }
  return values;
}

/** GraphQL ids are strings; REST ids are integers. */
function toId(id: unknown): unknown {
  return typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
}

function asRecord(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
