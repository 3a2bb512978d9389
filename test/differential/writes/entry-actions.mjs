// The write generator's actions on an entry's own attributes and relations: creates (valid, with
// odd values, without a required attribute, with keys Strapi ignores, in a locale named in the
// body or the query string, known or not), partial updates (`?locale=` the entry's, another,
// unknown), and the relation operations (plain ids, set, connect with positions of every shape,
// disconnect, null, missing ids, a to-one given several ids in every form).
import { isRelation } from '../live/model.mjs';
import { addStep, attributesWhere, collectionPath, entryKey, entryPath, MISSING, oddAttribute, pickEntry, populateQuery, readBack, remember, tagOf, targetIds, validBody } from './state.mjs';

/** `query` (`''` or `?…`) with one more parameter. */
const withParameter = (query, parameter) => `${query || '?'}${query ? '&' : ''}${parameter}`;

/** A body's relations left out: an entry only one server makes must show in no other entry's answers. */
function withoutRelations(type, data) {
  for (const a of attributesWhere(type, isRelation)) delete data[a.name];
  return data;
}

export function create(rng, state, type) {
  const data = validBody(rng, state, type, tagOf(state));
  let query = populateQuery(rng);
  if (type.draftAndPublish) data.publishedAt = rng.weighted([[6, undefined], [3, null], [1, '2022-03-04T05:06:07.000Z']]);
  let locale = state.locales[0];
  // Strapi ignores `?locale=` on a create (an English entry); we make the entry in that locale, or
  // refuse an unknown one: not remembered, so no later step names it (documented: `query-locale`).
  let elsewhere = false;
  const variant = rng.weighted([[type.localized ? 25 : 0, 'localized'], [6, 'unknown-query-locale'], [69, 'plain']]);
  if (variant === 'localized') {
    locale = rng.pick(state.locales);
    if (rng.chance(0.5)) data.locale = locale;
    else {
      query = withParameter(query, `locale=${locale}`);
      elsewhere = locale !== state.locales[0];
    }
  } else if (variant === 'unknown-query-locale') {
    query = withParameter(query, 'locale=xx');
    elsewhere = type.localized;
  }
  const note = variant === 'unknown-query-locale' ? variant : elsewhere ? 'query-locale' : undefined;
  const index = addStep(state, { action: 'create', note, method: 'POST', path: `${collectionPath(type)}${query}`, body: { data: elsewhere ? withoutRelations(type, data) : data } });
  if (elsewhere) return;
  remember(state, type.uid, index, locale);
  if (rng.chance(0.4)) readBack(rng, state, type, { $id: index });
}

/** A create whose body breaks one or two rules, or carries keys Strapi ignores. */
export function createOdd(rng, state, type) {
  const data = validBody(rng, state, type, tagOf(state));
  const variant = rng.weighted([[6, 'odd'], [2, 'two-odd'], [2, 'required-missing'], [2, 'ignored-keys'], [1, 'several-to-one']]);
  const odd = variant === 'odd' || variant === 'two-odd' ? [oddAttribute(rng, type), variant === 'two-odd' ? oddAttribute(rng, type) : undefined].filter(Boolean) : [];
  for (const o of odd) data[o.attribute] = o.value;
  // An odd value Strapi stores where we refuse it (a documented deviation) makes an entry only
  // Strapi has: without relations it shows in no other entry's answers, only in lists of its type.
  if (odd.length) for (const a of attributesWhere(type, isRelation)) delete data[a.name];
  const required = attributesWhere(type, (a) => a.required);
  // A to-one relation given several ids: Strapi makes the entry with a link to each (we refuse it).
  const toOne = attributesWhere(type, (a) => linksApart(a) && targetIds(state, a.target).length > 1);
  if (variant === 'several-to-one' && toOne.length) {
    // Strapi makes this entry and we refuse it: its other relations could take targets from other entries.
    const a = rng.pick(toOne);
    withoutRelations(type, data)[a.name] = severalIds(rng, rng.sample(targetIds(state, a.target), 2))[1];
  }
  if (variant === 'required-missing' && required.length) delete data[rng.pick(required).name];
  if (variant === 'ignored-keys') Object.assign(data, rng.pick([{ id: 4242 }, { createdAt: '2001-01-01T00:00:00.000Z', updatedAt: '2001-01-01T00:00:00.000Z' }, { notAnAttribute: 'x' }, { __proto__x: 1, documentId: 'abc' }]));
  const name = variant === 'odd' || variant === 'two-odd' ? odd.map((o) => `${o.attribute}:${o.name}`).join(',') : variant;
  const index = addStep(state, { action: 'create-odd', note: name, method: 'POST', path: `${collectionPath(type)}${populateQuery(rng)}`, body: { data } });
  if (variant === 'ignored-keys') remember(state, type.uid, index);
}

