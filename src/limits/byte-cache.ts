// A size estimate in bytes -> an LRU cache bounded by the bytes of what it holds (lru-cache's
// maxSize), and its size as metrics and tests read it. Every cache keyed by client input is one.
import { LRUCache } from 'lru-cache';

/** The bounds of the caches keyed by client input (the response cache's is its own setting). */
export interface CacheBounds {
  /** Parsed and validated GraphQL documents (and syntax errors), by their text. */
  readonly documentsMaxBytes: number;
  /** GraphQL documents compiled by graphql-jit, of both protocols. */
  readonly compiledMaxBytes: number;
  /** REST plans, by caller class, route and query string. */
  readonly plansMaxBytes: number;
  /** Request targets (path and query) parsed once for the server's fast path. */
  readonly targetsMaxBytes: number;
  /** A GraphQL document longer than this (UTF-8 bytes) is parsed, validated and compiled anew each time. */
  readonly maxKeptDocumentBytes: number;
}

const MiB = 1024 * 1024;

/**
 * Together about 100 MiB at most beside the response cache. A kept document of the demo's
 * largest query (1.9 KB of text) counts about 140 KB: 24 MiB keep about 180 such documents, and
 * thousands of the usual small ones. docs/operations.md has the measurements.
 */
export const DEFAULT_CACHE_BOUNDS: CacheBounds = {
  documentsMaxBytes: 24 * MiB,
  compiledMaxBytes: 48 * MiB,
  plansMaxBytes: 24 * MiB,
  targetsMaxBytes: 4 * MiB,
  maxKeptDocumentBytes: 16 * 1024,
};

/** What a byte-bounded cache holds now, and its bound. */
export interface CacheSize {
  /** The entries' estimated bytes, keys included. */
  readonly bytes: number;
  readonly entries: number;
  readonly maxBytes: number;
}

/**
 * An LRU cache that evicts its least recently used entries while their estimated bytes pass
 * `maxBytes`; an entry estimated past `maxBytes` alone is not kept.
 * @param bytesOf the bytes an entry keeps alive, its key included (an estimate; err high).
 */
export function byteBoundedCache<K extends {}, V extends {}>(maxBytes: number, bytesOf: (value: V, key: K) => number): LRUCache<K, V> {
  return new LRUCache<K, V>({
    maxSize: maxBytes,
    maxEntrySize: maxBytes,
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(bytesOf(value, key))),
  });
}

/** A byte-bounded cache's size now. */
export function sizeOf(cache: Pick<LRUCache<{}, {}>, 'calculatedSize' | 'size' | 'maxSize'>): CacheSize {
  return { bytes: cache.calculatedSize, entries: cache.size, maxBytes: cache.maxSize };
}
