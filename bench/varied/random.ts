// A seed -> a stream of pseudo-random draws (mulberry32): the same seed gives the same draws on
// every run and machine, so every server is sent the same requests.

/** Draws from one seeded stream. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** `count` distinct elements of `list`, in the order drawn. */
  sample<T>(list: readonly T[], count: number): T[];
  /** One of `choices`, each as likely as its weight. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T;
}

/** A stream for `seed` (any 32-bit integer). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    if (list.length === 0) throw new RangeError('pick: the list is empty');
    return list[int(0, list.length - 1)];
  };
  const sample = <T>(list: readonly T[], count: number): T[] => {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, list.length)) chosen.add(int(0, list.length - 1));
    return [...chosen].map((i) => list[i]);
  };
  const weighted = <T>(choices: ReadonlyArray<readonly [T, number]>): T => {
    let rest = next() * choices.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of choices) if ((rest -= weight) < 0) return value;
    return choices[choices.length - 1][0];
  };
  return { next, int, pick, chance: (p) => next() < p, sample, weighted };
}

/** A seed for one scenario of a run: the run's seed mixed with the scenario's name. */
export function scenarioSeed(runSeed: number, name: string): number {
  let hash = runSeed >>> 0;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}
