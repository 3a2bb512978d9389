// A list of requests -> the next one to send, in order, shared by every connection of a load
// run, so a target is sent the list's requests once each (from the start), until it runs out.
import type { BenchRequest } from './scenarios.ts';

/** Hands out a list's requests in order; past its end it starts again and counts the repeats. */
export class RequestCursor {
  #position = 0;

  constructor(readonly list: readonly BenchRequest[]) {
    if (list.length === 0) throw new RangeError('RequestCursor: the list is empty');
  }

  next(): BenchRequest {
    return this.list[this.#position++ % this.list.length];
  }

  /** Requests handed out so far. */
  get sent(): number {
    return this.#position;
  }

  /** Requests handed out a second time or more (0 while every one sent was different). */
  get repeats(): number {
    return Math.max(0, this.#position - this.list.length);
  }
}
