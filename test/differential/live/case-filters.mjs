// A generated case (REST path or GraphQL document) -> the content-type it reads, and every filter
// object it sends (the root's, a populated or selected relation's, a repeatable component's), each
// with the content-type or component it filters, so a deviation can tell which relations its
// filters go through. Our own reading of the requests; no server is asked.
import { Kind, parse, valueFromASTUntyped } from 'graphql';
import qs from 'qs';
import { MEDIA_UID, gqlComponentName, gqlQueryName } from './model.mjs';

const LOGICAL = new Set(['$and', '$or', '$not', 'and', 'or', 'not']);

/** The content-type a case reads and, for GraphQL, its root field. */
export function rootOf(c, model) {
  if (c.path) {
    const name = /^\/api\/([^/?]+)/.exec(c.path)?.[1];
    const t = [...model.types.values()].find((x) => x.pluralName === name || (x.kind === 'singleType' && x.singularName === name));
    return t && { uid: t.uid };
  }
  const field = /^\s*(?:query\b[^{]*)?\{\s*(\w+)/.exec(c.graphql)?.[1];
  for (const t of model.types.values()) {
    if (t.source !== 'api') continue;
    if (gqlQueryName(model, t.uid, true) === field || gqlQueryName(model, t.uid, false) === field) return { uid: t.uid, field };
  }
  return undefined;
}

/** Every filter object of the case: `{ uid, filters, populated }` (`populated`: below the root). */
export function caseFilters(c, model) {
  const root = rootOf(c, model);
  if (!root) return [];
  return c.path ? restFilters(c.path, root.uid, model) : graphqlFilters(c, root.uid, model);
}

/** The relations (`{ name, target }`) a filter object goes through, at any depth. */
export function relationsIn(filters, uid, model, into = []) {
  if (Array.isArray(filters)) filters.forEach((f) => relationsIn(f, uid, model, into));
  else if (filters !== null && typeof filters === 'object') {
    const attributes = ownerOf(model, uid)?.attributes ?? {};
    for (const [key, value] of Object.entries(filters)) {
      const a = attributes[key];
      if (LOGICAL.has(key)) relationsIn(value, uid, model, into);
      else if (a?.type === 'relation') {
        into.push({ name: key, target: a.target });
        relationsIn(value, a.target, model, into);
      } else if (a?.type === 'component') relationsIn(value, a.component, model, into);
    }
  }
  return into;
}

const ownerOf = (model, uid) => model.types.get(uid) ?? model.components.get(uid);
const targetOf = (a) => (a.type === 'media' ? MEDIA_UID : a.target);

// ---- REST ---------------------------------------------------------------------------------------
function restFilters(path, uid, model) {
  const query = qs.parse(path.split('?')[1] ?? '', { depth: 100, arrayLimit: 1000 });
  const found = query.filters ? [{ uid, filters: query.filters, populated: false }] : [];
  populateFilters(query.populate, uid, model, found);
  return found;
}

/** The filters of a `populate` object's nodes (the string and list forms have none). */
function populateFilters(populate, uid, model, into) {
  if (populate === null || typeof populate !== 'object' || Array.isArray(populate)) return;
  const attributes = ownerOf(model, uid)?.attributes ?? {};
  for (const [name, node] of Object.entries(populate)) {
    const a = attributes[name];
    if (!a || node === null || typeof node !== 'object') continue;
    if (a.type === 'relation' || a.type === 'media') {
      if (node.filters) into.push({ uid: targetOf(a), filters: node.filters, populated: true });
      populateFilters(node.populate, targetOf(a), model, into);
    } else if (a.type === 'component') populateFilters(node.populate, a.component, model, into);
    else if (a.type === 'dynamiczone') for (const [part, partNode] of Object.entries(node.on ?? {})) populateFilters(partNode?.populate, part, model, into);
  }
}

// ---- GraphQL ------------------------------------------------------------------------------------
function graphqlFilters(c, uid, model) {
  const operation = parse(c.graphql).definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  const root = operation?.selectionSet.selections.find((s) => s.kind === Kind.FIELD);
  if (!root) return [];
  const into = [];
  fieldFilters(root, uid, { model, variables: c.variables ?? {}, into }, false);
  return into;
}

/** A field's `filters` argument, then those of the fields it selects, on `uid` (what it answers). */
function fieldFilters(field, uid, walk, populated) {
  const filters = field.arguments?.find((a) => a.name.value === 'filters');
  if (filters) walk.into.push({ uid, filters: valueFromASTUntyped(filters.value, walk.variables), populated });
  if (field.selectionSet) selectionFilters(field.selectionSet, uid, walk);
}

/** The filters below a selection set of `uid`'s entries (`data`, `attributes`) or items. */
function selectionFilters(selectionSet, uid, walk) {
  const attributes = ownerOf(walk.model, uid)?.attributes ?? {};
  for (const s of selectionSet.selections) {
    if (s.kind === Kind.INLINE_FRAGMENT) {
      const part = [...walk.model.components.keys()].find((key) => gqlComponentName(key) === s.typeCondition?.name.value);
      selectionFilters(s.selectionSet, part ?? uid, walk);
      continue;
    }
    if (s.kind !== Kind.FIELD || !s.selectionSet) continue;
    const name = s.name.value;
    const a = name === 'localizations' ? { type: 'relation', target: uid } : attributes[name];
    if (name === 'data' || name === 'attributes') selectionFilters(s.selectionSet, uid, walk);
    else if (a?.type === 'relation' || a?.type === 'media') fieldFilters(s, targetOf(a), walk, true);
    else if (a?.type === 'component') fieldFilters(s, a.component, walk, true);
    else if (a?.type === 'dynamiczone') selectionFilters(s.selectionSet, uid, walk);
  }
}
