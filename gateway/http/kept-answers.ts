// The response cache's store: answers kept by key within a bound in bytes, each tagged with the
// collections and entries it was made from, so that a write drops exactly the answers it changed.
import { LRUCache } from 'lru-cache';
import { collectionOfTag, isWatchTag, watchTag, type Changed } from '../../src/store/collection-reads.ts';
import { moveChanges, type ListWatch, type Move } from '../../src/store/list-watch.ts';
import { type CacheSize, sizeOf } from '../../src/limits/byte-cache.ts';
import { type Bytes, byteLength } from '../../src/whole-response.ts';
import type { RequestTarget } from './observe.ts';

export interface Entry {
  /** The answer's bytes. */
  body: Bytes;
  /** How many bytes `body` had when it was kept: an entry whose body no longer has them is not served. */
  length: number;
  /** The answer's headers, ETag, Cache-Control and Vary included. */
  headers: Array<[string, string]>;
  etag: string;
  kind: 'rest' | 'graphql';
  /**
   * Every header of the answer as the edge sent it to a request without `Origin` (the request id
   * aside): what the server's fast path for kept answers writes (gateway/server.ts).
   */
  edge?: Array<[string, string]>;
  /** The request log's targets of the fast path's answers from this entry, by method (GET and HEAD share an entry). */
  logTargets?: Map<string, RequestTarget>;
  /** The collections the answer was made from: a write to any of them drops it. */
  tags?: readonly string[];
  /** The watched list reads it was made from: a change of a field they test drops it only if it may have changed them. */
  watches?: readonly ListWatch[];
}

/** Kept answers, least recently used first out, and what each was made from. */
export class KeptAnswers {
  private readonly tags = new AnswerTags();
  private readonly cache: LRUCache<string, Entry>;

  /** @param maxBytes bytes of bodies and keys kept at most; one answer may take at most a quarter. */
  constructor(maxBytes: number) {
    this.cache = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
      sizeCalculation: (entry, key) => byteLength(entry.body) + key.length + 512,
      dispose: (entry, key) => this.tags.untag(key, entry.tags),
    });
  }

  /** The kept answer for `key`; bytes that are not all there (a buffer detached or cut) are dropped, never served. */
  get(key: string): Entry | undefined {
    const kept = this.cache.get(key);
    if (kept && byteLength(kept.body) !== kept.length) {
      this.cache.delete(key);
      return undefined;
    }
    return kept;
  }

  /** The moment a request begins making an answer, for {@link keep}. */
  now(): number {
    return this.tags.now();
  }

  /**
   * Keeps `entry`, made from `collections` by a request that began at `started`, unless one of
   * them changed meanwhile (it may show the data as it was). Returns whether it is kept.
   */
  keep(key: string, entry: Entry, collections: readonly string[], started: number, watches: readonly ListWatch[] = []): boolean {
    if (this.tags.changedSince(started, collections)) return false;
    entry.tags = collections;
    entry.watches = watches;
    this.cache.set(key, entry);
    // An answer too large for the bound is not kept, so not tagged.
    if (!this.cache.has(key)) return false;
    this.tags.tag(key, collections);
    return true;
  }

  /**
   * Drops every answer made from any of the changed tags (collections, entries, lists), and of
   * those made from watched lists testing a changed field, each one a move may have changed;
   * returns how many.
   */
  forget(changed: Changed): number {
    const { keys, watched } = this.tags.changed(changed.tags);
    for (const key of watched) if (!keys.has(key) && this.mayHaveChanged(this.cache.peek(key), changed.moves)) keys.add(key);
    return this.drop([...keys]);
  }

  /**
   * Whether a move may have changed a kept answer tagged by a watched list it changed a field of:
   * unless every watched read testing that field says unchanged (an answer tagged so with no such
   * read is dropped).
   */
  private mayHaveChanged(entry: Entry | undefined, moves: readonly Move[]): boolean {
    if (!entry) return false;
    const tags = new Set(entry.tags);
    return moves.some((move) =>
      move.fields.some((field) => {
        if (!tags.has(watchTag(move.collection, field))) return false;
        const watches = (entry.watches ?? []).filter((watch) => watch.collection === move.collection && watch.fields.has(field));
        return watches.length === 0 || watches.some((watch) => moveChanges(watch, move));
      }),
    );
  }

  /**
   * Drops every answer made from anything of `collections`: their lists and every entry of them
   * (a change whose entry is not known, such as another gateway's delete); returns how many.
   */
  forgetWhole(collections: Iterable<string>): number {
    return this.drop(this.tags.changedWhole(collections));
  }

  private drop(keys: readonly string[]): number {
    for (const key of keys) this.cache.delete(key);
    return keys.length;
  }

  /** Drops every answer, and keeps none being made. */
  clear(): void {
    this.tags.changedAll();
    this.cache.clear();
  }

  size(): CacheSize {
    return sizeOf(this.cache);
  }
}

/**
 * Which kept answers were made from which collections, and when each collection last changed
 * (a count of changes, not a clock): an answer whose request began before a change to what it
 * read is not kept, since it may show the data as it was.
 */
class AnswerTags {
  private readonly keysByCollection = new Map<string, Set<string>>();
  private readonly changedAt = new Map<string, number>();
  /** Collection -> when all of it, every entry included, last changed. */
  private readonly wholeChangedAt = new Map<string, number>();
  private allChangedAt = 0;
  private changes = 0;

  /** The moment a request begins, to compare with {@link changedSince}. */
  now(): number {
    return this.changes;
  }

  tag(key: string, collections: readonly string[]): void {
    for (const collection of collections) {
      let keys = this.keysByCollection.get(collection);
      if (!keys) this.keysByCollection.set(collection, (keys = new Set()));
      keys.add(key);
    }
  }

  untag(key: string, collections: readonly string[] = []): void {
    for (const collection of collections) this.keysByCollection.get(collection)?.delete(key);
  }

  /**
   * Records a change of `tags`; returns the keys of the answers made from them: `keys` from a tag
   * that drops them, `watched` from a watched list's tag, which its watches then decide.
   */
  changed(tags: Iterable<string>): { keys: Set<string>; watched: Set<string> } {
    const at = ++this.changes;
    const keys = new Set<string>();
    const watched = new Set<string>();
    for (const tag of tags) {
      this.changedAt.set(tag, at);
      const into = isWatchTag(tag) ? watched : keys;
      for (const key of this.keysByCollection.get(tag) ?? []) into.add(key);
    }
    return { keys, watched };
  }

  /** Records a change of all of `collections`, their entries included; returns the keys of the answers made from them. */
  changedWhole(collections: Iterable<string>): string[] {
    const at = ++this.changes;
    const whole = new Set(collections);
    for (const collection of whole) this.wholeChangedAt.set(collection, at);
    const keys = new Set<string>();
    for (const [tag, tagged] of this.keysByCollection) {
      if (whole.has(collectionOfTag(tag))) for (const key of tagged) keys.add(key);
    }
    return [...keys];
  }

  /** Records a change of everything (an import). */
  changedAll(): void {
    this.allChangedAt = ++this.changes;
  }

  /** Whether any of `tags` (or everything) changed after `moment`. */
  changedSince(moment: number, tags: readonly string[]): boolean {
    const after = (at: number | undefined) => (at ?? 0) > moment;
    return this.allChangedAt > moment || tags.some((tag) => after(this.changedAt.get(tag)) || after(this.wholeChangedAt.get(collectionOfTag(tag))));
  }
}