/**
 * An update's `?locale=`: none; the entry's own; another known one or an unknown one, which Strapi
 * ignores (writing the entry) and we refuse, so that body is empty and leaves both alike.
 */
function updateLocale(rng, state, type, ref) {
  const variant = rng.weighted([[20, 'none'], [type.localized ? 2 : 0, 'own-locale'], [type.localized && state.locales.length > 1 ? 1 : 0, 'other-locale'], [1, 'unknown-locale']]);
  const own = state.localeOf.get(entryKey(type.uid, ref)) ?? state.locales[0];
  const locale = { none: undefined, 'own-locale': own, 'other-locale': state.locales.find((l) => l !== own), 'unknown-locale': 'xx' }[variant];
  return { variant, query: locale === undefined ? '' : `locale=${locale}`, refused: type.localized && (variant === 'other-locale' || variant === 'unknown-locale') };
}

export function update(rng, state, type) {
  const ref = pickEntry(rng, state, type);
  if (ref === undefined) return;
  const full = validBody(rng, state, type, tagOf(state));
  const keys = rng.sample(Object.keys(full), rng.int(1, 3));
  const locale = updateLocale(rng, state, type, ref);
  const data = locale.refused ? {} : Object.fromEntries(keys.map((k) => [k, full[k]]));
  const query = locale.query ? withParameter(populateQuery(rng), locale.query) : populateQuery(rng);
  addStep(state, { action: 'update', note: locale.variant === 'none' ? undefined : locale.variant, method: 'PUT', path: `${collectionPath(type)}/${entryPath(ref)}${query}`, body: { data } });
  if (rng.chance(0.5)) readBack(rng, state, type, ref);
}

export function updateOdd(rng, state, type) {
  const ref = pickEntry(rng, state, type);
  const odd = oddAttribute(rng, type);
  if (ref === undefined || !odd) return;
  addStep(state, { action: 'update-odd', note: `${odd.attribute}:${odd.name}`, method: 'PUT', path: `${collectionPath(type)}/${entryPath(ref)}`, body: { data: { [odd.attribute]: odd.value } } });
  if (rng.chance(0.3)) readBack(rng, state, type, ref);
}

/**
 * Whether a link through `a` leaves every other entry's links as they are: a many-to-one, a one-way
 * one-to-one or to-many, or either side of a many-to-many. Where Strapi writes what we refuse, only
 * these can be set alike again afterwards (a two-sided one-to-one, or the `mappedBy` side of a
 * one-to-many, takes its target from the entry that held it).
 */
function linksApart(a) {
  if (a.relation === 'manyToOne' || a.relation === 'manyToMany') return true;
  return (a.relation === 'oneToOne' || a.relation === 'oneToMany' || /Way$/.test(a.relation)) && !a.mappedBy && !a.inversedBy;
}

/** Two ids of a to-one relation in one of the forms a client sends them. */
function severalIds(rng, [first, second]) {
  return rng.pick([
    ['several-list', [first, second]],
    ['several-connect', { connect: [first, second] }],
    ['several-set', { set: [first, second] }],
    ['several-connect-objects', { connect: [{ id: first }, { id: second }] }],
  ]);
}

/**
 * Positions that are not `{ before | after: id }` or `{ start | end: true }`: Strapi appends (a
 * string, an array, a number, an unknown key), answers 500 (a string id) or refuses (an object as
 * the anchor, both anchors); `null`, `{}` and `{ start: false }` are no position for both.
 */
function oddPosition(rng, state, a, one) {
  const seeded = state.seedIds.get(a.target) ?? [];
  return rng.pick([
    'start', 'end', [1], 0, {}, null, { start: false }, { foo: 1 }, { before: { $gt: 0 } }, { before: one(), after: one() },
    ...(seeded.length ? [{ before: String(rng.pick(seeded)) }] : []),
  ]);
}

