// Generates N reproducible requests a Strapi v4 client would send to a model (schema folder +
// seed): REST `/api/...` with every populate / fields / filters / sort / pagination / locale /
// publicationState form of shared/spec, find-one and single types, and GraphQL queries of the same
// kinds. Filter values come from the seed, so most filters match something.
//
// A case is { name, category, path } (GET) or { name, category, graphql, variables? } (POST /graphql),
// the shape shared/conformance/conformance.mjs reads.
import fs from 'node:fs';
import { makeRng } from './rng.mjs';
import {
  loadModel, MEDIA_UID, ROLE_UID, isSelectable, isRelation, isMedia, isComponent, isDynamicZone, isToMany,
  gqlTypeName, gqlComponentName, gqlQueryName,
} from './model.mjs';

// Relative weights of the categories (REST first, then GraphQL).
export const CATEGORIES = [
  ['rest-default', 3], ['rest-fields', 5], ['rest-populate-star', 4], ['rest-populate-array', 6],
  ['rest-populate-deep', 7], ['rest-populate-dot', 4], ['rest-populate-dz', 6], ['rest-populate-fields', 4],
  ['rest-populate-filters', 4], ['rest-populate-sort', 4], ['rest-filters', 12], ['rest-filter-relation', 5],
  ['rest-sort', 5], ['rest-pagination', 4], ['rest-locale', 4], ['rest-preview', 3], ['rest-find-one', 5],
  ['rest-single-type', 4], ['rest-errors', 2],
  ['gql-collection', 5], ['gql-entry', 3], ['gql-single-type', 2], ['gql-relations', 5], ['gql-components', 3],
  ['gql-dz', 3], ['gql-filters', 9], ['gql-locale', 2],
];

export function generateCases({ schema, seed, n = 400, rand = 1 }) {
  const model = loadModel(schema);
  const data = JSON.parse(fs.readFileSync(seed, 'utf8'));
  const rng = makeRng(rand);
  const g = makeGenerator(model, data, rng);
  const cases = [];
  const seen = new Set();
  let attempts = 0;
  while (cases.length < n && attempts < n * 20) {
    attempts++;
    const category = rng.weighted(CATEGORIES.map(([c, w]) => [w, c]));
    g.epochDates.used = false;
    const c = g[category]();
    if (!c) continue;
    // Cases whose filters give a date as epoch milliseconds are marked: diff.mjs counts them apart.
    if (g.epochDates.used) c.epochMs = true;
    const key = c.path ?? JSON.stringify([c.graphql, c.variables]);
    if (seen.has(key)) continue;
    seen.add(key);
    cases.push({ name: `${category}-${String(cases.length + 1).padStart(4, '0')}`, category, ...c });
  }
  return cases;
}

