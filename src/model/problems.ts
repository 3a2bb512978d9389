// Collects the problems found while checking a user's files (schema or seed) and turns them into
// one ConfigurationError that lists them all, so a user fixes every mistake in one round.
import { ConfigurationError } from '../errors/errors.ts';

/** How many problems one error message lists before summarising the rest. */
const LISTED = 50;

export class Problems {
  private readonly found: string[] = [];
  private readonly noted: string[] = [];

  /** Records one problem; the message must name the file or entry and the attribute. */
  add(message: string): void {
    this.found.push(message);
  }

  /** Records something accepted that the user should still hear about; it stops nothing. */
  warn(message: string): void {
    this.noted.push(message);
  }

  get warnings(): readonly string[] {
    return this.noted;
  }

  get count(): number {
    return this.found.length;
  }

  get messages(): readonly string[] {
    return this.found;
  }

  /**
   * Throws a ConfigurationError when anything was found: `title: problem`, or the problems
   * listed one per line under `title` when there are several.
   */
  throwIfAny(title: string): void {
    if (this.found.length === 0) return;
    if (this.found.length === 1) throw new ConfigurationError(`${title}: ${this.found[0]}`);
    const listed = this.found.slice(0, LISTED).map((message) => `  - ${message}`);
    if (this.found.length > LISTED) listed.push(`  … and ${this.found.length - LISTED} more`);
    throw new ConfigurationError(`${title} (${this.found.length} problems):\n${listed.join('\n')}`);
  }
}

/** A plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How a value looks in a message: `"text"`, `3`, `an array`, `an object`. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (isRecord(value)) return 'an object';
  if (typeof value === 'bigint') return `${value}n`;
  return JSON.stringify(value) ?? String(value);
}
