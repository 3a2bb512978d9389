// A password -> its hash as Strapi v4 writes it (bcrypt, `$2a$`, cost 10); a password and a stored
// hash (bcrypt of any prefix, or this project's older `scrypt$…`) -> whether they match.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hash, hashSync, verify } from '@node-rs/bcrypt';

/** Strapi v4 hashes with bcryptjs at cost 10 and its `$2a$` prefix; so do we, so hashes move both ways. */
export const BCRYPT_COST = 10;
/**
 * The library writes `$2b$`; `$2a$` and `$2b$` compute the same hash for every password of at most
 * 72 bytes (they differ only past 255, where the original had a bug), so the prefix is Strapi's.
 */
const as2a = (bcrypt: string) => `$2a$${bcrypt.slice(4)}`;
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const SCRYPT = /^scrypt\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

/**
 * A hash of a password nobody has, checked against when there is no stored hash to check (an unknown
 * user), so that answer costs what a wrong password costs. Made once, at the first such check.
 */
let dummyHash: Promise<string> | undefined;

/** Whether `value` is a stored hash this module can check (bcrypt, or our legacy scrypt). */
export function isPasswordHash(value: string): boolean {
  return BCRYPT.test(value) || SCRYPT.test(value);
}

/**
 * Hashes `plain` with bcrypt on libuv's thread pool (the event loop stays free). Like Strapi
 * (bcryptjs), only the first 72 bytes of the UTF-8 text count (docs/decisions.md).
 */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, BCRYPT_COST).then(as2a);
}

/**
 * {@link hashPassword}, blocking the event loop for one hash (about 50 to 80 ms here). For an
 * import's synchronous check only (a seed's plain password); writes await `hashPassword`.
 */
export function hashNewPassword(plain: string): string {
  return as2a(hashSync(plain, BCRYPT_COST));
}

/**
 * A seed's or an import's password value -> what is stored: a hash as given (users moved from
 * Strapi keep theirs), anything else hashed. Blocking, as the seed check is; a write never keeps a
 * given hash (`hashNewPassword`), or a caller could set a password it does not know.
 */
export function storedPassword(value: string): string {
  return isPasswordHash(value) ? value : hashNewPassword(value);
}

/**
 * Whether `plain` matches `stored` (bcrypt `$2a$`, `$2b$`, `$2y$`, or `scrypt$…`). A stored value
 * that is no hash at all (a user without a password) answers false after the cost of a real check.
 */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  if (BCRYPT.test(stored)) return verify(plain, stored);
  const scryptParts = SCRYPT.exec(stored);
  if (scryptParts) return verifyScrypt(plain, scryptParts[1], scryptParts[2]);
  return verifyUnknownUser(plain);
}

/**
 * Spends what checking a password costs, then answers false: the sign-in of an unknown identifier
 * must not answer faster than a wrong password for a known one, or timing tells who has an account.
 */
export async function verifyUnknownUser(plain: string): Promise<false> {
  dummyHash ??= hash(randomBytes(18).toString('base64'), BCRYPT_COST);
  await verify(plain, await dummyHash);
  return false;
}

/**
 * Whether a hash that just verified should be replaced by {@link hashPassword}'s: legacy scrypt
 * (Strapi cannot read it) and bcrypt below Strapi's cost. A higher cost, or another bcrypt prefix,
 * is kept: Strapi's bcryptjs reads `$2b$` and `$2y$` too.
 */
export function needsRehash(stored: string): boolean {
  if (!BCRYPT.test(stored)) return SCRYPT.test(stored);
  return Number(stored.slice(4, 6)) < BCRYPT_COST;
}

/** The legacy format: `scrypt$<salt base64>$<key base64>`, node:crypto's scrypt defaults (N=16384, r=8, p=1). */
async function verifyScrypt(plain: string, salt: string, key: string): Promise<boolean> {
  const expected = Buffer.from(key, 'base64');
  const derived = await new Promise<Buffer>((resolve, reject) =>
    scrypt(plain, Buffer.from(salt, 'base64'), expected.length, (error, result) => (error ? reject(error) : resolve(result))),
  );
  return timingSafeEqual(derived, expected);
}
