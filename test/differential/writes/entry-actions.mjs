// The write generator's actions on an entry's own attributes and relations: creates (valid, with
// odd values, without a required attribute, with keys Strapi ignores), partial updates, and the
// relation operations (plain ids, set, connect with positions, disconnect, null, missing ids).
import { isRelation } from '../live/model.mjs';
import { addStep, attributesWhere, collectionPath, entryPath, MISSING, oddAttribute, pickEntry, populateQuery, readBack, remember, tagOf, targetIds, validBody } from './state.mjs';

export function create(rng, state, type) {
  const data = validBody(rng, state, type, tagOf(state));
  let query = populateQuery(rng);
  if (type.draftAndPublish) data.publishedAt = rng.weighted([[6, undefined], [3, null], [1, '2022-03-04T05:06:07.000Z']]);
  let locale = state.locales[0];
  if (type.localized && rng.chance(0.25)) {
    locale = rng.pick(state.locales);
    if (rng.chance(0.5)) data.locale = locale;
    else query = `${query || '?'}${query ? '&' : ''}locale=${locale}`;
  }
  const index = addStep(state, { action: 'create', method: 'POST', path: `${collectionPath(type)}${query}`, body: { data } });
  remember(state, type.uid, index, locale);
  if (rng.chance(0.4)) readBack(rng, state, type, { $id: index });
}

/** A create whose body breaks one or two rules, or carries keys Strapi ignores. */
export function createOdd(rng, state, type) {
  const data = validBody(rng, state, type, tagOf(state));
  const variant = rng.weighted([[6, 'odd'], [2, 'two-odd'], [2, 'required-missing'], [2, 'ignored-keys']]);
  const odd = variant === 'odd' || variant === 'two-odd' ? [oddAttribute(rng, type), variant === 'two-odd' ? oddAttribute(rng, type) : undefined].filter(Boolean) : [];
  for (const o of odd) data[o.attribute] = o.value;
  // An odd value Strapi stores where we refuse it (a documented deviation) makes an entry only
  // Strapi has: without relations it shows in no other entry's answers, only in lists of its type.
  if (odd.length) for (const a of attributesWhere(type, isRelation)) delete data[a.name];
  const required = attributesWhere(type, (a) => a.required);
  if (variant === 'required-missing' && required.length) delete data[rng.pick(required).name];
  if (variant === 'ignored-keys') Object.assign(data, rng.pick([{ id: 4242 }, { createdAt: '2001-01-01T00:00:00.000Z', updatedAt: '2001-01-01T00:00:00.000Z' }, { notAnAttribute: 'x' }, { __proto__x: 1, documentId: 'abc' }]));
  const name = variant === 'odd' || variant === 'two-odd' ? odd.map((o) => `${o.attribute}:${o.name}`).join(',') : variant;
  const index = addStep(state, { action: 'create-odd', note: name, method: 'POST', path: `${collectionPath(type)}${populateQuery(rng)}`, body: { data } });
  if (variant === 'ignored-keys') remember(state, type.uid, index);
}

export function update(rng, state, type) {
  const ref = pickEntry(rng, state, type);
  if (ref === undefined) return;
  const full = validBody(rng, state, type, tagOf(state));
  const keys = rng.sample(Object.keys(full), rng.int(1, 3));
  const data = Object.fromEntries(keys.map((k) => [k, full[k]]));
  addStep(state, { action: 'update', method: 'PUT', path: `${collectionPath(type)}/${entryPath(ref)}${populateQuery(rng)}`, body: { data } });
  if (rng.chance(0.5)) readBack(rng, state, type, ref);
}

export function updateOdd(rng, state, type) {
  const ref = pickEntry(rng, state, type);
  const odd = oddAttribute(rng, type);
  if (ref === undefined || !odd) return;
  addStep(state, { action: 'update-odd', note: `${odd.attribute}:${odd.name}`, method: 'PUT', path: `${collectionPath(type)}/${entryPath(ref)}`, body: { data: { [odd.attribute]: odd.value } } });
  if (rng.chance(0.3)) readBack(rng, state, type, ref);
}

/** The relation operations a client sends for one relation attribute. */
function relationValue(rng, state, a) {
  const targets = targetIds(state, a.target);
  const one = () => rng.pick(targets);
  const toMany = /ToMany$|manyWay/.test(a.relation);
  const positions = [{ before: one() }, { after: one() }, { start: true }, { end: true }];
  const variants = [
    ['plain', toMany ? rng.sample(targets, rng.int(1, 3)) : one()],
    ['set', { set: rng.sample(targets, rng.int(0, 2)).map((id) => (rng.chance(0.5) ? id : { id })) }],
    ['connect', { connect: [{ id: one() }] }],
    ['connect-position', { connect: [{ id: one(), position: rng.pick(positions) }] }],
    ['connect-two-positions', { connect: [{ id: one(), position: { start: true } }, { id: one(), position: { after: one() } }] }],
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

export function relation(rng, state, type) {
  const ref = pickEntry(rng, state, type);
  const a = rng.pick(attributesWhere(type, (x) => isRelation(x) && targetIds(state, x.target).length));
  if (ref === undefined || !a) return;
  const [name, value] = relationValue(rng, state, a);
  addStep(state, { action: 'relation', note: `${a.name}:${name}${a.mappedBy ? ':mappedBy' : ''}`, method: 'PUT', path: `${collectionPath(type)}/${entryPath(ref)}${rng.pick(['', `?populate=${a.name}`])}`, body: { data: { [a.name]: value } } });
  readBack(rng, state, type, ref, a.name);
}

