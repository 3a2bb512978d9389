// Counts the runs (`all`) of better-sqlite3 statements whose SQL passes a test, in every database
// of the process, until restored: what a test reads to say a read ran no SQL of some kind.
import Database from 'better-sqlite3';

type All = (this: { source: string }, ...params: unknown[]) => unknown[];

export function countingStatements(matches: (source: string) => boolean): { count(): number; restore(): void } {
  const probe = new Database(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as { all: All };
  probe.close();
  const all = prototype.all;
  let runs = 0;
  prototype.all = function (this: { source: string }, ...params: unknown[]) {
    if (matches(this.source)) runs += 1;
    return all.apply(this, params);
  };
  return { count: () => runs, restore: () => void (prototype.all = all) };
}
