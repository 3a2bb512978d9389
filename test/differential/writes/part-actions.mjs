// The write generator's actions on an entry's parts: components (updated in place by their id,
// replaced without one, removed with null, nested values invalid), dynamic zones (replaced, emptied,
// items naming no, an unknown, a foreign, a null or a number component, two bad items, a valid
// item then a bad one), and drafts (publishing, unpublishing).
import { isComponent, isDynamicZone } from '../live/model.mjs';
import { addStep, attributesWhere, collectionPath, entryPath, isCollection, MISSING, pickEntry, readBack, tagOf, targetIds, typePath } from './state.mjs';
import { oddScalars, validFields, validValue } from './values.mjs';

/** The path of an entry to write to (a single type's own path), or undefined when there is none. */
function writePath(rng, state, type) {
  if (!isCollection(type)) return { path: typePath(type), ref: undefined };
  const ref = pickEntry(rng, state, type);
  return ref === undefined ? undefined : { path: `${collectionPath(type)}/${entryPath(ref)}`, ref };
}

/** Valid fields of a component with one scalar replaced by an odd value, when it has one. */
function oddComponent(rng, state, c, tag) {
  const fields = validFields(rng, state.model, c.attributes, tag, (uid) => targetIds(state, uid), 1);
  const scalars = Object.values(c.attributes).filter((a) => oddScalars(a).length);
  if (scalars.length) {
    const a = rng.pick(scalars);
    fields[a.name] = rng.pick(oddScalars(a))[1];
  }
  return fields;
}

function componentValue(rng, state, a, read) {
  const c = state.model.components.get(a.component);
  const tag = tagOf(state);
  const partial = () => {
    const all = validFields(rng, state.model, c.attributes, tag, (uid) => targetIds(state, uid), 1);
    return Object.fromEntries(rng.sample(Object.entries(all), rng.int(1, 2)));
  };
  const whole = () => validValue(rng, state.model, a, tag, (uid) => targetIds(state, uid));
  const withId = (index) => ({ id: { $component: [read, a.name, index] }, ...partial() });
  const variants = [
    ['with-id', a.repeatable ? [withId(0), ...(rng.chance(0.5) ? [partial()] : [])] : withId(undefined)],
    ['without-id', whole()],
    ['null', null],
    ['odd-nested', a.repeatable ? [oddComponent(rng, state, c, tag)] : oddComponent(rng, state, c, tag)],
    ['missing-id', a.repeatable ? [{ id: MISSING, ...partial() }] : { id: MISSING, ...partial() }],
    ['wrong-shape', a.repeatable ? partial() : [partial()]],
  ];
  return rng.pick(variants);
}

export function componentEdit(rng, state, type) {
  const a = rng.pick(attributesWhere(type, isComponent));
  const target = writePath(rng, state, type);
  if (!a || !target) return;
  // The ids of `with-id` come from this read's answer, so it shows drafts (the gateway answers a
  // draft's live read by id 404, a documented deviation, and would have no ids to send).
  const read = readBack(rng, state, type, target.ref, a.name, { drafts: true });
  const [name, value] = componentValue(rng, state, a, read);
  addStep(state, { action: 'component', note: `${a.name}:${name}`, method: 'PUT', path: target.path, body: { data: { [a.name]: value } } });
  readBack(rng, state, type, target.ref, a.name);
}

function zoneValue(rng, state, a) {
  const tag = tagOf(state);
  const ids = (uid) => targetIds(state, uid);
  const foreign = [...state.model.components.keys()].filter((uid) => !a.components.includes(uid));
  const item = (uid) => ({ __component: uid, ...validFields(rng, state.model, state.model.components.get(uid).attributes, tag, ids, 1) });
  const variants = [
    ['replace', validValue(rng, state.model, a, tag, ids)],
    ['replace', validValue(rng, state.model, a, tag, ids)],
    ['empty', []],
    ['null', null],
    ['no-component-name', [{ ...item(rng.pick(a.components)), __component: undefined }]],
    ['unknown-component', [{ __component: 'nope.nothing', title: 'x' }]],
    ['null-component', [{ __component: null }]],
    ['number-component', [{ __component: 5 }]],
    ['two-bad-items', [{ __component: 'nope.nothing' }, { title: 'x' }]],
    ['valid-then-unknown', [item(rng.pick(a.components)), { __component: 'nope.nothing' }]],
    ['foreign-component', foreign.length ? [item(rng.pick(foreign))] : undefined],
    ['not-an-array', item(rng.pick(a.components))],
    ['odd-item', [{ __component: a.components[0], ...oddComponent(rng, state, state.model.components.get(a.components[0]), tag) }]],
  ];
  return rng.pick(variants.filter(([, v]) => v !== undefined));
}

export function zoneEdit(rng, state, type) {
  const a = rng.pick(attributesWhere(type, isDynamicZone));
  const target = writePath(rng, state, type);
  if (!a || !target) return;
  const [name, value] = zoneValue(rng, state, a);
  addStep(state, { action: 'zone', note: `${a.name}:${name}`, method: 'PUT', path: target.path, body: { data: { [a.name]: JSON.parse(JSON.stringify(value)) } } });
  readBack(rng, state, type, target.ref, a.name);
}

/** Publishing and unpublishing (publishedAt updates), and reads in both publication states. */
export function draftEdit(rng, state, type) {
  const target = writePath(rng, state, type);
  if (!target) return;
  const [name, publishedAt] = rng.pick([['unpublish', null], ['publish-date', '2023-05-06T07:08:09.000Z'], ['bad-date', 'not a date'], ['unpublish', null]]);
  addStep(state, { action: 'draft', note: name, method: 'PUT', path: target.path, body: { data: { publishedAt } } });
  const path = target.ref === undefined ? target.path : `${collectionPath(type)}/${entryPath(target.ref)}`;
  addStep(state, { action: 'read', note: 'live', method: 'GET', path });
  addStep(state, { action: 'read', note: 'preview', method: 'GET', path: `${path}?publicationState=preview` });
}
