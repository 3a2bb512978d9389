// The write generator's actions at the edges: deletes (twice, of missing entries), single types
// (put, delete, put again, a POST), localizations (and those of types without i18n), callers
// without the right (public, read-only, custom and invalid tokens), the error envelopes (no
// `data`, JSON that is invalid or no object, bodies nested thousands of levels, unknown routes),
// GraphQL updates and deletes of ids that name nothing, and lists.
import { gqlTypeName, isRelation, isScalar } from '../live/model.mjs';
import { writeAccess } from './access.mjs';
import { addStep, attributesWhere, collectionPath, entryKey, entryPath, isCollection, MISSING, oddAttribute, pickEntry, populateQuery, readBack, remember, tagOf, validBody } from './state.mjs';

export function remove(rng, state, type) {
  const ref = pickEntry(rng, state, type, { createdOnly: rng.chance(0.8) });
  if (ref === undefined || rng.chance(0.1)) {
    addStep(state, { action: 'delete', note: 'missing', method: 'DELETE', path: `${collectionPath(type)}/${MISSING}` });
    return;
  }
  const path = `${collectionPath(type)}/${entryPath(ref)}`;
  addStep(state, { action: 'delete', method: 'DELETE', path: `${path}${populateQuery(rng)}` });
  if (typeof ref !== 'number') state.deleted.add(ref.$id);
  else state.seedIds.set(type.uid, state.seedIds.get(type.uid).filter((id) => id !== ref));
  if (rng.chance(0.4)) addStep(state, { action: 'delete', note: 'again', method: 'DELETE', path });
  if (rng.chance(0.4)) addStep(state, { action: 'read', note: 'deleted', method: 'GET', path });
}

export function singleType(rng, state, type) {
  const path = `/api/${type.singularName}`;
  const locale = type.localized && rng.chance(0.2) ? `locale=${rng.pick(state.locales)}` : '';
  const variant = rng.weighted([[4, 'put'], [2, 'put-partial'], [2, 'put-odd'], [1, 'delete'], [1, 'post'], [1, 'get']]);
  const data = validBody(rng, state, type, tagOf(state));
  if (variant === 'put-partial') for (const key of Object.keys(data).slice(1)) delete data[key];
  // The odd value goes alone, as an update-odd's does: where Strapi stores it and we refuse it (a
  // documented deviation), the rest of a whole body would leave the two servers' data apart.
  const odd = variant === 'put-odd' ? oddAttribute(rng, type) : undefined;
  const sent = odd ? { [odd.attribute]: odd.value } : data;
  const query = [locale, rng.chance(0.4) ? 'populate=*' : ''].filter(Boolean).join('&');
  const method = { put: 'PUT', 'put-partial': 'PUT', 'put-odd': 'PUT', delete: 'DELETE', post: 'POST', get: 'GET' }[variant];
  const body = method === 'PUT' || method === 'POST' ? { data: sent } : undefined;
  addStep(state, { action: 'single', note: odd ? `${variant}:${odd.attribute}:${odd.name}` : variant, method, path: `${path}${query ? `?${query}` : ''}`, body });
  if (rng.chance(0.5)) readBack(rng, state, type);
}

export function localization(rng, state, type) {
  const ref = isCollection(type) ? pickEntry(rng, state, type) : undefined;
  if (isCollection(type) && ref === undefined) return;
  const path = isCollection(type) ? `${collectionPath(type)}/${entryPath(ref)}/localizations` : `/api/${type.singularName}/localizations`;
  const fields = validBody(rng, state, type, tagOf(state));
  const variant = rng.weighted([[5, 'plain'], [1, 'in-data'], [1, 'no-locale'], [1, 'unknown-locale']]);
  const key = isCollection(type) ? entryKey(type.uid, ref) : undefined;
  const other = state.locales.find((l) => l !== state.localeOf.get(key)) ?? state.locales[0];
  const locale = { plain: other, 'in-data': rng.pick(state.locales), 'no-locale': undefined, 'unknown-locale': 'xx' }[variant];
  const body = variant === 'in-data' ? { data: { ...fields, locale } } : { ...fields, locale };
  const index = addStep(state, { action: 'localization', note: variant, method: 'POST', path, body: JSON.parse(JSON.stringify(body)) });
  if (variant === 'plain' && key && state.localeOf.has(key) && !state.translated.has(key)) {
    remember(state, type.uid, index, locale);
    state.translated.add(key).add(entryKey(type.uid, { $id: index }));
  }
  if (isCollection(type) && rng.chance(0.5)) addStep(state, { action: 'read', note: 'localizations', method: 'GET', path: `${collectionPath(type)}/${entryPath(ref)}?populate=localizations${type.draftAndPublish ? '&publicationState=preview' : ''}` });
}