// ---- query strings --------------------------------------------------------------------------
/** qs-style LHS bracket notation, values percent-encoded (what `qs.stringify(q, { encodeValuesOnly: true })` sends). */
function flatten(prefix, value, out) {
  if (Array.isArray(value)) value.forEach((v, i) => flatten(`${prefix}[${i}]`, v, out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(prefix ? `${prefix}[${k}]` : k, v, out);
  else out.push(`${prefix}=${encodeURIComponent(String(value))}`);
  return out;
}
const queryString = (q) => { const s = flatten('', q, []).join('&'); return s ? `?${s}` : ''; };

function makeGenerator(model, data, rng) {
  const P = data.roles?.public ?? { find: [], findOne: [] };
  const canFind = (uid) => (P.find ?? []).includes(uid);
  const canFindOne = (uid) => (P.findOne ?? []).includes(uid);
  const types = [...model.types.values()];
  const apiTypes = types.filter((t) => t.source === 'api');
  const collections = apiTypes.filter((t) => t.kind === 'collectionType');
  const singles = apiTypes.filter((t) => t.kind === 'singleType');
  const localizedModel = types.some((t) => t.localized);
  const locales = (data.locales ?? []).map((l) => l.code);
  const entriesOf = (uid) => (uid === MEDIA_UID ? data.media ?? [] : data.entries?.[uid] ?? []);
  const type = (uid) => model.types.get(uid);
  const attrsOf = (uid) => (model.types.get(uid) ?? model.components.get(uid))?.attributes ?? {};
  // Relations a client can use: not to users-permissions' roles, not to unknown types, and not a
  // `mappedBy` naming no attribute of the target (FoodAdvisor's user.articles: Strapi answers 500).
  const known = (a) => !(isRelation(a) && (a.target === ROLE_UID || !model.types.has(a.target)
    || (a.mappedBy && !(a.mappedBy in model.types.get(a.target).attributes))));

  const pickRoot = (list = collections) => {
    if (!list.length) return undefined;
    const readable = list.filter((t) => canFind(t.uid));
    if (!readable.length || rng.chance(0.04)) return rng.pick(list);
    return rng.pick(readable);
  };
  const scalarNames = (uid) => Object.values(attrsOf(uid)).filter(isSelectable).map((a) => a.name);
  const populatable = (uid) => Object.values(attrsOf(uid)).filter((a) => (isRelation(a) || isMedia(a) || isComponent(a) || isDynamicZone(a)) && known(a));
  const systemFields = (uid) => {
    const t = type(uid);
    if (!t) return [];
    return ['createdAt', 'updatedAt', ...(t.draftAndPublish ? ['publishedAt'] : []), ...(t.localized ? ['locale'] : [])];
  };
  const pickFields = (uid, { system = 0.25 } = {}) => {
    const names = scalarNames(uid);
    const chosen = rng.sample(rng.shuffle(names), rng.int(1, Math.min(3, Math.max(1, names.length))));
    if (rng.chance(system)) chosen.push(rng.pick(systemFields(uid).length ? systemFields(uid) : ['createdAt']));
    return chosen.length ? chosen : names.slice(0, 1);
  };
  const relationsOf = (uid, toMany) => Object.values(attrsOf(uid)).filter((a) => isRelation(a) && known(a) && (toMany === undefined || isToMany(a) === toMany));

  // ---- values from the seed --------------------------------------------------------------------
  function valuesOf(uid, name) {
    const out = [];
    const visit = (v) => { if (v !== null && v !== undefined && typeof v !== 'object') out.push(v); };
    for (const e of entriesOf(uid)) {
      if (name === 'id') visit(e.id);
      else visit(e[name]);
    }
    return out;
  }
  const fallback = (a) => ({ integer: 7, biginteger: '12', float: 1.5, decimal: 2.5, boolean: true, date: '2024-01-15', time: '12:00:00.000', datetime: '2024-01-15T00:00:00.000Z' }[a.type] ?? 'zzz');
  const swapCase = (s) => [...s].map((ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())).join('');
  const piece = (s) => { const w = String(s).split(/\s+/).filter(Boolean); const word = rng.pick(w.length ? w : [String(s)]); const a = rng.int(0, Math.max(0, word.length - 3)); return word.slice(a, a + rng.int(2, 4)); };

  const STRINGY = new Set(['string', 'text', 'richtext', 'email', 'uid', 'enumeration']);
  const NUMBERY = new Set(['integer', 'biginteger', 'float', 'decimal']);
  const DATEY = new Set(['date', 'datetime', 'time', 'timestamp']);
  /** One operator condition on attribute `a` of `uid`: [op, value] in REST form. */
  /** Operators `a` accepts (REST names). */
  function operatorsFor(a) {
    if (a.name === 'id') return ['$eq', '$ne', '$in', '$notIn', '$lt', '$lte', '$gt', '$gte', '$between', '$null', '$notNull'];
    if (STRINGY.has(a.type)) return ['$eq', '$eqi', '$ne', '$nei', '$contains', '$notContains', '$containsi', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi', '$in', '$notIn', '$null', '$notNull', '$lt', '$lte', '$gt', '$gte', '$between'];
    if (NUMBERY.has(a.type)) return ['$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$between', '$null', '$notNull'];
    if (DATEY.has(a.type)) return ['$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$between', '$null', '$notNull'];
    if (a.type === 'boolean') return ['$eq', '$ne', '$null', '$notNull'];
    return ['$null', '$notNull'];
  }
  // Some cases take the next item of a list instead of a random one, so that every operator and
  // every form appears in a few hundred cases.
  const turns = new Map();
  const rotate = (key, list) => { const i = turns.get(key) ?? 0; turns.set(key, i + 1); return list[i % list.length]; };
  const ALL_OPERATORS = ['$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$contains', '$notContains',
    '$containsi', '$notContainsi', '$null', '$notNull', '$between', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi', '$or', '$and', '$not'];
  /** A filters object on `uid` using operator `op` (a logical one combines two random conditions). */
  function filterWith(uid, op) {
    if (op === '$not') return { $not: filterObject(uid, 1, { relations: 0, logic: 0 }) };
    if (op === '$or' || op === '$and') return { [op]: [filterObject(uid, 1, { relations: 0, logic: 0 }), filterObject(uid, 1, { relations: 0, logic: 0 })] };
    const fits = filterable(uid).filter((a) => operatorsFor(a).includes(op));
    if (!fits.length) return filterObject(uid, 0, { relations: 0, logic: 0 });
    const a = rng.pick(fits);
    const [, value] = condition(uid, a, op);
    return { [a.name]: { [op]: value } };
  }
  /** Filters on a `date`, `datetime` or `timestamp` give their dates as epoch milliseconds this often (what `date.getTime()` sends). */
  const EPOCH_SHARE = 0.6;
  const EPOCH_KINDS = new Set(['date', 'datetime', 'timestamp']);
  const epochDates = { used: false };
  const asEpoch = (x) => (typeof x === 'string' && !Number.isNaN(Date.parse(x)) ? Date.parse(x) : x);
  /** `condition` with, for a date kind, its dates given as epoch milliseconds at times. */
  function condition(uid, a, forced) {
    const [op, value] = dateCondition(uid, a, forced);
    if (!EPOCH_KINDS.has(a.type) || op === '$null' || op === '$notNull' || !rng.chance(EPOCH_SHARE)) return [op, value];
    epochDates.used = true;
    return [op, Array.isArray(value) ? value.map(asEpoch) : asEpoch(value)];
  }
  function dateCondition(uid, a, forced) {
    const vals = a.name === 'id' ? valuesOf(uid, 'id') : valuesOf(uid, a.name);
    const v = vals.length ? rng.pick(vals) : fallback(a);
    const two = () => { const w = vals.length ? rng.pick(vals) : v; return [v, w]; };
    const op = forced ?? rng.pick(operatorsFor(a));
    switch (op) {
      case '$eqi': case '$nei': return [op, swapCase(String(v))];
      case '$contains': case '$notContains': return [op, piece(v)];
      case '$containsi': case '$notContainsi': return [op, swapCase(piece(v))];
      case '$startsWith': return [op, String(v).slice(0, rng.int(1, 4))];
      case '$startsWithi': return [op, swapCase(String(v).slice(0, rng.int(1, 4)))];
      case '$endsWith': return [op, String(v).slice(-rng.int(1, 4))];
      case '$endsWithi': return [op, swapCase(String(v).slice(-rng.int(1, 4)))];
      case '$in': case '$notIn': return [op, [...new Set(two())]];
      case '$between': return [op, two().sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))];
      case '$null': return [op, rng.pick([true, false])];
      case '$notNull': return [op, rng.pick([true, false])];
      default: return [op, v];
    }
  }
  const filterable = (uid) => [{ name: 'id', type: 'integer' }, ...Object.values(attrsOf(uid)).filter((a) => isSelectable(a) && a.type !== 'json')];
  /** A filters object on `uid`: one condition, a relation path, or a logical combination. */
  function filterObject(uid, depth = 0, { relations = 0.2, logic = 0.2 } = {}) {
    const rels = relationsOf(uid).filter((a) => a.target !== MEDIA_UID);
    if (depth < 2 && rels.length && rng.chance(relations)) {
      const r = rng.pick(rels);
      return { [r.name]: filterObject(r.target, depth + 1, { relations: 0.25, logic: 0.1 }) };
    }
    if (depth < 2 && rng.chance(logic)) {
      const kind = rng.pick(['$or', '$and', '$not']);
      if (kind === '$not') return { $not: filterObject(uid, depth + 1, { relations: 0, logic: 0 }) };
      return { [kind]: [filterObject(uid, depth + 1, { relations: 0.1, logic: 0 }), filterObject(uid, depth + 1, { relations: 0.1, logic: 0 })] };
    }
    const a = rng.pick(filterable(uid));
    const [op, value] = condition(uid, a);
    return { [a.name]: { [op]: value } };
  }
  const sortable = (uid) => Object.values(attrsOf(uid)).filter((a) => isSelectable(a) && a.type !== 'json' && a.type !== 'richtext').map((a) => a.name);
  function sortValue(uid, { allowString = true } = {}) {
    const names = [...sortable(uid), 'id', ...(type(uid)?.draftAndPublish ? ['publishedAt'] : [])];
    const k = rng.weighted([[6, 1], [3, 2], [1, 3]]);
    const items = rng.sample(rng.shuffle(names), k).map((f) => rng.weighted([[4, `${f}:asc`], [4, `${f}:desc`], [1, f], [1, `${f}:DESC`]]));
    if (k === 1 && allowString && rng.chance(0.5)) return items[0];
    return items;
  }

  // ---- populate --------------------------------------------------------------------------------
  /** A populate value for the attributes of `uid` (a content-type or a component), `depth` levels deep at most. */
  function populateFor(uid, depth, { star = 0.15 } = {}) {
    const attrs = populatable(uid);
    if (!attrs.length || rng.chance(star)) return '*';
    const chosen = rng.sample(rng.shuffle(attrs), rng.weighted([[5, 1], [3, 2], [1, 3]]));
    if (depth <= 1 || rng.chance(0.3)) return chosen.map((a) => a.name);
    const out = {};
    for (const a of chosen) out[a.name] = populateEntry(a, depth - 1);
    return out;
  }
  /** The value under populate[<a>] in object form. */
  function populateEntry(a, depth) {
    if (isDynamicZone(a)) return dzEntry(a, depth);
    if (isComponent(a)) {
      if (depth <= 0 || !populatable(a.component).length) return rng.chance(0.5) ? true : { populate: '*' };
      return rng.chance(0.7) ? { populate: populateFor(a.component, depth) } : { fields: pickFields(a.component, { system: 0 }) };
    }
    const target = isMedia(a) ? MEDIA_UID : a.target;
    const entry = {};
    if (isMedia(a)) {
      if (rng.chance(0.5)) entry.fields = rng.sample(rng.shuffle(['url', 'name', 'width', 'height', 'mime', 'alternativeText', 'formats']), rng.int(1, 3));
      return Object.keys(entry).length ? entry : true;
    }
    if (rng.chance(0.4)) entry.fields = pickFields(target, { system: 0.1 });
    if (isToMany(a) && rng.chance(0.3)) entry.filters = filterObject(target, 1, { relations: 0.1, logic: 0.1 });
    if (isToMany(a) && rng.chance(0.3)) entry.sort = sortValue(target, { allowString: false });
    if (depth > 0 && populatable(target).length && rng.chance(0.6)) entry.populate = populateFor(target, depth);
    return Object.keys(entry).length ? entry : rng.chance(0.5) ? true : { populate: '*' };
  }
  function dzEntry(a, depth) {
    const mode = rng.weighted([[2, 'shared'], [3, 'detailed'], [1, 'true']]);
    if (mode === 'true') return true;
    if (mode === 'shared') return { populate: '*' };
    const on = {};
    for (const c of rng.sample(rng.shuffle(a.components), rng.int(1, Math.min(3, a.components.length)))) {
      const attrs = populatable(c);
      on[c] = !attrs.length || rng.chance(0.35) ? { populate: '*' } : { populate: depth > 0 ? populateFor(c, depth, { star: 0.1 }) : attrs.map((x) => x.name).slice(0, 2) };
      if (rng.chance(0.15)) on[c].fields = pickFields(c, { system: 0 });
    }
    return { on };
  }
  /** Dot paths into components (and through them), e.g. seo.metaSocial, information.location. */
  function dotPaths(uid) {
    const out = [];
    const walk = (compUid, prefix, depth) => {
      for (const a of populatable(compUid)) {
        if (isDynamicZone(a)) continue;
        const p = `${prefix}.${a.name}`;
        out.push(p);
        if (isComponent(a) && depth < 3) walk(a.component, p, depth + 1);
      }
    };
    for (const a of populatable(uid)) if (isComponent(a)) walk(a.component, a.name, 1);
    return out;
  }

  // ---- REST cases ------------------------------------------------------------------------------
  const listPath = (t) => (t.kind === 'singleType' ? `/api/${t.singularName}` : `/api/${t.pluralName}`);
  const rest = (t, q, suffix = '') => ({ path: `${listPath(t)}${suffix}${queryString(q)}` });
  const maybe = (q, key, p, make) => { if (rng.chance(p)) q[key] = make(); return q; };
  const smallFields = (t, q) => maybe(q, 'fields', 0.7, () => pickFields(t.uid, { system: 0.1 }));
  const rootType = () => (rng.chance(0.85) ? pickRoot(collections) : pickRoot(singles.length ? singles : collections));
  const withPopulatable = (list) => list.filter((t) => populatable(t.uid).length);

  const R = {
    'rest-default': () => {
      const t = pickRoot([...collections, ...singles]);
      return rest(t, {});
    },
    'rest-fields': () => {
      const t = rootType();
      const form = rng.weighted([[5, 'array'], [1, 'star'], [1, 'string']]);
      const q = { fields: form === 'star' ? '*' : form === 'string' ? rng.pick(scalarNames(t.uid)) : pickFields(t.uid, { system: 0.4 }) };
      if (rng.chance(0.2)) q.sort = sortValue(t.uid);
      return rest(t, q);
    },
    'rest-populate-star': () => {
      const t = rootType();
      const q = { populate: '*' };
      if (rng.chance(0.4)) q.fields = pickFields(t.uid);
      if (t.kind === 'collectionType' && rng.chance(0.3)) {
        const e = rng.pick(entriesOf(t.uid).filter((x) => !x.locale || x.locale === locales[0]));
        if (e) return rest(t, q, `/${e.id}`);
      }
      return rest(t, q);
    },
    'rest-populate-array': () => {
      const t = pickRoot(withPopulatable([...collections, ...singles]));
      if (!t) return null;
      const names = rng.sample(rng.shuffle(populatable(t.uid)), rng.int(1, 4)).map((a) => a.name);
      const q = {};
      smallFields(t, q);
      if (rng.chance(0.12)) return { path: `${listPath(t)}?populate=${names.join(',')}${q.fields ? '&' + flatten('fields', q.fields, []).join('&') : ''}` };
      q.populate = names;
      return rest(t, q);
    },
    'rest-populate-deep': () => {
      const t = pickRoot(withPopulatable([...collections, ...singles]));
      if (!t) return null;
      const q = {};
      smallFields(t, q);
      const depth = rng.int(2, 4);
      const attrs = populatable(t.uid).filter((a) => isRelation(a) || isComponent(a) || isDynamicZone(a));
      const chosen = rng.sample(rng.shuffle(attrs.length ? attrs : populatable(t.uid)), rng.int(1, 2));
      q.populate = Object.fromEntries(chosen.map((a) => [a.name, populateEntry(a, depth)]));
      return rest(t, q);
    },
    'rest-populate-dot': () => {
      const t = pickRoot([...collections, ...singles].filter((x) => dotPaths(x.uid).length));
      if (!t) return null;
      const paths = rng.sample(rng.shuffle(dotPaths(t.uid)), rng.int(1, 3));
      const q = {};
      smallFields(t, q);
      const roots = [...new Set(paths.map((p) => p.split('.')[0]))];
      q.populate = rng.chance(0.5) ? [...roots, ...paths] : paths;
      return rest(t, q);
    },
    'rest-populate-dz': () => {
      const withDz = [...collections, ...singles].filter((x) => Object.values(x.attributes).some(isDynamicZone));
      if (!withDz.length) return null;
      const t = rng.pick(withDz);
      const dz = rng.pick(Object.values(t.attributes).filter(isDynamicZone));
      const q = {};
      smallFields(t, q);
      const mode = rotate('dz', ['first', 'detailed', 'shared', 'detailed']);
      if (mode === 'first') q.populate = [dz.name];
      else if (mode === 'shared') q.populate = { [dz.name]: { populate: '*' } };
      else q.populate = { [dz.name]: { on: dzEntry(dz, rng.int(1, 3)).on ?? { [dz.components[0]]: { populate: '*' } } } };
      return rest(t, q);
    },
    'rest-populate-fields': () => {
      const t = pickRoot(collections.filter((x) => relationsOf(x.uid).length || Object.values(x.attributes).some(isMedia)));
      if (!t) return null;
      const a = rng.pick(populatable(t.uid).filter((x) => isRelation(x) || isMedia(x)));
      const target = isMedia(a) ? MEDIA_UID : a.target;
      const fields = isMedia(a) ? rng.sample(rng.shuffle(['url', 'name', 'width', 'height', 'mime', 'size', 'formats']), rng.int(1, 3)) : pickFields(target, { system: 0.2 });
      return rest(t, { fields: pickFields(t.uid), populate: { [a.name]: { fields } } });
    },
    'rest-populate-filters': () => {
      const t = pickRoot(collections.filter((x) => relationsOf(x.uid, true).length));
      if (!t) return null;
      const a = rng.pick(relationsOf(t.uid, true));
      const entry = { filters: filterObject(a.target, 0, { relations: 0.1, logic: 0.15 }) };
      if (rng.chance(0.4)) entry.fields = pickFields(a.target, { system: 0 });
      return rest(t, { fields: pickFields(t.uid, { system: 0 }), populate: { [a.name]: entry } });
    },
    'rest-populate-sort': () => {
      const t = pickRoot(collections.filter((x) => relationsOf(x.uid, true).length));
      if (!t) return null;
      const a = rng.pick(relationsOf(t.uid, true));
      const entry = { sort: sortValue(a.target, { allowString: false }), fields: pickFields(a.target, { system: 0 }) };
      if (rng.chance(0.35)) entry.filters = filterObject(a.target, 0, { relations: 0, logic: 0 });
      const r = rest(t, { fields: pickFields(t.uid, { system: 0 }), populate: { [a.name]: entry } });
      if (rng.chance(0.4)) r.path = r.path.replace(/%3A/g, ':');
      return r;
    },
    'rest-filters': () => {
      const t = pickRoot(collections);
      const q = { filters: filterWith(t.uid, rotate('rest-op', ALL_OPERATORS)), fields: pickFields(t.uid, { system: 0 }) };
      if (rng.chance(0.3)) q.sort = sortValue(t.uid);
      return rest(t, q);
    },
    'rest-filter-relation': () => {
      const t = rng.pick(collections.filter((x) => relationsOf(x.uid).length && canFind(x.uid)));
      if (!t) return null;
      const r = rng.pick(relationsOf(t.uid));
      const target = r.target;
      const inner = rng.chance(0.25) && relationsOf(target).length
        ? (() => { const r2 = rng.pick(relationsOf(target)); return { [r2.name]: filterObject(r2.target, 2, { relations: 0, logic: 0 }) }; })()
        : filterObject(target, 1, { relations: 0, logic: 0.1 });
      const q = { filters: { [r.name]: inner }, fields: pickFields(t.uid, { system: 0 }) };
      if (rng.chance(0.3)) q.populate = [r.name];
      return rest(t, q);
    },
    'rest-sort': () => {
      const t = pickRoot(collections);
      const q = { sort: sortValue(t.uid), fields: pickFields(t.uid, { system: 0 }) };
      const r = rest(t, q);
      if (rng.chance(0.4)) r.path = r.path.replace(/%3A/g, ':');
      if (rng.chance(0.1)) {
        const rel = relationsOf(t.uid, false).find((a) => a.target !== MEDIA_UID && sortable(a.target).length);
        if (rel) return rest(t, { sort: `${rel.name}.${rng.pick(sortable(rel.target))}:${rng.pick(['asc', 'desc'])}`, fields: q.fields });
      }
      return r;
    },
    'rest-pagination': () => {
      const t = pickRoot(collections);
      const total = entriesOf(t.uid).length;
      const form = rotate('pagination', ['page', 'startLimit', 'noCount', 'page', 'big', 'startLimit', 'beyond', 'pageOnly']);
      let pagination;
      if (form === 'page') pagination = { page: rng.int(1, 3), pageSize: rng.int(1, 5) };
      else if (form === 'startLimit') pagination = { start: rng.int(0, Math.max(0, total - 1)), limit: rng.int(1, 5) };
      else if (form === 'noCount') pagination = { ...(rng.chance(0.5) ? { page: 1, pageSize: 3 } : { start: 1, limit: 2 }), withCount: false };
      else if (form === 'big') pagination = { pageSize: rng.pick([100, 200, 1000]) };
      else if (form === 'beyond') pagination = { page: 50, pageSize: 10 };
      else pagination = { page: 2 };
      const q = { pagination, fields: pickFields(t.uid, { system: 0 }) };
      if (rng.chance(0.3)) q.sort = sortValue(t.uid);
      if (rng.chance(0.15)) q.populate = '*';
      return rest(t, q);
    },
    'rest-locale': () => {
      if (!localizedModel) return null;
      const loc = types.filter((x) => x.localized && x.source === 'api');
      const t = rng.chance(0.9) ? pickRoot(loc) : pickRoot(apiTypes);
      const q = { locale: rng.weighted([[4, locales[1] ?? 'en'], [3, 'all'], [1, locales[0]]]) };
      if (t.kind === 'collectionType') { q.fields = pickFields(t.uid, { system: 0.5 }); if (q.locale === 'all') q.sort = 'id:asc'; }
      if (rng.chance(0.35)) q.populate = rng.chance(0.5) ? ['localizations'] : '*';
      if (rng.chance(0.2)) q.publicationState = 'preview';
      return rest(t, q);
    },
    'rest-preview': () => {
      const dp = types.filter((x) => x.draftAndPublish && x.source === 'api');
      if (!dp.length) return null;
      const t = pickRoot(dp);
      const q = { publicationState: rng.weighted([[5, 'preview'], [1, 'live']]) };
      if (t.kind === 'collectionType') q.fields = [...pickFields(t.uid, { system: 0 }), 'publishedAt'];
      if (rng.chance(0.4)) q.populate = rng.chance(0.5) ? '*' : populateFor(t.uid, 2);
      if (localizedModel && t.localized && rng.chance(0.2)) q.locale = 'all';
      return rest(t, q);
    },
    'rest-find-one': () => {
      const t = rng.chance(0.95) ? pickRoot(collections) : rng.pick(collections);
      const list = entriesOf(t.uid);
      const kind = rotate('find-one', ['existing', 'draft', 'existing', 'missing', 'existing', 'other-locale']);
      let id;
      if (kind === 'draft') id = list.find((e) => e.publishedAt === null)?.id;
      else if (kind === 'missing') id = 999;
      else if (kind === 'other-locale') id = list.find((e) => e.locale && e.locale !== locales[0])?.id;
      id ??= rng.pick(list)?.id ?? 1;
      const q = {};
      if (rng.chance(0.4)) q.fields = pickFields(t.uid);
      if (rng.chance(0.4) && populatable(t.uid).length) q.populate = populateFor(t.uid, 2);
      if (t.localized && rng.chance(0.15)) q.locale = rng.pick(locales);
      return rest(t, q, `/${id}`);
    },
    'rest-single-type': () => {
      if (!singles.length) return null;
      const t = rng.pick(singles);
      const q = {};
      if (rng.chance(0.3)) q.fields = pickFields(t.uid, { system: 0.3 });
      if (rng.chance(0.6) && populatable(t.uid).length) q.populate = rng.chance(0.3) ? '*' : populateFor(t.uid, 3);
      if (t.localized && rng.chance(0.35)) q.locale = rng.pick(locales);
      if (t.draftAndPublish && rng.chance(0.2)) q.publicationState = 'preview';
      return rest(t, q);
    },
    'rest-errors': () => {
      const t = pickRoot(collections);
      const kind = rng.pick(['unknown-field', 'relation-in-fields', 'unknown-filter', 'unknown-sort', 'unknown-collection', 'forbidden', 'bad-page']);
      if (kind === 'unknown-collection') return { path: '/api/nonexistents' };
      if (kind === 'forbidden') { const f = collections.find((x) => !canFind(x.uid)); return f ? rest(f, {}) : null; }
      if (kind === 'unknown-field') return rest(t, { fields: ['nope'] });
      if (kind === 'relation-in-fields') { const r = relationsOf(t.uid)[0]; return r ? rest(t, { fields: [r.name] }) : null; }
      if (kind === 'unknown-filter') return rest(t, { filters: { nope: { $eq: 1 } } });
      if (kind === 'bad-page') return rest(t, { pagination: { page: 0, pageSize: -1 }, fields: pickFields(t.uid, { system: 0 }) });
      return rest(t, { sort: 'nope:asc' });
    },
  };

  // ---- GraphQL cases ---------------------------------------------------------------------------
  const gqlString = (v) => JSON.stringify(String(v));
  const GQL_SCALAR = { string: 'String', text: 'String', richtext: 'String', email: 'String', uid: 'String', enumeration: 'String', integer: 'Int', float: 'Float', decimal: 'Float', boolean: 'Boolean', date: 'Date', time: 'Time', datetime: 'DateTime', biginteger: 'Long' };
  const gqlLiteral = (a, v) => {
    if (Array.isArray(v)) return `[${v.map((x) => gqlLiteral(a, x)).join(', ')}]`;
    if (a.name === 'id') return gqlString(v);
    if (['integer', 'float', 'decimal', 'boolean'].includes(a.type)) return String(v);
    return gqlString(v);
  };
  /** REST filters object -> GraphQL filters literal (operators without `$`). */
  function gqlFilters(uid, f) {
    const parts = [];
    for (const [k, v] of Object.entries(f)) {
      if (k === '$or' || k === '$and') parts.push(`${k.slice(1)}: [${v.map((x) => gqlFilters(uid, x)).join(', ')}]`);
      else if (k === '$not') parts.push(`not: ${gqlFilters(uid, v)}`);
      else {
        const a = k === 'id' ? { name: 'id', type: 'integer' } : attrsOf(uid)[k];
        if (isRelation(a)) parts.push(`${k}: ${gqlFilters(a.target, v)}`);
        else {
          const [op, value] = Object.entries(v)[0];
          const literal = op === '$null' || op === '$notNull' ? String(value) : gqlLiteral(a, value);
          parts.push(`${k}: { ${op.slice(1)}: ${literal} }`);
        }
      }
    }
    return `{ ${parts.join(', ')} }`;
  }
  // GraphQL has no startsWithi / endsWithi in Strapi v4 (REST has them): keep to the operators it has.
  const gqlFilterObject = (uid, depth, opts) => {
    for (let i = 0; i < 20; i++) {
      const f = filterObject(uid, depth, opts);
      if (!/\$(startsWithi|endsWithi)/.test(JSON.stringify(f)) && !hasLong(uid, f)) return f;
    }
    return { id: { $notNull: true } };
  };
  function hasLong(uid, f) {
    return Object.entries(f).some(([k, v]) => {
      if (k === '$or' || k === '$and') return v.some((x) => hasLong(uid, x));
      if (k === '$not') return hasLong(uid, v);
      const a = attrsOf(uid)[k];
      if (a && isRelation(a)) return hasLong(a.target, v);
      return a?.type === 'biginteger';
    });
  }
  const gqlSort = (uid) => { const s = sortValue(uid, { allowString: true }); return Array.isArray(s) ? `[${s.map(gqlString).join(', ')}]` : gqlString(s); };
  const mediaFields = () => rng.sample(rng.shuffle(['url', 'name', 'width', 'height', 'mime', 'size', 'formats', 'alternativeText', 'ext']), rng.int(1, 3)).join(' ');

  /** `{ data { id attributes { ... } } }` for an entity of `uid`; `depth` more levels of relations. */
  function gqlEntity(uid, depth, { extra = 0.5 } = {}) {
    if (uid === MEDIA_UID) return `{ data { id attributes { ${mediaFields()} } } }`;
    return `{ data { id attributes { ${gqlAttributes(uid, depth, extra)} } } }`;
  }
  function gqlAttributes(uid, depth, extra) {
    const sel = pickFields(uid, { system: 0.3 });
    if (depth > 0 && rng.chance(extra)) {
      for (const a of rng.sample(rng.shuffle(populatable(uid)), rng.int(1, 2))) sel.push(gqlField(a, depth - 1));
    }
    return sel.join(' ');
  }
  function gqlArgs(target, toManyRelation) {
    const args = [];
    if (rng.chance(0.3)) args.push(`filters: ${gqlFilters(target, gqlFilterObject(target, 1, { relations: 0.1, logic: 0.1 }))}`);
    if (rng.chance(0.35)) args.push(`sort: ${gqlSort(target)}`);
    if (rng.chance(0.2)) args.push(rng.chance(0.5) ? `pagination: { limit: ${rng.int(1, 3)} }` : `pagination: { page: ${rng.int(1, 2)}, pageSize: ${rng.int(1, 3)} }`);
    if (toManyRelation && type(target)?.draftAndPublish && rng.chance(0.15)) args.push('publicationState: PREVIEW');
    return args.length ? `(${args.join(', ')})` : '';
  }
  function gqlField(a, depth) {
    if (isMedia(a)) return a.multiple ? `${a.name}${rng.chance(0.2) ? `(pagination: { limit: 2 })` : ''} { data { id attributes { ${mediaFields()} } } }` : `${a.name} ${gqlEntity(MEDIA_UID, 0)}`;
    if (isRelation(a)) return `${a.name}${isToMany(a) ? gqlArgs(a.target, true) : ''} ${gqlEntity(a.target, depth)}`;
    if (isComponent(a)) return `${a.name} { id ${gqlComponentBody(a.component, depth)} }`;
    if (isDynamicZone(a)) return `${a.name} { __typename ${gqlFragments(a, depth)} }`;
    return a.name;
  }
  /** The fields of a component; `taken` (names used by sibling fragments) gets aliases, as a client must give. */
  function gqlComponentBody(compUid, depth, taken) {
    const sel = scalarNames(compUid).length ? rng.sample(rng.shuffle(scalarNames(compUid)), rng.int(1, 3)) : [];
    const nested = populatable(compUid);
    if (nested.length && (depth > 0 || rng.chance(0.5))) for (const a of rng.sample(rng.shuffle(nested), rng.int(1, 2))) sel.push(gqlField(a, Math.max(0, depth - 1)));
    if (!taken) return sel.join(' ');
    const short = compUid.split('.')[1].replace(/-(\w)/g, (_, ch) => ch.toUpperCase());
    return sel.map((f) => {
      const name = f.split(/[\s({]/)[0];
      const out = taken.has(name) ? `${name}_${short}: ${f}` : f;
      taken.add(name);
      return out;
    }).join(' ');
  }
  function gqlFragments(dz, depth) {
    const taken = new Set();
    return rng.sample(rng.shuffle(dz.components), rng.int(1, Math.min(3, dz.components.length)))
      .map((c) => `... on ${gqlComponentName(c)} { id ${gqlComponentBody(c, depth, taken)} }`).join(' ');
  }
  const pagination = 'meta { pagination { page pageSize pageCount total } }';
  const rootArgs = (t, { filters = 0.3, sort = 0.3, page = 0.2, locale = 0.15, state = 0.15 } = {}) => {
    const args = [];
    if (rng.chance(filters)) args.push(`filters: ${gqlFilters(t.uid, gqlFilterObject(t.uid, 0, { relations: 0.2, logic: 0.2 }))}`);
    if (rng.chance(sort)) args.push(`sort: ${gqlSort(t.uid)}`);
    if (rng.chance(page)) args.push(rng.chance(0.6) ? `pagination: { page: ${rng.int(1, 3)}, pageSize: ${rng.int(1, 4)} }` : `pagination: { start: ${rng.int(0, 4)}, limit: ${rng.int(1, 4)} }`);
    if (t.localized && rng.chance(locale)) args.push(`locale: ${gqlString(rng.pick([...locales, 'all']))}`);
    if (t.draftAndPublish && rng.chance(state)) args.push(`publicationState: ${rng.pick(['PREVIEW', 'LIVE'])}`);
    return args.length ? `(${args.join(', ')})` : '';
  };
  const q = (body) => ({ graphql: `{ ${body} }` });

  const G = {
    'gql-collection': () => {
      const t = pickRoot(collections);
      return q(`${gqlQueryName(model, t.uid, true)}${rootArgs(t)} { data { id attributes { ${gqlAttributes(t.uid, 1, 0.3)} } } ${rng.chance(0.7) ? pagination : ''} }`);
    },
    'gql-entry': () => {
      const t = pickRoot(collections);
      const list = entriesOf(t.uid);
      const kind = rng.weighted([[5, 'existing'], [2, 'draft'], [1, 'missing']]);
      let id = kind === 'draft' ? list.find((e) => e.publishedAt === null)?.id : kind === 'missing' ? 999 : undefined;
      id ??= rng.pick(list)?.id ?? 1;
      const loc = t.localized && rng.chance(0.2) ? `, locale: ${gqlString(rng.pick(locales))}` : '';
      return q(`${gqlQueryName(model, t.uid, false)}(id: ${id}${loc}) ${gqlEntity(t.uid, 2)}`);
    },
    'gql-single-type': () => {
      if (!singles.length) return null;
      const t = rng.pick(singles);
      const args = [];
      if (t.localized && rng.chance(0.4)) args.push(`locale: ${gqlString(rng.pick(locales))}`);
      if (t.draftAndPublish && rng.chance(0.3)) args.push('publicationState: PREVIEW');
      return q(`${gqlQueryName(model, t.uid, false)}${args.length ? `(${args.join(', ')})` : ''} ${gqlEntity(t.uid, 2, { extra: 0.9 })}`);
    },
    'gql-relations': () => {
      const t = rng.pick(collections.filter((x) => relationsOf(x.uid).length && canFind(x.uid)));
      if (!t) return null;
      const rels = rng.sample(rng.shuffle(relationsOf(t.uid)), rng.int(1, 2));
      const inner = [...pickFields(t.uid, { system: 0 }), ...rels.map((a) => gqlField(a, rng.int(0, 2)))].join(' ');
      return q(`${gqlQueryName(model, t.uid, true)}${rootArgs(t, { filters: 0.15, sort: 0.2, page: 0.2 })} { data { id attributes { ${inner} } } }`);
    },
    'gql-components': () => {
      const t = rng.pick([...collections, ...singles].filter((x) => Object.values(x.attributes).some(isComponent) && canFind(x.uid)));
      if (!t) return null;
      const comps = rng.sample(rng.shuffle(Object.values(t.attributes).filter(isComponent)), rng.int(1, 2));
      const fields = comps.map((a) => {
        const args = a.repeatable && rng.chance(0.25) ? `(pagination: { limit: ${rng.int(1, 2)} })` : '';
        return `${a.name}${args} { id ${gqlComponentBody(a.component, rng.int(0, 2))} }`;
      }).join(' ');
      const root = t.kind === 'singleType' ? gqlQueryName(model, t.uid, false) : `${gqlQueryName(model, t.uid, true)}${rootArgs(t, { filters: 0.1, sort: 0.2, page: 0.1 })}`;
      return q(`${root} { data { id attributes { ${fields} } } }`);
    },
    'gql-dz': () => {
      const t = rng.pick([...collections, ...singles].filter((x) => Object.values(x.attributes).some(isDynamicZone) && canFind(x.uid)));
      if (!t) return null;
      const dz = rng.pick(Object.values(t.attributes).filter(isDynamicZone));
      const root = t.kind === 'singleType' ? gqlQueryName(model, t.uid, false) : `${gqlQueryName(model, t.uid, true)}${rootArgs(t, { filters: 0.1, sort: 0.3, page: 0.1 })}`;
      return q(`${root} { data { id attributes { ${gqlField(dz, rng.int(0, 2))} } } }`);
    },
    'gql-filters': () => {
      const t = pickRoot(collections);
      const op = rotate('gql-op', ALL_OPERATORS.filter((o) => o !== '$startsWithi' && o !== '$endsWithi'));
      let f = filterWith(t.uid, op);
      if (hasLong(t.uid, f) || /\$(startsWithi|endsWithi)/.test(JSON.stringify(f))) f = gqlFilterObject(t.uid, 0, { relations: 0.3, logic: 0.3 });
      if (rng.chance(0.25)) {
        const typeName = `${gqlTypeName(model, t.uid)}FiltersInput`;
        return { graphql: `query($f: ${typeName}) { ${gqlQueryName(model, t.uid, true)}(filters: $f) { data { id attributes { ${pickFields(t.uid, { system: 0 }).join(' ')} } } } }`, variables: { f: restToGqlVars(t.uid, f) } };
      }
      return q(`${gqlQueryName(model, t.uid, true)}(filters: ${gqlFilters(t.uid, f)}) { data { id attributes { ${pickFields(t.uid, { system: 0 }).join(' ')} } } ${rng.chance(0.3) ? pagination : ''} }`);
    },
    'gql-locale': () => {
      if (!localizedModel) return null;
      const t = pickRoot(collections.filter((x) => x.localized));
      if (!t) return null;
      const loc = rng.pick([...locales.slice(1), 'all', locales[0]]);
      const withLoc = rng.chance(0.6) ? ` localizations${t.draftAndPublish && rng.chance(0.3) ? '(publicationState: PREVIEW)' : ''} { data { id attributes { ${pickFields(t.uid, { system: 0 }).join(' ')} locale } } }` : '';
      const state = t.draftAndPublish && rng.chance(0.25) ? ', publicationState: PREVIEW' : '';
      return q(`${gqlQueryName(model, t.uid, true)}(locale: ${gqlString(loc)}${state}${loc === 'all' ? ', sort: "id:asc"' : ''}) { data { id attributes { ${pickFields(t.uid, { system: 0 }).join(' ')} locale${withLoc} } } }`);
    },
  };
  function restToGqlVars(uid, f) {
    const out = {};
    for (const [k, v] of Object.entries(f)) {
      if (k === '$or' || k === '$and') out[k.slice(1)] = v.map((x) => restToGqlVars(uid, x));
      else if (k === '$not') out.not = restToGqlVars(uid, v);
      else {
        const a = k === 'id' ? { name: 'id', type: 'integer' } : attrsOf(uid)[k];
        if (isRelation(a)) out[k] = restToGqlVars(a.target, v);
        else {
          const [op, value] = Object.entries(v)[0];
          const conv = (x) => (a.name === 'id' ? String(x) : x);
          out[k] = { [op.slice(1)]: Array.isArray(value) ? value.map(conv) : conv(value) };
        }
      }
    }
    return out;
  }
  return { ...R, ...G, epochDates };
}
