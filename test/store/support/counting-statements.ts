// Counts the runs (`all`, `get`, or `run` for writes) of better-sqlite3 statements whose SQL passes a test,
// in every database of the process, until restored: what a test reads to say a read or a write ran
// no SQL of some kind.
import Database from 'better-sqlite3';

type Run = (this: { source: string }, ...params: unknown[]) => unknown;

export function countingStatements(matches: (source: string) => boolean, method: 'all' | 'get' | 'run' = 'all'): { count(): number; sources(): string[]; restore(): void } {
  const probe = new Database(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<'all' | 'get' | 'run', Run>;
  probe.close();
  const original = prototype[method];
  const ran: string[] = [];
  prototype[method] = function (this: { source: string }, ...params: unknown[]) {
    if (matches(this.source)) ran.push(this.source);
    return original.apply(this, params);
  };
  return { count: () => ran.length, sources: () => [...ran], restore: () => void (prototype[method] = original) };
}
