// Two secrets (one a client sent, one we keep: a reset token's digest, an access key) -> whether
// they are equal, in a time that tells nothing about where they differ or how long either is.
import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares the SHA-256 digests of both, so the comparison is constant-time even for texts of different lengths. */
export function sameSecret(given: string, kept: string): boolean {
  return timingSafeEqual(digest(given), digest(kept));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