/**
 * A write by a caller other than the full-access token; permitted creates are remembered. `Basic`
 * credentials write only where the public role may not: Strapi reads them as the public role (a
 * documented deviation), and a write it made that way would leave the two servers' data apart.
 */
export function caller(rng, state, type) {
  const auth = rng.pick(['public', 'read', 'custom', 'invalid', 'basic', 'public', 'custom']);
  const access = writeAccess(state.model);
  const publicMay = (method) => (method === 'POST' && access.publicCreate.includes(type.uid)) || (method === 'PUT' && access.publicUpdate.includes(type.uid));
  const methods = (isCollection(type) ? ['POST', 'PUT', 'DELETE', 'POST'] : ['PUT', 'DELETE']).filter((m) => auth !== 'basic' || !publicMay(m));
  const method = rng.pick(methods);
  const ref = method === 'POST' || !isCollection(type) ? undefined : pickEntry(rng, state, type);
  if (method !== 'POST' && isCollection(type) && ref === undefined) return;
  const path = !isCollection(type) ? `/api/${type.singularName}` : method === 'POST' ? collectionPath(type) : `${collectionPath(type)}/${entryPath(ref)}`;
  const body = method === 'DELETE' ? undefined : { data: validBody(rng, state, type, tagOf(state)) };
  const index = addStep(state, { action: 'caller', note: `${auth}:${method}`, auth, method, path, body });
  const allowed = (action) => (auth === 'public' && action === 'create' && access.publicCreate.includes(type.uid)) || (auth === 'public' && action === 'update' && access.publicUpdate.includes(type.uid)) || (auth === 'custom' && access.customActions.includes(`${type.uid}.${action}`));
  if (method === 'POST' && allowed('create')) remember(state, type.uid, index);
  if (method === 'DELETE' && allowed('delete') && typeof ref === 'object') state.deleted.add(ref.$id);
}

/** JSON text of `levels` arrays (or `{"a": …}` objects) inside each other. */
const nested = (levels, kind = 'array') => (kind === 'array' ? `${'['.repeat(levels)}${']'.repeat(levels)}` : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);

/**
 * Bodies nested past what anything walks, on a collection type: in a scalar attribute (Strapi 500),
 * a JSON one (500), under an unknown key of `data` or of the body (Strapi 200: the rest is written,
 * so that rest holds no relation and the entry is not remembered), 50 levels (Strapi's type error).
 */
function deepBodies(rng, state, type) {
  const scalars = attributesWhere(type, (a) => isScalar(a) && a.type !== 'json' && a.type !== 'password');
  const json = attributesWhere(type, (a) => a.type === 'json');
  const rest = validBody(rng, state, type, tagOf(state));
  for (const a of attributesWhere(type, isRelation)) delete rest[a.name];
  const data = (text) => JSON.stringify({ data: { ...rest, nope: '__nested__' } }).replace('"__nested__"', text);
  const variants = [
    ['deep-unknown-key', data(nested(5000))],
    ['deep-top-key', JSON.stringify({ data: rest, nope: '__nested__' }).replace('"__nested__"', nested(5000, 'object'))],
    ...(scalars.length ? [['deep-attribute', JSON.stringify({ data: { [rng.pick(scalars).name]: '__nested__' } }).replace('"__nested__"', nested(5000, rng.pick(['array', 'object'])))]] : []),
    ...(scalars.length ? [['nested-50', JSON.stringify({ data: { [rng.pick(scalars).name]: '__nested__' } }).replace('"__nested__"', nested(50))]] : []),
    ...(json.length ? [['deep-json', JSON.stringify({ data: { [rng.pick(json).name]: '__nested__' } }).replace('"__nested__"', nested(5000))]] : []),
  ];
  return variants;
}

