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
  /** Its number among the kept answers, by which its tags name it. */
  serial?: number;
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
      dispose: (entry) => this.tags.untag(entry.serial, entry.tags),
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
    entry.serial = this.tags.tag(key, collections);
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
   * unless every watched read of the answer testing a changed field says unchanged. An answer
   * tagged so with no such read is dropped.
   */
  private mayHaveChanged(entry: Entry | undefined, moves: readonly Move[]): boolean {
    if (!entry) return false;
    const watches = entry.watches ?? [];
    return moves.some((move) => {
      const testing = watches.filter((watch) => watch.collection === move.collection && move.fields.some((field) => watch.fields.has(field)));
      if (testing.length > 0) return testing.some((watch) => moveChanges(watch, move));
      return move.fields.some((field) => entry.tags?.includes(watchTag(move.collection, field)));
    });
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
 * read is not kept, since it may show the data as it was. A tag lists the answers by number, not
 * by key: adding a long key to a set of each of a hundred tags cost about 2 µs a tag (a deep
 * populate's answer holds 150), a small integer a fraction of it.
 */
class AnswerTags {
  /** Tag -> the numbers of the kept answers it tags. */
  private readonly answersByTag = new Map<string, Set<number>>();
  /** Kept answers' keys by their number. */
  private readonly keyOf = new Map<number, string>();
  private serials = 0;
  private readonly changedAt = new Map<string, number>();
  /** Collection -> when all of it, every entry included, last changed. */
  private readonly wholeChangedAt = new Map<string, number>();
  private allChangedAt = 0;
  private changes = 0;

  /** The moment a request begins, to compare with {@link changedSince}. */
  now(): number {
    return this.changes;
  }

  /** Tags the answer kept at `key` with `collections`; returns its number. */
  tag(key: string, collections: readonly string[]): number {
    const serial = ++this.serials;
    this.keyOf.set(serial, key);
    for (const collection of collections) {
      let serials = this.answersByTag.get(collection);
      if (!serials) this.answersByTag.set(collection, (serials = new Set()));
      serials.add(serial);
    }
    return serial;
  }

  /** Forgets the tags of the answer numbered `serial` (a tag no answer has left goes too). */
  untag(serial: number | undefined, collections: readonly string[] = []): void {
    if (serial === undefined) return;
    this.keyOf.delete(serial);
    for (const collection of collections) {
      const serials = this.answersByTag.get(collection);
      if (serials?.delete(serial) && serials.size === 0) this.answersByTag.delete(collection);
    }
  }

  /** The keys of the answers numbered in `serials`. */
  private keysOf(serials: Iterable<number>, into: Set<string>): Set<string> {
    for (const serial of serials) {
      const key = this.keyOf.get(serial);
      if (key !== undefined) into.add(key);
    }
    return into;
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
      this.keysOf(this.answersByTag.get(tag) ?? [], isWatchTag(tag) ? watched : keys);
    }
    return { keys, watched };
  }

  /** Records a change of all of `collections`, their entries included; returns the keys of the answers made from them. */
  changedWhole(collections: Iterable<string>): string[] {
    const at = ++this.changes;
    const whole = new Set(collections);
    for (const collection of whole) this.wholeChangedAt.set(collection, at);
    const keys = new Set<string>();
    for (const [tag, tagged] of this.answersByTag) {
      if (whole.has(collectionOfTag(tag))) this.keysOf(tagged, keys);
    }
    return [...keys];
  }

  /** Records a change of everything (an import). */
  changedAll(): void {
    this.allChangedAt = ++this.changes;
  }

  /** Whether any of `tags` (or everything) changed after `moment`. */
  changedSince(moment: number, tags: readonly string[]): boolean {
    // Nothing changed since: the common case, answered without looking at each tag.
    if (this.changes === moment) return false;
    const after = (at: number | undefined) => (at ?? 0) > moment;
    return this.allChangedAt > moment || tags.some((tag) => after(this.changedAt.get(tag)) || after(this.wholeChangedAt.get(collectionOfTag(tag))));
  }
}
