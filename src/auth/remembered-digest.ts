// A digest function -> the same function remembering its last answers: a bearer token's SHA-256
// (seed tokens) or HMAC (API tokens) is worked out once, not on every request that presents it.
import { LRUCache } from 'lru-cache';

/** Tokens whose digest is kept; a token past them is digested again, nothing else changes. */
const REMEMBERED = 1000;

/** `digest`, remembered for the last REMEMBERED distinct texts (it must be a pure function of its text). */
export function rememberedDigest(digest: (text: string) => string): (text: string) => string {
  const known = new LRUCache<string, string>({ max: REMEMBERED });
  return (text) => {
    let found = known.get(text);
    if (found === undefined) known.set(text, (found = digest(text)));
    return found;
  };
}
