// The documented deviations (docs/decisions.md, "Where Strapi v4.25 is wrong, and we deviate on
// purpose", and the date rows) as rewrites of the two answers, so a mismatch they explain is
// counted apart from agreement and from the unexplained ones, never hidden.
//
// Each rewrite turns Strapi's answer into what the gateway deliberately answers instead (or drops
// what both answer differently by design), or, where that cannot be worked out from the answers,
// asks the gateway a variant of the request that does what Strapi does (relation filters that see
// drafts, text operators that ignore case) and takes its answer for ours; a mismatch is a
// documented deviation when the rewrites that apply to its case, tried in order and added up,
// leave no difference.
import { Kind, parse, print, visit } from 'graphql';
import { caseFilters, relationsIn, rootOf } from './case-filters.mjs';
import { MEDIA_UID, gqlComponentName } from './model.mjs';
import { publishedOnly } from './published-only.mjs';
import { withoutDraftOnlyMatches } from './draft-only-related.mjs';

const clone = (value) => structuredClone(value);

/**
 * Rewrites of (case, want, got) -> [want, got], or undefined where the deviation cannot apply.
 * `ctx` has the model, the seed's drafts by uid, the content-types the public role may `find`,
 * the timestamp attributes' names and, to ask the gateway a variant of a case, `ask`.
 */
