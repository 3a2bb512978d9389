// A case's two list answers -> the gateway's answer without the root entries it adds only because a
// relation the root filters on holds nothing but drafts for them (from the seed): in the live
// state the gateway sees no related entry there, so a filter an empty relation passes (`null: true`,
// `not`) matches, where Strapi's relation filters see the drafts. Our reading of the request.
import { caseFilters, rootOf } from './case-filters.mjs';

const LOGICAL = new Set(['and', 'or', 'not']);

/** [want, got without those entries], or undefined when some extra entry is not explained so. */
export function withoutDraftOnlyMatches(c, want, got, ctx) {
  const root = rootOf(c, ctx.model);
  const [wanted, answered] = [rootEntries(c, want), rootEntries(c, got)];
  if (!root || !wanted || !answered || !ctx.entries) return undefined;
  const wantedIds = new Set(wanted.map((e) => String(e.id)));
  const answeredIds = new Set(answered.map((e) => String(e.id)));
  if ([...wantedIds].some((id) => !answeredIds.has(id))) return undefined;
  const extra = answered.filter((e) => !wantedIds.has(String(e.id)));
  const names = filteredRelations(c, root.uid, ctx);
  if (!extra.length || !extra.every((e) => names.some((n) => onlyDrafts(root.uid, Number(e.id), n, ctx)))) return undefined;
  return [want, withEntries(c, got, answered.filter((e) => wantedIds.has(String(e.id))), extra.length)];
}

/** The root's entries in an answer: REST's `data`, GraphQL's first root field's `data`. */
function rootEntries(c, answer) {
  const data = c.path ? answer.body?.data : Object.values(answer.body?.data ?? {})[0]?.data;
  return Array.isArray(data) ? data : undefined;
}

/** The answer with these root entries, its total (where it says one) lowered by `removed`. */
function withEntries(c, answer, entries, removed) {
  const a = structuredClone(answer);
  const holder = c.path ? a.body : Object.values(a.body.data)[0];
  holder.data = entries;
  const pagination = holder.meta?.pagination;
  if (pagination && typeof pagination.total === 'number') {
    pagination.total -= removed;
    if (pagination.pageSize) pagination.pageCount = Math.ceil(pagination.total / pagination.pageSize);
  }
  return a;
}

/** The root's relations to a type with drafts that its own filters name (through `and`, `or`, `not`). */
function filteredRelations(c, uid, ctx) {
  const attributes = ctx.model.types.get(uid)?.attributes ?? {};
  const names = new Set();
  const walk = (filters) => {
    if (Array.isArray(filters)) return filters.forEach(walk);
    if (filters === null || typeof filters !== 'object') return;
    for (const [key, value] of Object.entries(filters)) {
      if (LOGICAL.has(key) || LOGICAL.has(key.replace(/^\$/, ''))) walk(value);
      else if (attributes[key]?.type === 'relation' && ctx.drafts.get(attributes[key].target)?.size > 0) names.add(key);
    }
  };
  for (const f of caseFilters(c, ctx.model)) if (!f.populated && f.uid === uid) walk(f.filters);
  return [...names];
}

/** Whether the seed relates the entry, through `name`, to at least one entry, all of them drafts. */
function onlyDrafts(uid, id, name, ctx) {
  const a = ctx.model.types.get(uid).attributes[name];
  const drafts = ctx.drafts.get(a.target);
  const ids = (value) => (Array.isArray(value) ? value : value == null ? [] : [value]).map((v) => Number(typeof v === 'object' ? v.id : v));
  const related = a.mappedBy
    ? (ctx.entries[a.target] ?? []).filter((e) => ids(e[a.mappedBy]).includes(id)).map((e) => Number(e.id))
    : ids((ctx.entries[uid] ?? []).find((e) => Number(e.id) === id)?.[name]);
  return related.length > 0 && related.every((r) => drafts.has(r));
}
