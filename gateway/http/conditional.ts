// Validators and conditional requests (RFC 9110 §8.8.3, §13.1.2): a strong ETag made from the
// bytes of a representation, and `If-None-Match` answered 304 Not Modified when one matches.
import { createHash } from 'node:crypto';

/** A strong entity tag for `body` (text is hashed as its UTF-8 bytes): 160 bits of its SHA-1, base64url. */
export function strongEtag(body: Uint8Array | string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Whether an `If-None-Match` header matches `etag`. GET and HEAD compare weakly (a `W/` prefix is
 * ignored on either side); `*` matches any current representation.
 */
export function noneMatchHits(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const opaque = etag.replace(/^W\//, '');
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if (tag === '*' || tag.replace(/^W\//, '') === opaque) return true;
  }
  return false;
}

/** Headers a 304 keeps from the 200 it stands for (RFC 9110 §15.4.5). */
const KEPT_BY_304 = ['cache-control', 'content-location', 'date', 'etag', 'expires', 'vary'];

/** The 304 Not Modified that stands for a 200 with these headers. */
export function notModified(headers: Iterable<[string, string]>): Response {
  const kept = new Headers();
  for (const [name, value] of headers) if (KEPT_BY_304.includes(name)) kept.append(name, value);
  return new Response(null, { status: 304, headers: kept });
}