export const DEVIATIONS = [
  {
    name: 'Strapi answers 500',
    row: 'Answers 500 to some requests',
    rewrite: (c, want, got) => (strapiFailed(c, want) ? [got, got] : undefined),
  },
  {
    name: 'filter through a type the role cannot read, inside populate: 400',
    row: 'Answers a filter through a relation the role cannot `find` inside `populate[…][filters]`',
    rewrite: (c, want, got, ctx) => (refusesForbiddenPopulateFilter(c, want, got, ctx) ? [got, got] : undefined),
  },
  {
    name: 'relation in a component to a type the role cannot read: Forbidden, not empty',
    row: 'A relation inside a component to a type the role cannot `find`, over GraphQL',
    rewrite: (c, want, got) => (c.graphql ? forbiddenEmptyRelations(want, got) : undefined),
  },
  {
    name: 'timestamp over GraphQL: Strapi fails, we answer the DateTime',
    row: '`timestamp` attributes over GraphQL',
    rewrite: (c, want, got, ctx) => (c.graphql ? timestampsAsStrapi(want, got, ctx) : undefined),
  },
  {
    name: 'date value refused in our words',
    row: 'Messages of date 400s',
    rewrite: (c, want, got) => dateMessages(c, want, got),
  },
  {
    name: 'draft hidden (by id, through relations)',
    row: 'Returns a draft by id in the live state / Returns drafts through relations in the live state',
    rewrite: (c, want, got, ctx) => (isPreview(c) ? undefined : [hideDrafts(c, want, got, ctx), got]),
  },
  // The two rules that ask the gateway a variant build on each other's (`got.variant`): a case with
  // both a case-sensitive operator and a relation filter through drafts is asked in both variants.
  {
    name: '$contains and co. case-sensitive',
    row: '`$contains`, `$notContains`, `$startsWith`, `$endsWith` ignore case on SQLite',
    rewrite: async (c, want, got, ctx) => {
      const variant = ctx.ask && insensitive(got.variant ?? c);
      return variant ? [want, { ...(await ctx.ask(variant)), variant }] : undefined;
    },
  },
  // Strapi's SQLite folds ASCII letters only: asked again with the values of its case-insensitive
  // operators in lower case (every letter), Strapi answers as we do where that was the difference.
  {
    name: 'case-insensitive operators fold every letter, not ASCII alone',
    row: 'Compares case-insensitively (`$eqi`, `$nei`, `$containsi`, `$notContainsi`, `$startsWithi`, `$endsWithi`, GraphQL `eqi`, `nei`, `containsi`...) with SQLite\'s `lower()`, which lowercases ASCII letters only',
    rewrite: async (c, want, got, ctx) => {
      const variant = ctx.askStrapi && foldedValues(c);
      return variant ? [await ctx.askStrapi(variant), got] : undefined;
    },
  },
  {
    name: 'relation filter sees published entries only (live state)',
    row: 'Lets a relation filter match through a draft in the live state',
    rewrite: async (c, want, got, ctx) => {
      const variant = ctx.ask && filtersThroughDrafts(c, ctx) ? previewOf(got.variant ?? c, ctx) : undefined;
      return variant ? [want, { ...liveAnswer(c, await ctx.ask(variant), ctx), variant }] : undefined;
    },
  },
  // Before Strapi is asked for published entries only: a relation of drafts alone is empty to us,
  // where Strapi's filter asked for published ones joins no row at all (an empty relation's `null`
  // no longer matches there).
  {
    name: 'relation filter sees published entries only (an entry related to drafts alone looks unrelated)',
    row: 'Lets a relation filter match through a draft in the live state',
    rewrite: (c, want, got, ctx) => (isPreview(c) ? undefined : withoutDraftOnlyMatches(c, want, got, ctx)),
  },
  // A GraphQL root without drafts has no preview to ask us in: Strapi is asked instead, with each
  // relation filter through a type with drafts asking for published entries (live mode only).
  {
    name: 'relation filter sees published entries only (root without drafts: Strapi asked for published ones)',
    row: 'Lets a relation filter match through a draft in the live state',
    rewrite: async (c, want, got, ctx) => {
      const variant = ctx.askStrapi && c.graphql && filtersThroughDrafts(c, ctx) && !previewOf(c, ctx) ? publishedOnly(c, ctx.model) : undefined;
      return variant ? [await ctx.askStrapi(variant), got] : undefined;
    },
  },
  {
    name: 'sort through a relation: Strapi answers the joined field in place of the own one',
    row: 'Sorting through a relation (`sort=category.slug`)',
    rewrite: (c, want, got) => ownSortFields(c, want, got),
  },
  {
    name: 'list without sort in id order, not SQLite plan order',
    row: 'Orders a list without `sort` as SQLite\'s query plan happens to',
    rewrite: async (c, want, got, ctx) => {
      if (hasSort(c)) return undefined;
      // One page of a longer list holds other entries, not the same ones in another order: Strapi
      // is asked for that page in id order (live mode, REST).
      if (ctx.askStrapi && c.path && isPartOfList(want)) return [await ctx.askStrapi(byIdSort(c)), got];
      return [rootById(c, want), rootById(c, got)];
    },
  },
];

/** The last segments of the dotted `sort` paths of a REST case (`editedSection.name` -> `name`). */
function sortTails(c) {
  if (!c.path) return [];
  const query = decodeURIComponent(c.path.split('?')[1] ?? '');
  return [...query.matchAll(/(?:^|&)sort(?:\[\d+\])?=([^&]+)/g)].flatMap((m) => m[1].split(',')).map((s) => s.split(':')[0])
    .filter((s) => s.includes('.')).map((s) => s.split('.').at(-1));
}
/** The top-level `fields` a REST case asks for (`fields[0]=title`, `fields=title,slug`), or undefined when it asks none. */
function askedFields(c) {
  if (!c.path) return undefined;
  const query = decodeURIComponent(c.path.split('?')[1] ?? '');
  const named = [...query.matchAll(/(?:^|&)fields(?:\[\d+\])?=([^&]+)/g)].flatMap((m) => m[1].split(','));
  return named.length ? new Set(named) : undefined;
}
/**
 * Strapi's answer with each root entry's field named like a sort path's tail as the gateway
 * answers it: the entry's own value, or (the request's `fields` leaving it out) none.
 */
