// Passwords: new hashes in Strapi's bcrypt format, every stored format verified (Strapi's bcryptjs
// hashes, other bcrypt prefixes, our legacy scrypt), rehash advice, and the unknown-user check.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  hashNewPassword,
  hashPassword,
  isPasswordHash,
  needsRehash,
  storedPassword,
  verifyPassword,
  verifyUnknownUser,
} from '../../src/auth/passwords.ts';
import { sameSecret } from '../../src/auth/same-secret.ts';

interface HashFixture {
  hashes: { password: string; hash: string }[];
}
const fixture = (name: string): HashFixture['hashes'] =>
  (JSON.parse(readFileSync(`test/fixtures/auth/${name}.json`, 'utf8')) as HashFixture).hashes;
const strapiHashes = fixture('strapi-bcrypt-hashes');
const otherHashes = fixture('other-hashes');
const legacyScrypt = otherHashes.find((row) => row.hash.startsWith('scrypt$'))!;

describe('hashPassword', () => {
  it('writes bcrypt with the $2a$ prefix and cost 10, as Strapi v4 does', async () => {
    const hash = await hashPassword('s3cret-pass');
    expect(hash).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    expect(await verifyPassword('s3cret-pass', hash)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('counts only the first 72 bytes, as Strapi\'s bcryptjs does', async () => {
    const hash = await hashPassword(`${'x'.repeat(72)}-one ending`);
    expect(await verifyPassword(`${'x'.repeat(72)}-another`, hash)).toBe(true);
    expect(await verifyPassword(`${'x'.repeat(71)}y-one ending`, hash)).toBe(false);
  });

  it('keeps the event loop turning while hashes run', async () => {
    let turns = 0;
    const counting = setInterval(() => (turns += 1), 0);
    await Promise.all([hashPassword('a'), hashPassword('b'), hashPassword('c')]);
    clearInterval(counting);
    expect(turns).toBeGreaterThan(0);
  });
});

describe('verifyPassword', () => {
  it.each(strapiHashes.map((row) => [row.password.slice(0, 24), row] as const))(
    'verifies a hash Strapi v4 made (bcryptjs 2.4.3): %s',
    async (_name, row) => {
      expect(await verifyPassword(row.password, row.hash)).toBe(true);
      expect(await verifyPassword(`x${row.password}`, row.hash)).toBe(false);
    },
  );

  it.each(otherHashes.map((row) => [row.hash.slice(0, 7), row] as const))('verifies a %s hash', async (_prefix, row) => {
    expect(await verifyPassword(row.password, row.hash)).toBe(true);
    expect(await verifyPassword(`${row.password}x`, row.hash)).toBe(false);
  });

  it.each([
    ['an empty value', ''],
    ['a plain text', 'hunter2'],
    ['a truncated bcrypt hash', strapiHashes[0].hash.slice(0, 40)],
    ['a scrypt hash without its key', 'scrypt$c2FsdA==$'],
  ])('answers false for %s', async (_name, stored) => {
    expect(await verifyPassword('hunter2', stored)).toBe(false);
  });
});

describe('verifyUnknownUser', () => {
  it('answers false whatever the password', async () => {
    expect(await verifyUnknownUser('')).toBe(false);
    expect(await verifyUnknownUser(strapiHashes[0].password)).toBe(false);
  });
});

describe('needsRehash', () => {
  it.each([
    ['our legacy scrypt', legacyScrypt.hash, true],
    ['bcrypt below cost 10', otherHashes.find((row) => row.hash.startsWith('$2a$04$'))!.hash, true],
    ['Strapi\'s own $2a$ cost 10', strapiHashes[0].hash, false],
    ['$2b$ cost 10 (Strapi\'s bcryptjs reads it)', otherHashes.find((row) => row.hash.startsWith('$2b$'))!.hash, false],
    ['$2y$ cost 10', otherHashes.find((row) => row.hash.startsWith('$2y$'))!.hash, false],
    ['bcrypt above cost 10', '$2a$12$' + strapiHashes[0].hash.slice(7), false],
  ])('%s: %s', (_name, stored, expected) => {
    expect(needsRehash(stored)).toBe(expected);
  });
});

describe('stored forms for seeds and writes', () => {
  it('keeps a hash a seed gives, and hashes a plain password', async () => {
    expect(storedPassword(strapiHashes[0].hash)).toBe(strapiHashes[0].hash);
    expect(storedPassword(legacyScrypt.hash)).toBe(legacyScrypt.hash);
    const stored = storedPassword('plain one');
    expect(stored).toMatch(/^\$2a\$10\$/);
    expect(await verifyPassword('plain one', stored)).toBe(true);
  });

  it('hashes whatever a write gives, even text shaped like a hash', async () => {
    const written = hashNewPassword(strapiHashes[0].hash);
    expect(written).not.toBe(strapiHashes[0].hash);
    expect(await verifyPassword(strapiHashes[0].hash, written)).toBe(true);
  });

  it.each([
    ['bcrypt', strapiHashes[0].hash, true],
    ['scrypt', legacyScrypt.hash, true],
    ['plain text', 'hunter2', false],
    ['bcrypt with a bad prefix', strapiHashes[0].hash.replace('$2a$', '$2x$'), false],
  ])('isPasswordHash: %s', (_name, value, expected) => {
    expect(isPasswordHash(value)).toBe(expected);
  });
});

describe('sameSecret', () => {
  it.each([
    ['equal texts', 'abc123', 'abc123', true],
    ['one character apart', 'abc123', 'abc124', false],
    ['a prefix', 'abc', 'abc123', false],
    ['both empty', '', '', true],
  ])('%s', (_name, given, kept, expected) => {
    expect(sameSecret(given, kept)).toBe(expected);
  });
});
