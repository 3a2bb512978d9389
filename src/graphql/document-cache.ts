// GraphQL document text -> its parsed document (and a syntax error -> that error), kept for
// graphql-yoga's parser and validation cache within a bound in bytes. A document longer than
// `maxDocumentBytes` is parsed anew each time: its text alone could fill the bound. Validation
// results are kept by yoga per parsed document object (a WeakMap), so they go when it goes.
import type { DocumentNode, Token } from 'graphql';
import type { LRUCache } from 'lru-cache';
import { type CacheSize, byteBoundedCache, sizeOf } from '../limits/byte-cache.ts';

/**
 * Heap bytes a parsed document takes per token: its nodes, their locations and the token list a
 * location keeps. Measured 300 to 510 with graphql-js 16 on Node 20 (docs/operations.md).
 */
const BYTES_PER_TOKEN = 512;
/** Heap bytes per character of a document's JSON, for documents built without a source (REST's). */
const BYTES_PER_JSON_CHARACTER = 4;
/** A syntax error's own objects, its message and location, beside the source it keeps. */
const ERROR_BYTES = 2048;

/**
 * The bytes a parsed document keeps alive, its source text and the copies of its string values
 * included (both count: a long string literal is held twice). An estimate that errs high.
 */
export function documentBytes(document: DocumentNode): number {
  const source = document.loc?.source.body;
  if (source === undefined) return BYTES_PER_JSON_CHARACTER * JSON.stringify(document).length;
  let tokens = 0;
  for (let token: Token | null = document.loc!.startToken; token; token = token.next) tokens++;
  return 2 * stringBytes(source) + BYTES_PER_TOKEN * tokens;
}

/** The heap bytes of a string's characters: one each while all are Latin-1, else two (V8's two representations). */
export function stringBytes(text: string): number {
  return /[^\u0000-\u00ff]/.test(text) ? 2 * text.length : text.length;
}

/** Whether a document's text is short enough to be kept: at most `max` bytes of UTF-8. */
export function isKeptSize(text: string, max: number): boolean {
  // UTF-8 takes at least a byte per UTF-16 unit: a text that long is past the limit without counting.
  return text.length <= max && Buffer.byteLength(text) <= max;
}

/** The caches graphql-yoga's `parserAndValidationCache` option takes, and their size. */
export interface DocumentCache {
  readonly documentCache: { get(text: string): DocumentNode | undefined; set(text: string, document: DocumentNode): void };
  readonly errorCache: { get(text: string): unknown; set(text: string, error: unknown): void };
  readonly validationCache: true;
  /** Both caches' bytes together, against `maxBytes`. */
  size(): CacheSize;
}

/**
 * Parsed documents and syntax errors by document text, within `maxBytes` together (each cache
 * gets half); documents longer than `maxDocumentBytes` (UTF-8) are not kept.
 */
export function documentCache(maxBytes: number, maxDocumentBytes: number): DocumentCache {
  const half = Math.max(1, Math.floor(maxBytes / 2));
  // The key is the text the parsed document's source also points to: one string, counted in documentBytes.
  const documents = byteBoundedCache<string, DocumentNode>(half, (document, text) => (document.loc ? 0 : stringBytes(text)) + documentBytes(document));
  const errors = byteBoundedCache<string, object>(half, (_error, text) => stringBytes(text) + ERROR_BYTES);
  const keepingShort = <V extends {}>(cache: LRUCache<string, V>) => ({
    get: (text: string) => cache.get(text),
    set: (text: string, value: V) => {
      if (isKeptSize(text, maxDocumentBytes)) cache.set(text, value);
    },
  });
  return {
    documentCache: keepingShort(documents),
    errorCache: keepingShort(errors),
    validationCache: true,
    size() {
      const [a, b] = [sizeOf(documents), sizeOf(errors)];
      return { bytes: a.bytes + b.bytes, entries: a.entries + b.entries, maxBytes: a.maxBytes + b.maxBytes };
    },
  };
}