function ownSortFields(c, want, got) {
  const tails = sortTails(c);
  if (!tails.length || want.status !== 200 || got.status !== 200 || !Array.isArray(want.body?.data) || !Array.isArray(got.body?.data)) return undefined;
  const asked = askedFields(c);
  const w = clone(want);
  w.order = undefined;
  w.body.data.forEach((entry, i) => {
    const own = got.body.data[i]?.attributes;
    for (const tail of tails) {
      if (!entry?.attributes || !own || !(tail in entry.attributes)) continue;
      if (tail in own) entry.attributes[tail] = own[tail];
      else if (asked && !asked.has(tail)) delete entry.attributes[tail];
    }
  });
  return [w, { ...got, order: undefined }];
}

const isPreview = (c) => (c.path ? /publicationState=preview/.test(c.path) : /publicationState:\s*PREVIEW/.test(c.graphql));
const hasSort = (c) => (c.path ? /[?&]sort[=[]/.test(c.path) : rootArguments(c.graphql).includes('sort'));

/** The names of the arguments the document's root fields take (a nested list's own `sort` is not the root list's). */
function rootArguments(graphql) {
  const operation = parse(graphql).definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  return (operation?.selectionSet.selections ?? []).flatMap((s) => (s.kind === Kind.FIELD ? s.arguments.map((a) => a.name.value) : []));
}

/**
 * Strapi failing the request itself: a 500 over REST; over GraphQL, every root field null with
 * INTERNAL_SERVER_ERROR errors alone (its SQL refusing a filter, e.g. `not` around a relation's
 * attribute: "Undefined attribute level operator"), a timestamp's failure left to its own rule.
 */
function strapiFailed(c, want) {
  if (!c.graphql) return want.status === 500;
  const { data, errors } = want.body ?? {};
  if (!Array.isArray(errors) || errors.length === 0 || data === null || typeof data !== 'object') return false;
  return errors.every((e) => e.code === 'INTERNAL_SERVER_ERROR' && !TIMESTAMP_ERROR.test(e.message)) && Object.values(data).every((value) => value === null);
}

/** Strapi's GraphQL: every timestamp with a value is `null` with one INTERNAL_SERVER_ERROR each. */
const TIMESTAMP_ERROR = /^DateTime cannot represent an invalid date-time-string -?\d+\.$/;
function timestampsAsStrapi(want, got, ctx) {
  const errors = want.body?.errors;
  const failed = (e) => TIMESTAMP_ERROR.test(e.message) && e.code === 'INTERNAL_SERVER_ERROR';
  if (!Array.isArray(errors) || !errors.some(failed)) return undefined;
  const w = clone(want);
  w.body.errors = errors.filter((e) => !failed(e));
  if (!w.body.errors.length) delete w.body.errors;
  const g = clone(got);
  nullKeys(w.body, ctx.timestampNames);
  nullKeys(g.body, ctx.timestampNames);
  return [w, g];
}
function nullKeys(value, names) {
  if (Array.isArray(value)) value.forEach((v) => nullKeys(v, names));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (names.has(k) && (v === null || typeof v !== 'object')) value[k] = null;
      else nullKeys(v, names);
    }
  }
}

/** Both refuse the same date value with the same status, name or code; only the words differ. */
const STRAPI_DATE_MESSAGE = /^(Invalid format, expected|(Date|DateTime|Time) cannot represent|Invalid (date|time|datetime))/;
/** GraphQL's words before a variable's coercion error: which variable, value and place (both servers write them). */
const VARIABLE_PREFIX = /^Variable "\$\w+" got invalid value .* at "[^"]*"; /;
/** Strapi's date message, ours for the same variable, value and place when there is one. */
const isDateMessage = (message) => STRAPI_DATE_MESSAGE.test(message.replace(VARIABLE_PREFIX, ''));
const samePlace = (a, b) => (VARIABLE_PREFIX.exec(a)?.[0] ?? '') === (VARIABLE_PREFIX.exec(b)?.[0] ?? '');
function dateMessages(c, want, got) {
  if (c.graphql) {
    const [we, ge] = [want.body?.errors, got.body?.errors];
    if (!Array.isArray(we) || !Array.isArray(ge) || we.length !== ge.length || !we.some((e) => isDateMessage(e.message))) return undefined;
    const w = clone(want);
    w.body.errors = we.map((e, i) => (isDateMessage(e.message) && samePlace(e.message, ge[i].message) ? { ...e, message: ge[i].message } : e));
    return [w, got];
  }
  if (want.status !== 400 || got.status !== 400 || !STRAPI_DATE_MESSAGE.test(want.body?.error?.message ?? '')) return undefined;
  const w = clone(want);
  w.body.error = { ...w.body.error, message: got.body.error?.message, details: got.body.error?.details };
  return [w, got];
}

