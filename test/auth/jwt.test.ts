// JWTs as Strapi issues them: `expiresIn` read as jsonwebtoken reads it, tokens signed byte for byte
// as Strapi's jsonwebtoken signs them, and tokens Strapi signed accepted until they expire.
import { readFileSync } from 'node:fs';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { expiresInSeconds, JwtIssuer, jwtExpiresInSchema, JwtVerifier } from '../../src/auth/jwt.ts';

interface StrapiTokens {
  secret: string;
  tokens: { expiresIn: string; id: number; iat: number; token: string }[];
}
const strapi = JSON.parse(readFileSync('test/fixtures/auth/strapi-jwts.json', 'utf8')) as StrapiTokens;
const DAY = 86_400;

describe('expiresInSeconds', () => {
  it.each([
    ['30d', 30 * DAY],
    ['7d', 7 * DAY],
    ['12h', 12 * 3600],
    ['2 days', 2 * DAY],
    ['1.5h', 5400],
    ['90m', 5400],
    ['1y', 365.25 * DAY],
    ['1w', 7 * DAY],
    [3600, 3600],
  ])('reads %j as %d seconds', (given, seconds) => {
    expect(expiresInSeconds(given)).toBe(seconds);
  });

  it.each([
    ['an empty text', ''],
    ['a word', 'forever'],
    ['a bare number in a text (milliseconds to ms, so under a second)', '100'],
    ['a negative span', '-1d'],
    ['zero seconds', 0],
  ])('refuses %s', (_name, given) => {
    expect(expiresInSeconds(given)).toBeUndefined();
  });

  it('defaults to Strapi\'s 30 days and names a wrong value in the config', () => {
    expect(jwtExpiresInSchema.parse(undefined)).toBe(30 * DAY);
    const parsed = jwtExpiresInSchema.safeParse('soon');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toContain('got "soon"');
  });
});

describe('JwtIssuer', () => {
  it.each(strapi.tokens.map((row) => [row.expiresIn, row] as const))(
    'signs the very token Strapi\'s jsonwebtoken signed, expiresIn %s',
    async (expiresIn, row) => {
      const issuer = new JwtIssuer(strapi.secret, expiresInSeconds(expiresIn), () => row.iat * 1000 + 999);
      expect(await issuer.issue(row.id)).toBe(row.token);
    },
  );

  it('issues { id, iat, exp } under HS256, which the verifier accepts', async () => {
    const issuedAt = Date.UTC(2026, 5, 1) / 1000;
    const token = await new JwtIssuer('round-trip-secret', 7 * DAY, () => issuedAt * 1000).issue(12);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwt(token)).toEqual({ id: 12, iat: issuedAt, exp: issuedAt + 7 * DAY });
    const verifier = (at: number) => new JwtVerifier('round-trip-secret', () => at * 1000);
    expect(await verifier(issuedAt + 7 * DAY - 1).userId(token)).toBe(12);
    expect(await verifier(issuedAt + 7 * DAY).userId(token)).toBeUndefined();
    expect(await new JwtVerifier('another-secret', () => issuedAt * 1000).userId(token)).toBeUndefined();
  });
});

describe('JwtVerifier on tokens Strapi signed', () => {
  const thirtyDays = strapi.tokens.find((row) => row.expiresIn === '30d')!;

  it('accepts one until its exp and refuses it from then on', async () => {
    const at = (seconds: number) => new JwtVerifier(strapi.secret, () => seconds * 1000);
    expect(await at(thirtyDays.iat).userId(thirtyDays.token)).toBe(7);
    expect(await at(thirtyDays.iat + 30 * DAY - 1).userId(thirtyDays.token)).toBe(7);
    expect(await at(thirtyDays.iat + 30 * DAY).userId(thirtyDays.token)).toBeUndefined();
  });

  it('accepts one that has not expired on the real clock', async () => {
    const century = strapi.tokens.find((row) => row.expiresIn === '100y')!;
    expect(await new JwtVerifier(strapi.secret).userId(century.token)).toBe(century.id);
  });

  it('refuses one whose payload was changed', async () => {
    const [header, , signature] = thirtyDays.token.split('.');
    const forged = Buffer.from(JSON.stringify({ id: 1, iat: thirtyDays.iat, exp: thirtyDays.iat + 30 * DAY })).toString('base64url');
    expect(await new JwtVerifier(strapi.secret, () => thirtyDays.iat * 1000).userId(`${header}.${forged}.${signature}`)).toBeUndefined();
  });
});
