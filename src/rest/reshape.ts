// GraphQL result data -> Strapi v4's REST body: `{ data, meta }` with integer ids, `{ data }`
// wrappers for relations and media, inline components, `__component` in dynamic zones, and
// enumeration values as stored. Driven by the RestQuery, so only what was asked is returned.
import { componentTypeName, componentUid, enumValueName } from '../model/naming.ts';
import { MEDIA_UID, assertNever, component, contentType } from '../model/types.ts';
import type { ContentModel, ContentType } from '../model/types.ts';
import type { Owner } from './attributes.ts';
import type { Pagination, PopulateNode, RestQuery, Selection } from './query.ts';
import { zoneAliases } from './zone-aliases.ts';

type Json = Record<string, unknown>;

export interface RestBody {
  data: unknown;
  meta: Json;
}

/** A page of entries: `{ data: [...], meta: { pagination } }`. */
export function reshapeCollection(model: ContentModel, target: ContentType, query: RestQuery, root: unknown): RestBody {
  const shaper = new Shaper(model);
  const response = asRecord(root);
  return {
    data: asList(response.data).map((item) => shaper.entry(target, query.selection, item)),
    meta: { pagination: paginationMeta(query.pagination, asRecord(asRecord(response.meta).pagination)) },
  };
}

/** A localized single type in every locale: `{ data: [...], meta: {} }`, as Strapi answers `locale=all`. */
export function reshapeEveryLocale(model: ContentModel, target: ContentType, query: RestQuery, root: unknown): RestBody {
  const shaper = new Shaper(model);
  return { data: asList(asRecord(root).data).map((item) => shaper.entry(target, query.selection, item)), meta: {} };
}

/** One entry: `{ data: { id, attributes }, meta: {} }`, or `data: null` when there is none. */
export function reshapeEntry(model: ContentModel, target: ContentType, query: RestQuery, root: unknown): RestBody {
  const found = asRecord(root).data;
  return { data: found ? new Shaper(model).entry(target, query.selection, found) : null, meta: {} };
}

/**
 * The upload and users-permissions plugins' own format: plain `{ id, name, …, createdAt }`
 * objects, related entries plain too (`reviews: [{ id, … }]`, `picture: { id, … }`).
 */
export function reshapePlain(model: ContentModel, target: ContentType, query: RestQuery, root: unknown): unknown {
  const shaper = new Shaper(model, true);
  const found = asRecord(root).data;
  if (Array.isArray(found)) return found.map((item) => shaper.plainEntry(target, query.selection, item));
  return found ? shaper.plainEntry(target, query.selection, found) : null;
}

function paginationMeta(pagination: Pagination, raw: Json): Json {
  if (pagination.kind === 'offset') {
    const echo = { start: pagination.start, limit: pagination.limit };
    return pagination.withCount ? { ...echo, total: raw.total } : echo;
  }
  const page = { page: raw.page, pageSize: raw.pageSize };
  return pagination.withCount ? { ...page, pageCount: raw.pageCount, total: raw.total } : page;
}

class Shaper {
  /** `ComponentBlocksQuote` -> `blocks.quote`. */
  private readonly componentByType: Map<string, string>;

  /** `plain`: entries as `{ id, ...attributes }` and relations without their `{ data }` wrapper. */
  constructor(private readonly model: ContentModel, private readonly plain = false) {
    this.componentByType = new Map([...model.components.values()].map((c) => [componentTypeName(c), componentUid(c)]));
  }

  entry(owner: ContentType, selection: Selection, raw: unknown): { id: unknown; attributes: Json } {
    const entity = asRecord(raw);
    return { id: toId(entity.id), attributes: this.attributes(owner, selection, asRecord(entity.attributes)) };
  }

  plainEntry(owner: ContentType, selection: Selection, raw: unknown): Json {
    const { id, attributes } = this.entry(owner, selection, raw);
    return { id, ...attributes };
  }

  /** `aliases`: the response names of fields selected under another name (see `zone-aliases.ts`). */
  private attributes(owner: Owner, selection: Selection, raw: Json, aliases: ReadonlyMap<string, string> = new Map()): Json {
    const out: Json = {};
    const read = (name: string) => raw[aliases.get(name) ?? name];
    for (const name of selection.fields) out[name] = storedValue(owner, name, read(name));
    for (const [name, node] of selection.populate) out[name] = this.populated(node, read(name));
    return out;
  }

  private item(owner: Owner, selection: Selection, raw: unknown, aliases?: ReadonlyMap<string, string>): Json {
    const item = asRecord(raw);
    return { id: toId(item.id), ...this.attributes(owner, selection, item, aliases) };
  }

  private populated(node: PopulateNode, raw: unknown): unknown {
    switch (node.kind) {
      case 'relation':
      case 'media': {
        const target = contentType(this.model, node.kind === 'media' ? MEDIA_UID : node.target);
        const data = asRecord(raw).data;
        const shape = (item: unknown) => (this.plain ? this.plainEntry(target, node.selection, item) : this.entry(target, node.selection, item));
        const wrap = (value: unknown) => (this.plain ? value : { data: value });
        if (node.kind === 'relation' ? !node.toMany : !node.multiple) return wrap(data ? shape(data) : null);
        const entries = asList(data).map(shape);
        // Strapi answers an empty multiple media field with `data: null`, an empty relation with `[]`.
        return wrap(node.kind === 'media' && entries.length === 0 ? null : entries);
      }
      case 'component': {
        const owner = component(this.model, node.component);
        if (node.repeatable) return asList(raw).map((item) => this.item(owner, node.selection, item));
        return raw ? this.item(owner, node.selection, raw) : null;
      }
      case 'dynamiczone': {
        const aliases = zoneAliases(this.model, node.parts);
        return asList(raw).flatMap((raw) => {
          const uid = this.componentByType.get(String(asRecord(raw).__typename));
          const part = uid === undefined ? undefined : node.parts.get(uid);
          if (uid === undefined || !part) return [];
          return [{ __component: uid, ...this.item(component(this.model, uid), part, raw, aliases.get(uid)) }];
        });
      }
      default:
        return assertNever(node, 'populate node');
    }
  }
}

/**
 * GraphQL serialises enumerations by value name, REST shows the stored value; GraphQL's Long is a
 * number where it is safe, REST's biginteger always its decimal string (as Strapi's REST answers).
 */
function storedValue(owner: Owner, name: string, value: unknown): unknown {
  const attribute = owner.attributes.get(name);
  if (attribute?.type === 'biginteger' && value !== null && value !== undefined) return String(value);
  if (attribute?.type !== 'enumeration' || typeof value !== 'string') return value;
  return attribute.values.find((stored) => enumValueName(stored) === value) ?? value;
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