// ---- drafts ------------------------------------------------------------------------------------
/** Strapi's answer with every draft it shows in the live state hidden, as the gateway hides them. */
function hideDrafts(c, want, got, ctx) {
  const root = rootOf(c, ctx.model);
  if (!root) return want;
  const w = clone(want);
  if (c.graphql) {
    const holder = w.body?.data?.[root.field];
    if (holder && typeof holder === 'object' && 'data' in holder) {
      const shown = holder.data;
      const hidden = { count: 0 };
      holder.data = visible(holder.data, root.uid, { ...ctx, hidden });
      // The errors of a draft's fields (a relation the role cannot read) go with the draft.
      if (shown !== null && holder.data === null) withoutErrorsUnder(w.body, [root.field, 'data']);
      else withoutPathlessErrorsOf(w.body, got.body, hidden.count);
    }
  } else if (w.status === 200 && w.body && 'data' in w.body) {
    w.body.data = visible(w.body.data, root.uid, ctx);
    // A draft read by id: the gateway's 404 is the deviation; its words are not compared here.
    if (w.body.data === null && got.status === 404) return got;
  }
  return w;
}

/**
 * `body` without the errors whose path starts with `prefix`, and those without a path (Strapi's
 * `Forbidden access` of a relation has none) when the answer has one root field, `prefix[0]`.
 */
function withoutErrorsUnder(body, prefix) {
  if (!Array.isArray(body.errors)) return;
  const alone = Object.keys(body.data ?? {}).length === 1;
  body.errors = body.errors.filter((e) => !(e.path == null ? alone : prefix.every((key, i) => e.path[i] === key)));
  if (!body.errors.length) delete body.errors;
}

/**
 * Strapi's path-less errors (`Forbidden access` of a relation the role cannot read, one per entry
 * resolving it) that the `hidden` drafts took with them: when ours has the same messages, fewer by
 * at most one per draft hidden, ours' are taken.
 */
function withoutPathlessErrorsOf(body, ours, hidden) {
  const [want, got] = [body?.errors, ours?.errors ?? []];
  if (hidden === 0 || !Array.isArray(want) || !Array.isArray(got)) return;
  if (![...want, ...got].every((e) => e.path == null)) return;
  const messages = (errors) => [...new Set(errors.map((e) => e.message))].sort().join('\n');
  const fewer = want.length - got.length;
  if (fewer > 0 && fewer <= hidden && (got.length === 0 || messages(want) === messages(got))) {
    if (got.length) body.errors = got;
    else delete body.errors;
  }
}

