// Deterministic pseudo-random numbers and text from integers: the same (index, salt) always
// gives the same value, so datasets are reproducible without carrying generator state.

const WORDS = (
  'content gateway article review guide news field notes harbour river mountain city garden ' +
  'winter summer morning evening light shadow market station bridge library museum kitchen ' +
  'recipe journey signal network archive letter chapter season island forest coast valley ' +
  'street window engine method pattern measure answer question reader writer editor story ' +
  'paper screen studio record voice image colour detail moment history future'
).split(' ');

/** A 32-bit integer hash (Wellons' lowbias32): well mixed, cheap, and stable across runs. */
export function mix(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A number in [0, n) for entry `index` and a per-field `salt`. */
export function pick(index: number, salt: number, n: number): number {
  return mix(mix(index) ^ Math.imul(salt, 0x9e3779b1)) % n;
}

/** `count` words chosen for (index, salt), space-separated. */
export function words(index: number, salt: number, count: number): string {
  const out: string[] = [];
  for (let k = 0; k < count; k++) out.push(WORDS[pick(index, salt * 97 + k, WORDS.length)]);
  return out.join(' ');
}

/** A sentence of `min`..`max` words, capitalised, ending with a full stop. */
export function sentence(index: number, salt: number, min: number, max: number): string {
  const text = words(index, salt, min + pick(index, salt + 1, max - min + 1));
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/** A title: capitalised words. */
export function title(index: number, salt: number, count: number): string {
  return words(index, salt, count).replace(/\b\w/g, (c) => c.toUpperCase());
}

/** `YYYY-MM-DD`, `days` after 2020-01-01. */
export function isoDate(days: number): string {
  return new Date(Date.UTC(2020, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);
}

/** An ISO 8601 date-time, `minutes` after 2023-01-01T00:00Z. */
export function isoDateTime(minutes: number): string {
  return new Date(Date.UTC(2023, 0, 1) + minutes * 60_000).toISOString();
}
