// Raw `populate` syntax (qs output) -> what it asks of each attribute, whatever the form:
// `*`, `a,b`, `a.b.c` dot paths, the array form, the object form; and several asks of one
// attribute merged. `validate-populate.ts` checks the names and builds the tree.
import { isScalar } from '../model/types.ts';
import { invalidValue, isRecord} from './attributes.ts';
import { type AttributeOf, type Owner, isContentType } from '../model/fields.ts';

/** What one populate entry asks of one attribute: its defaults, the object form, or the rest of a dot path. */
export type Request = true | Record<string, unknown> | DotPath;

/** `b.c` of a dot path `a.b.c`: asks `a` to populate `b.c`. */
export class DotPath {
  constructor(readonly rest: string) {}
}

/** Adds to `into` what `raw` asks of each attribute name, whatever the syntax used. */
export function collect(raw: unknown, owner: Owner, parameter: string, into: Map<string, Request[]>, attributeOf: AttributeOf): void {
  const add = (name: string, request: Request) => into.set(name, [...(into.get(name) ?? []), request]);
  if (raw === undefined) return;
  if (typeof raw === 'string') {
    for (const path of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
      if (path === '*') {
        for (const name of populatableNames(owner, attributeOf)) add(name, true);
        continue;
      }
      const [head, ...rest] = path.split('.');
      add(head, rest.length === 0 ? true : new DotPath(rest.join('.')));
    }
  } else if (Array.isArray(raw)) {
    raw.forEach((item, i) => collect(item, owner, `${parameter}[${i}]`, into, attributeOf));
  } else if (isRecord(raw)) {
    const populatable = new Set(populatableNames(owner, attributeOf));
    for (const [name, value] of Object.entries(raw)) {
      // Strapi ignores keys that name nothing to populate (`populate[author][populate][fields]`), whatever they hold.
      if (!populatable.has(name)) continue;
      const request = toRequest(value, `${parameter}[${name}]`);
      if (request) add(name, request);
    }
  } else {
    throw invalidValue(parameter, 'a field name, a list of them, an object, or *', raw);
  }
}

/**
 * `populate[a]=false` (or `f`, `0`) asks for nothing, an object for more, and any other text —
 * `true`, `*`, … — for the defaults, as Strapi v4 reads it.
 */
function toRequest(value: unknown, parameter: string): Request | undefined {
  if (isRecord(value)) return value;
  if (typeof value === 'string') return FALSE.has(value.toLowerCase()) ? undefined : true;
  throw invalidValue(parameter, 'true, false, * or an object', value);
}

const FALSE = new Set(['false', 'f', '0']);

/** The attributes `*` populates: relations, media, components, dynamic zones, localizations. */
function populatableNames(owner: Owner, attributeOf: AttributeOf): string[] {
  const names = [...owner.attributes.keys()].filter((name) => {
    const attribute = attributeOf(owner, name);
    return attribute !== undefined && !isScalar(attribute);
  });
  return isContentType(owner) && owner.localized ? [...names, 'localizations'] : names;
}

/** The merged object forms asked of one attribute. */
export interface Merged {
  fields?: unknown;
  filters?: unknown;
  sort?: unknown;
  populate: unknown[];
  on: Map<string, Request[]>;
}

/**
 * Several asks of one attribute as one. The rests of dot paths come before the other asks, the
 * last asked first: Strapi v4 orders an attribute's populated children that way (asked of a real
 * v4.25: `populate=seo.shareImage,seo.socialCards` lists `socialCards` before `shareImage`; one
 * level down the order turns again, as each level reverses the paths it hands on).
 */
export function merge(requests: readonly Request[]): Merged {
  const merged: Merged = { populate: [], on: new Map() };
  for (const request of requests) if (request instanceof DotPath) merged.populate.unshift(request.rest);
  for (const request of requests) {
    if (request === true || request instanceof DotPath) continue;
    if (request.fields !== undefined) merged.fields = request.fields;
    if (request.filters !== undefined) merged.filters = request.filters;
    if (request.sort !== undefined) merged.sort = request.sort;
    if (request.populate !== undefined) merged.populate.push(request.populate);
    if (isRecord(request.on)) {
      for (const [uid, value] of Object.entries(request.on)) {
        const part = toRequest(value, `on[${uid}]`);
        if (part) merged.on.set(uid, [...(merged.on.get(uid) ?? []), part]);
      }
    }
  }
  return merged;
}