/** `data` (one entry or a list) without the drafts of `uid`, each entry's relations walked; `ctx.hidden` counts them. */
function visible(data, uid, ctx) {
  const isDraft = (e) => {
    const draft = ctx.drafts.get(uid)?.has(Number(e?.id));
    if (draft && ctx.hidden) ctx.hidden.count += 1;
    return draft;
  };
  if (Array.isArray(data)) return data.filter((e) => !isDraft(e)).map((e) => walkEntry(e, uid, ctx));
  if (data && typeof data === 'object') return isDraft(data) ? null : walkEntry(data, uid, ctx);
  return data;
}
function walkEntry(entry, uid, ctx) {
  if (entry?.attributes && typeof entry.attributes === 'object') walkAttributes(entry.attributes, ctx.model.types.get(uid)?.attributes ?? {}, uid, ctx);
  return entry;
}
function walkAttributes(values, attributes, uid, ctx) {
  for (const [key, value] of Object.entries(values)) {
    const a = key === 'localizations' ? { type: 'relation', target: uid } : attributes[key];
    if (!a || value === null || typeof value !== 'object') continue;
    if ((a.type === 'relation' || a.type === 'media') && 'data' in value) value.data = visible(value.data, a.type === 'media' ? MEDIA_UID : a.target, ctx);
    else if (a.type === 'component') for (const item of [value].flat()) walkComponent(item, a.component, ctx);
    else if (a.type === 'dynamiczone' && Array.isArray(value)) for (const item of value) walkComponent(item, zoneItemUid(item, ctx), ctx);
  }
}
function walkComponent(item, componentUid, ctx) {
  const attributes = ctx.model.components.get(componentUid)?.attributes;
  if (item && typeof item === 'object' && attributes) walkAttributes(item, attributes, componentUid, ctx);
}
function zoneItemUid(item, ctx) {
  if (typeof item?.__component === 'string') return item.__component;
  return [...ctx.model.components.keys()].find((uid) => gqlComponentName(uid) === item?.__typename);
}

// ---- filters ----------------------------------------------------------------------------------
/** Strapi answered, we refused with `Invalid parameter <relation>`: a relation the public role cannot `find`, in a populate's filters. */
function refusesForbiddenPopulateFilter(c, want, got, ctx) {
  const name = /^Invalid parameter (\w+)$/.exec(got.body?.error?.message ?? '')?.[1];
  if (!c.path || want.status !== 200 || got.status !== 400 || !name) return false;
  return caseFilters(c, ctx.model).filter((f) => f.populated)
    .some((f) => relationsIn(f.filters, f.uid, ctx.model).some((r) => r.name === name && !ctx.readable.has(r.target)));
}

/**
 * Strapi answered a relation `{ data: [] }` (or `{ data: null }`) and no error where we answered
 * `null` and only path-less `Forbidden access` errors: inside a component Strapi does not refuse a
 * relation to a type the role cannot read. Strapi's answer, with those relations null and our errors.
 */
function forbiddenEmptyRelations(want, got) {
  const errors = got.body?.errors;
  if (want.status !== got.status || want.body?.errors || !Array.isArray(errors) || errors.length === 0) return undefined;
  // The code as GraphQL answers it (`extensions.code`), or as diff.mjs keeps it (`code`).
  if (!errors.every((e) => e.path == null && (e.extensions?.code ?? e.code) === 'FORBIDDEN')) return undefined;
  const w = clone(want);
  w.body.data = emptiedAsNull(w.body.data, got.body.data);
  w.body.errors = errors;
  return [w, got];
}
function emptiedAsNull(value, ours) {
  const empty = value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1 && (value.data === null || (Array.isArray(value.data) && value.data.length === 0));
  if (ours === null && empty) return null;
  if (!value || typeof value !== 'object' || !ours || typeof ours !== 'object') return value;
  if (Array.isArray(value)) return value.map((item, i) => emptiedAsNull(item, ours[i]));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, emptiedAsNull(item, ours[key])]));
}

/** A live case whose filters go through a relation to a content-type the seed holds drafts of. */
function filtersThroughDrafts(c, ctx) {
  if (isPreview(c)) return false;
  return caseFilters(c, ctx.model).some((f) => relationsIn(f.filters, f.uid, ctx.model).some((r) => ctx.drafts.get(r.target)?.size > 0));
}

/**
 * The case in the preview, where our relation filters see drafts as Strapi's live ones do: REST's
 * `publicationState=preview`; GraphQL's root field given `PREVIEW` (a type with drafts only).
 */
