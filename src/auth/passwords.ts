// Password attributes are stored hashed, never as given. scrypt (node:crypto) is used; values that
// already are a hash (bcrypt from a Strapi database, or ours) are kept, so migrated data still verifies.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const SCRYPT_PREFIX = 'scrypt$';
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export function isPasswordHash(value: string): boolean {
  return value.startsWith(SCRYPT_PREFIX) || BCRYPT.test(value);
}

/** `scrypt$<salt base64>$<key base64>`; a hash given in is returned as it is. */
export function hashPassword(plain: string): string {
  return isPasswordHash(plain) ? plain : hashNewPassword(plain);
}

/** Hashes `plain` whatever it looks like: what a write does, so no caller can store a hash of its choosing. */
export function hashNewPassword(plain: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(plain, salt, 32);
  return `${SCRYPT_PREFIX}${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Whether `plain` matches a hash made by {@link hashPassword}. bcrypt hashes are not checked here. */
export function verifyPassword(plain: string, hash: string): boolean {
  const [, salt, key] = hash.split('$');
  if (!hash.startsWith(SCRYPT_PREFIX) || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  return timingSafeEqual(scryptSync(plain, Buffer.from(salt, 'base64'), expected.length), expected);
}
