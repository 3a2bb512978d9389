// Long synchronous work cut into slices: written as a generator that yields when its pacer says
// the slice is spent, and driven here, giving the event loop a turn between slices. So one large
// answer never holds every other request for longer than a slice.
import type { Deadline } from './deadline.ts';

/** Longest stretch of work, in milliseconds, before other work gets a turn. */
export const SLICE_MS = 8;

/** Milliseconds from an arbitrary origin: `performance.now` unless a test gives its own clock. */
export type Clock = () => number;

const monotonic: Clock = () => performance.now();

export class Pacer {
  private start: number;

  /** @param now the clock slices are measured by (tests give one they move by hand). */
  constructor(private readonly sliceMs = SLICE_MS, private readonly now: Clock = monotonic) {
    this.start = now();
  }

  /** Whether the current slice is spent: the work should yield. */
  tired(): boolean {
    return this.now() - this.start > this.sliceMs;
  }

  restart(): void {
    this.start = this.now();
  }
}

/** Work that yields (nothing) between slices and returns its result. */
export type Sliced<T> = Generator<void, T, void>;

/**
 * Runs `work` to its end, a turn of the event loop between slices; stops with the deadline's
 * error when it passes between two slices.
 */
export async function runInSlices<T>(work: (pacer: Pacer) => Sliced<T>, deadline?: Deadline, sliceMs = SLICE_MS): Promise<T> {
  const pacer = new Pacer(sliceMs);
  const steps = work(pacer);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await yieldToEventLoop();
    deadline?.check();
    pacer.restart();
  }
}

/** Lets other work run: a macrotask turn, after pending I/O. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