function previewOf(c, ctx) {
  if (c.path) return { ...c, path: `${c.path}${c.path.includes('?') ? '&' : '?'}publicationState=preview` };
  const root = rootOf(c, ctx.model);
  if (!root || !ctx.model.types.get(root.uid)?.draftAndPublish) return undefined;
  let done = false;
  const graphql = print(visit(parse(c.graphql), {
    Field(node) {
      if (done) return false;
      done = true;
      const state = { kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: 'publicationState' }, value: { kind: Kind.ENUM, value: 'PREVIEW' } };
      return { ...node, arguments: [...(node.arguments ?? []), state] };
    },
  }));
  return { ...c, graphql };
}

/** A preview answer as the live state shows it: drafts hidden, and the root's count without them. */
function liveAnswer(c, answer, ctx) {
  const shown = hideDrafts(c, answer, answer, ctx);
  const holder = c.graphql ? shown.body?.data?.[rootOf(c, ctx.model)?.field] : shown.body;
  const before = c.graphql ? answer.body?.data?.[rootOf(c, ctx.model)?.field]?.data : answer.body?.data;
  const pagination = holder?.meta?.pagination;
  if (!Array.isArray(before) || !Array.isArray(holder?.data) || typeof pagination?.total !== 'number') return shown;
  const total = pagination.total - (before.length - holder.data.length);
  holder.meta.pagination = { ...pagination, total, ...('pageCount' in pagination && pagination.pageSize > 0 ? { pageCount: Math.ceil(total / pagination.pageSize) } : {}) };
  return shown;
}

const CASE_SENSITIVE_REST = /\$(notContains|contains|startsWith|endsWith)\]/g;
const CASE_SENSITIVE_GRAPHQL = /\b(notContains|contains|startsWith|endsWith)\b(?=\s*"?\s*:)/g;

/** The case with its case-sensitive text operators made insensitive, as Strapi's SQLite runs them; undefined without any. */
export function insensitive(c) {
  if (c.path) return new RegExp(CASE_SENSITIVE_REST.source).test(c.path) ? { ...c, path: c.path.replace(CASE_SENSITIVE_REST, (_m, op) => `$${op}i]`) } : undefined;
  const text = JSON.stringify([c.graphql, c.variables ?? null]);
  if (!new RegExp(CASE_SENSITIVE_GRAPHQL.source).test(text)) return undefined;
  const [graphql, variables] = JSON.parse(text.replace(CASE_SENSITIVE_GRAPHQL, (op) => `${op}i`));
  return variables === null ? { ...c, graphql } : { ...c, graphql, variables };
}

const INSENSITIVE_OPERATORS = ['eqi', 'nei', 'containsi', 'notContainsi', 'startsWithi', 'endsWithi'];
const INSENSITIVE_REST = new RegExp(`(\\$(?:${INSENSITIVE_OPERATORS.join('|')})\\](?:\\[\\d+\\])?=)([^&]*)`, 'g');
const INSENSITIVE_GRAPHQL = new RegExp(`\\b((?:${INSENSITIVE_OPERATORS.join('|')})\\s*:\\s*)"((?:[^"\\\\]|\\\\.)*)"`, 'g');

/** `text` in lower case where a letter beyond ASCII changes; undefined where SQLite's `lower()` would say the same. */
function foldedBeyondAscii(text) {
  const folded = text.toLowerCase();
  return folded === text.replace(/[A-Z]/g, (letter) => letter.toLowerCase()) ? undefined : folded;
}

/** The case with every case-insensitive operator's value in lower case (all letters); undefined when none has a letter SQLite would leave. */
export function foldedValues(c) {
  let changed = false;
  const fold = (text) => {
    const folded = foldedBeyondAscii(text);
    if (folded === undefined) return text;
    changed = true;
    return folded;
  };
  if (c.path) {
    const path = c.path.replace(INSENSITIVE_REST, (_m, operator, value) => {
      try {
        return operator + encodeURIComponent(fold(decodeURIComponent(value.replace(/\+/g, ' '))));
      } catch {
        return operator + value;
      }
    });
    return changed ? { ...c, path } : undefined;
  }
  const graphql = c.graphql.replace(INSENSITIVE_GRAPHQL, (whole, operator, value) => {
    try {
      return `${operator}${JSON.stringify(fold(JSON.parse(`"${value}"`)))}`;
    } catch {
      return whole;
    }
  });
  const walk = (value) => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, INSENSITIVE_OPERATORS.includes(key) && typeof item === 'string' ? fold(item) : walk(item)]));
  };
  const variables = c.variables === undefined ? undefined : walk(c.variables);
  if (!changed) return undefined;
  return variables === undefined ? { ...c, graphql } : { ...c, graphql, variables };
}