/** The relation operations a client sends for one relation attribute. */
function relationValue(rng, state, a) {
  const targets = targetIds(state, a.target);
  const one = () => rng.pick(targets);
  const toMany = /ToMany$|manyWay/.test(a.relation);
  const positions = [{ before: one() }, { after: one() }, { start: true }, { end: true }];
  // What Strapi writes though it should refuse: positions that are none, a to-one given several ids.
  const refusable = !linksApart(a) ? [] : toMany
    ? [['position-shape', { connect: [{ id: one(), position: oddPosition(rng, state, a, one) }] }]]
    : targets.length > 1 ? [severalIds(rng, rng.sample(targets, 2)), ['one-in-list', [one()]], ['connect-and-disconnect-one', { connect: [one()], disconnect: [one()] }]] : [];
  if (refusable.length && rng.chance(0.3)) return rng.pick(refusable);
  const variants = [
    ['plain', toMany ? rng.sample(targets, rng.int(1, 3)) : one()],
    // A to-one's `set` names one id at most here: several are a refusable form above.
    ['set', { set: rng.sample(targets, rng.int(0, toMany ? 2 : 1)).map((id) => (rng.chance(0.5) ? id : { id })) }],
    ['connect', { connect: [{ id: one() }] }],
    ['connect-position', { connect: [{ id: one(), position: rng.pick(positions) }] }],
    // Two ids for a to-one is a refusable form above.
    ...(toMany ? [['connect-two-positions', { connect: [{ id: one(), position: { start: true } }, { id: one(), position: { after: one() } }] }]] : []),
    ['disconnect', { disconnect: [one()] }],
    ['connect-disconnect', { connect: [one()], disconnect: [one()] }],
    ['null', null],
    ['empty-array', []],
    ['missing-id', toMany ? [one(), MISSING] : MISSING],
    ['connect-missing', { connect: [{ id: MISSING }] }],
    ['string-id', toMany ? [String(rng.pick(state.seedIds.get(a.target) ?? [1]))] : String(rng.pick(state.seedIds.get(a.target) ?? [1]))],
    ['duplicates', toMany ? [targets[0], targets[0]] : [one()]],
    ['position-missing-anchor', { connect: [{ id: one(), position: { before: MISSING } }] }],
  ];
  return rng.pick(variants.filter(([, v]) => !(v === undefined || (typeof v === 'object' && v !== null && JSON.stringify(v).includes('undefined')))));
}

/** A relation attribute of `type` a write can name (it has targets); `test` narrows them. */
const writableRelations = (state, type, test = () => true) => attributesWhere(type, (x) => isRelation(x) && targetIds(state, x.target).length > 0 && test(x));

/** The to-many relations whose `connect` positions can be set alike again after Strapi ignores one. */
export const positionable = (state, type) => writableRelations(state, type, (x) => /ToMany$|manyWay/.test(x.relation) && linksApart(x));

/** One relation operation on an entry, then a read of it; `only` asks for positions that are none. */
export function relation(rng, state, type, { only } = {}) {
  const ref = pickEntry(rng, state, type);
  const a = rng.pick(only ? positionable(state, type) : writableRelations(state, type));
  if (ref === undefined || !a) return;
  const [name, value] = only ? ['position-shape', { connect: [{ id: rng.pick(targetIds(state, a.target)), position: oddPosition(rng, state, a, () => rng.pick(targetIds(state, a.target))) }] }] : relationValue(rng, state, a);
  const path = `${collectionPath(type)}/${entryPath(ref)}`;
  addStep(state, { action: 'relation', note: `${a.name}:${name}${a.mappedBy ? ':mappedBy' : ''}`, method: 'PUT', path: `${path}${rng.pick(['', `?populate=${a.name}`])}`, body: { data: { [a.name]: value } } });
  // Where Strapi writes what we refuse (several ids, a position it ignores), both are set alike again.
  if (name.startsWith('several') || name === 'position-shape') {
    const reset = /ToMany$|manyWay/.test(a.relation) ? { set: rng.sample(targetIds(state, a.target), rng.int(0, 2)) } : rng.pick(targetIds(state, a.target));
    addStep(state, { action: 'relation', note: `${a.name}:reset`, method: 'PUT', path, body: { data: { [a.name]: reset } } });
  }
  readBack(rng, state, type, ref, a.name);
}

/** A `connect` position of one of every shape a client sends (see {@link oddPosition}). */
export function position(rng, state, type) {
  relation(rng, state, type, { only: 'position-shape' });
}

