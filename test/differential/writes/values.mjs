// Attribute values for the write differential: a valid value of every attribute kind (honouring
// required, min/max, lengths, regex, enumerations, unique), and the invalid or borderline values a
// client sends (numeric strings, bad dates, unknown enum values, too long...), each named.
import { MEDIA_UID, isComponent, isDynamicZone, isMedia, isRelation } from '../live/model.mjs';

const WORDS = ['alpha', 'bravo', 'delta', 'echo', 'golf', 'hotel', 'kilo', 'lima', 'oscar', 'papa', 'romeo', 'tango'];

/** A lowercase word of at least `min` and at most `max` characters. */
function sized(rng, tag, min = 0, max = 60) {
  let text = `${rng.pick(WORDS)}-${tag}`;
  while (text.length < min) text += `-${rng.pick(WORDS)}`;
  return text.slice(0, Math.max(min, Math.min(max, text.length)));
}

/** Whether a string fits the attribute's regex (true without one). */
const fitsRegex = (a, text) => !a.regex || new RegExp(a.regex).test(text);

function validText(rng, a, tag) {
  const text = sized(rng, tag, a.minLength ?? 0, a.maxLength ?? 60);
  if (fitsRegex(a, text)) return text;
  const letters = text.replace(/[^a-z]/g, '') || 'page';
  return fitsRegex(a, letters) ? letters : undefined;
}

function validNumber(rng, a) {
  const lo = a.min ?? -1000;
  const hi = a.max ?? 100000;
  if (a.type === 'integer') return rng.int(Math.ceil(lo), Math.floor(hi));
  if (a.type === 'biginteger') return rng.pick(['9007199254740993', '123', '-42', String(rng.int(0, 1e6))]);
  return Math.round((lo + (hi - lo) * rng.next()) * 100) / 100;
}

/** A valid value of a scalar attribute, `tag` making unique strings unique. */
export function validScalar(rng, a, tag) {
  switch (a.type) {
    case 'string': case 'text': case 'richtext': return validText(rng, a, tag);
    case 'uid': return `${rng.pick(WORDS)}-${tag}`;
    case 'email': return `writer-${tag}@example.com`;
    case 'password': return `secret-${tag}-pass`;
    case 'enumeration': return rng.pick(a.enum);
    case 'integer': case 'biginteger': case 'float': case 'decimal': return validNumber(rng, a);
    case 'boolean': return rng.chance(0.5);
    case 'date': return rng.pick(['2024-02-29', '1999-12-31', '2030-06-01']);
    case 'time': return rng.pick(['12:34:56', '00:00:00.000', '23:59:59.123']);
    case 'datetime': case 'timestamp': return rng.pick(['2024-01-02T03:04:05.000Z', '2021-06-07T08:09:10.123Z']);
    case 'json': return rng.pick([{ a: [1, 'two', null] }, [1, 2, 3], 'text', 12, { nested: { deep: true } }]);
    default: return undefined;
  }
}

const tooLong = (a) => (a.maxLength !== undefined ? 'x'.repeat(a.maxLength + 3) : undefined);
const tooShort = (a) => (a.minLength ? 'x'.repeat(a.minLength - 1) : undefined);

/** Named invalid or borderline values of a scalar attribute (Strapi may accept some: recorded as it answers). */
export function oddScalars(a) {
  const common = [['null', null], ['object', { a: 1 }], ['array', [1]]];
  const text = [['number', 12], ['too-long', tooLong(a)], ['too-short', tooShort(a)], ['bad-regex', a.regex ? 'Not Matching 123 !' : undefined], ['empty', '']];
  const byKind = {
    string: text, text, richtext: text,
    uid: [['spaces', 'Not A Uid!'], ['empty', ''], ['number', 12]],
    email: [['bad-email', 'not-an-email'], ['number', 12], ['empty', '']],
    password: [['short', 'ab'], ['number', 12]],
    enumeration: [['bad-enum', 'not-a-value'], ['number', 1], ['case', String(a.enum?.[0] ?? '').toUpperCase()]],
    integer: [['numeric-string', '12'], ['junk-suffix', '12abc'], ['fraction', 1.5], ['below-min', a.min !== undefined ? a.min - 1 : undefined], ['above-max', a.max !== undefined ? a.max + 1 : undefined], ['word', 'abc'], ['huge', 2 ** 40], ['bool', true]],
    biginteger: [['junk-suffix', '12abc'], ['number', 12], ['fraction', '1.5'], ['word', 'abc'], ['huge-number', 9007199254740993]],
    float: [['numeric-string', '3.25'], ['word', 'abc'], ['bool', true]],
    decimal: [['numeric-string', '3.25'], ['word', 'abc'], ['exponent', '1e3']],
    boolean: [['string-true', 'true'], ['string-false', 'false'], ['one', 1], ['zero', 0], ['yes', 'yes'], ['word', 'abc']],
    date: [['bad-month', '2024-13-01'], ['not-leap', '2023-02-29'], ['word', 'tomorrow'], ['datetime', '2024-02-29T10:00:00.000Z'], ['number', 20240101]],
    time: [['bad-hour', '25:00:00'], ['short', '12:34'], ['word', 'noon'], ['number', 1234]],
    datetime: [['word', 'yesterday'], ['date-only', '2024-01-02'], ['epoch', 1700000000000], ['offset', '2024-01-02T03:04:05+02:00']],
    timestamp: [['word', 'yesterday'], ['epoch', 1700000000000]],
    json: [['string', 'just text'], ['number', 12], ['array', [1, 'a']]],
  };
  return [...(byKind[a.type] ?? []), ...common].filter(([, v]) => v !== undefined);
}

/** A valid value of a component's (or content-type's) attributes, relations and media excluded unless `ids` gives targets. */
export function validFields(rng, model, attributes, tag, ids, depth = 0) {
  const out = {};
  for (const a of Object.values(attributes)) {
    if (a.type === 'password' || (!a.required && rng.chance(0.3))) continue;
    const value = validValue(rng, model, a, `${tag}${a.name.length}`, ids, depth);
    if (value !== undefined) out[a.name] = value;
  }
  return out;
}

/** A valid value of any attribute: scalars, media and relations (by `ids(uid)`), components, zones. */
export function validValue(rng, model, a, tag, ids, depth = 0) {
  if (isMedia(a)) {
    const media = ids(MEDIA_UID);
    return a.multiple ? rng.sample(media, rng.int(1, 2)) : rng.pick(media);
  }
  if (isRelation(a)) {
    if (depth > 0 && !rng.chance(0.5)) return undefined;
    const targets = ids(a.target);
    if (!targets.length) return undefined;
    return /ToMany$|manyWay/.test(a.relation) ? rng.sample(targets, rng.int(1, 2)) : rng.pick(targets);
  }
  if (isComponent(a)) {
    if (depth > 1) return undefined;
    const c = model.components.get(a.component);
    const one = () => validFields(rng, model, c.attributes, tag, ids, depth + 1);
    return a.repeatable ? Array.from({ length: rng.int(1, 2) }, one) : one();
  }
  if (isDynamicZone(a)) {
    if (depth > 0) return undefined;
    return Array.from({ length: rng.int(1, 2) }, () => {
      const uid = rng.pick(a.components);
      return { __component: uid, ...validFields(rng, model, model.components.get(uid).attributes, tag, ids, depth + 1) };
    });
  }
  return validScalar(rng, a, tag);
}