/** Whether a REST list answer shows fewer entries than its total. */
function isPartOfList(answer) {
  const data = answer.body?.data;
  const total = answer.body?.meta?.pagination?.total;
  return Array.isArray(data) && typeof total === 'number' && total > data.length;
}

/** The REST case sorted by id, as the gateway orders a list without `sort`. */
function byIdSort(c) {
  return { ...c, path: `${c.path}${c.path.includes('?') ? '&' : '?'}sort=id:asc` };
}

/** The answer with its root list in id order. */
function rootById(c, answer) {
  const a = clone(answer);
  const byId = (list) => (Array.isArray(list) ? [...list].sort((x, y) => Number(x?.id) - Number(y?.id)) : list);
  if (c.graphql) {
    for (const holder of Object.values(a.body?.data ?? {})) if (holder && typeof holder === 'object' && 'data' in holder) holder.data = byId(holder.data);
  } else if (a.body && 'data' in a.body) a.body.data = byId(a.body.data);
  return a;
}

/** The status diff.mjs gives a case a server did not answer. */
export const NO_ANSWER = 'no answer';

/** What the rewrites need, from the model and the seed; `ask` sends a case to the gateway (as diff.mjs asks it). */
export function deviationContext(model, seed, ask, askStrapi) {
  const drafts = new Map();
  for (const [uid, list] of Object.entries(seed.entries ?? {})) {
    const t = model.types.get(uid);
    if (!t?.draftAndPublish) continue;
    drafts.set(uid, new Set(list.filter((e) => e.publishedAt === null).map((e) => Number(e.id))));
  }
  const timestampNames = new Set();
  for (const t of [...model.types.values(), ...model.components.values()]) {
    for (const [name, a] of Object.entries(t.attributes ?? {})) if (a.type === 'timestamp') timestampNames.add(name);
  }
  const readable = new Set(seed.roles?.public?.find ?? []);
  return { model, drafts, readable, timestampNames, entries: seed.entries ?? {}, ask, askStrapi };
}

/** The deviations that explain a mismatch (their names), or undefined when they do not. */
export async function explain(c, want, got, ctx, compare) {
  // A server that did not answer (refused, timed out) has no answer a deviation could explain.
  if (want.status === NO_ANSWER || got.status === NO_ANSWER) return undefined;
  let [w, g] = [want, got];
  const used = [];
  for (const d of DEVIATIONS) {
    const next = await d.rewrite(c, w, g, ctx);
    if (!next) continue;
    const before = JSON.stringify([w.body, g.body, w.status, g.status, w.order, g.order]);
    [w, g] = next;
    if (JSON.stringify([w.body, g.body, w.status, g.status, w.order, g.order]) !== before) {
      used.push(d.name);
      // Rewritten answers no longer hold the text either server wrote: key order is not compared.
      [w, g] = [{ ...w, order: undefined }, { ...g, order: undefined }];
    }
    if (!compare(w, g).length) return used;
  }
  return undefined;
}