/** The answers every client meets: no `data`, bodies that are not JSON objects, unknown routes and ids. */
export function envelope(rng, state, type) {
  const base = isCollection(type) ? collectionPath(type) : `/api/${type.singularName}`;
  const write = isCollection(type) ? 'POST' : 'PUT';
  const json = (rawBody) => ({ method: write, path: base, rawBody, contentType: 'application/json' });
  const own = isCollection(type) ? pickEntry(rng, state, type) : undefined;
  const variants = [
    ['json-null', json('null')],
    ['json-string', json('"x"')],
    ['json-number', json('5')],
    ['json-array', json('[1]')],
    ['invalid-json-cut', json('{"data": {"title": "x"')],
    // Strapi reads the body before the caller (400 SyntaxError); we check the caller first (403).
    ['invalid-json-read-only', { ...json('{"data": {'), auth: 'read' }],
    ...(type.localized ? [] : [['localizations-without-i18n', { method: 'POST', path: isCollection(type) ? `${base}/${own === undefined ? 1 : entryPath(own)}/localizations` : `${base}/localizations`, body: { locale: 'fr' } }]]),
    ...(isCollection(type) ? deepBodies(rng, state, type).map(([name, rawBody]) => [name, json(rawBody)]) : []),
    ['empty-object', { method: write, path: base, body: {} }],
    ['data-null', { method: write, path: base, body: { data: null } }],
    ['data-string', { method: write, path: base, body: { data: 'text' } }],
    ['data-array', { method: write, path: base, body: { data: [{}] } }],
    ['no-body', { method: write, path: base, rawBody: '' }],
    ['text-plain', { method: write, path: base, rawBody: 'data=1', contentType: 'text/plain' }],
    ['invalid-json', { method: write, path: base, rawBody: '{"data": {', contentType: 'application/json' }],
    ['form-encoded', { method: write, path: base, rawBody: 'data[name]=x', contentType: 'application/x-www-form-urlencoded' }],
    ['unknown-route', { method: 'POST', path: '/api/no-such-things', body: { data: {} } }],
    ['put-missing', { method: 'PUT', path: `${base}/${MISSING}`, body: { data: {} } }],
    ['post-on-id', { method: 'POST', path: `${base}/1`, body: { data: {} } }],
    ['put-on-collection', { method: 'PUT', path: base, body: { data: {} } }],
    ['patch', { method: 'PATCH', path: `${base}/1`, body: { data: {} } }],
    ['get-missing', { method: 'GET', path: `${base}/${MISSING}` }],
    ['non-numeric-id', { method: 'PUT', path: `${base}/abc`, body: { data: {} } }],
  ];
  const [name, step] = rng.pick(variants);
  addStep(state, { action: 'envelope', note: name, ...step });
}

/**
 * A GraphQL update or delete of an id that names nothing (`{ data: null }` for Strapi, no error),
 * on a localized type sometimes with a `locale`.
 */
export function graphqlMissing(rng, state, type) {
  const name = gqlTypeName(state.model, type.uid);
  const locale = type.localized && rng.chance(0.3) ? `, locale: "${rng.pick(state.locales)}"` : '';
  const [variant, field] = rng.pick([['update', `update${name}(id: ${MISSING}${locale}, data: {}) { data { id } }`], ['delete', `delete${name}(id: ${MISSING}${locale}) { data { id } }`]]);
  addStep(state, { action: 'graphql-missing', note: variant, method: 'POST', path: '/graphql', body: { query: `mutation { ${field} }` } });
}

export function list(rng, state, type) {
  const preview = type.draftAndPublish ? '&publicationState=preview' : '';
  addStep(state, { action: 'list', method: 'GET', path: `${collectionPath(type)}?sort[0]=id:desc&pagination[pageSize]=3&populate=*${preview}` });
}
