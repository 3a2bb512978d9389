// A filters or sort argument -> refused (ValidationError) when larger than REST's query string
// could ever make it: GraphQL takes any size of input, and each condition or sort key costs a
// store query or a join. Measured without recursion, so nesting cannot exhaust the stack.
import { ValidationError } from '../errors/errors.ts';

export const INPUT_LIMITS = {
  /** Nesting of a filter (`and`, `not`, relations, operators): REST's qs reads 20 brackets. */
  depth: 20,
  /** Conditions and keys in one filter; REST's qs reads 1,000 parameters. */
  nodes: 1000,
  /** Items of one list (`in`, `or`…): REST's qs reads arrays of 100. */
  listItems: 100,
  /** Distinct sort keys, each a comparison per entry and maybe a join. */
  sortKeys: 20,
} as const;

/** @throws ValidationError naming the limit passed. */
export function checkFilterSize(input: unknown, parameter = 'filters'): void {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: input, depth: 0 }];
  let nodes = 0;
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (value === null || typeof value !== 'object' || value instanceof Date) continue;
    if (depth > INPUT_LIMITS.depth) throw new ValidationError(`Invalid parameter ${parameter}: nested deeper than ${INPUT_LIMITS.depth} levels`);
    const children = Array.isArray(value) ? value : Object.values(value);
    if (Array.isArray(value) && value.length > INPUT_LIMITS.listItems) {
      throw new ValidationError(`Invalid parameter ${parameter}: a list of ${value.length} items, at most ${INPUT_LIMITS.listItems} are allowed`);
    }
    nodes += children.length;
    if (nodes > INPUT_LIMITS.nodes) throw new ValidationError(`Invalid parameter ${parameter}: more than ${INPUT_LIMITS.nodes} conditions`);
    for (const child of children) pending.push({ value: child, depth: depth + 1 });
  }
}

/**
 * Sort entries (`"a:desc"`, `["a", "b:asc"]`, `"a,b"`) -> the distinct keys in order, the first
 * direction of a repeated path winning, as the repeat could change nothing.
 * @throws ValidationError past {@link INPUT_LIMITS.sortKeys} distinct keys.
 */
export function distinctSortKeys(sort: readonly string[] | string | null | undefined): string[] {
  const entries = sort == null ? [] : Array.isArray(sort) ? sort : [sort];
  if (entries.length > INPUT_LIMITS.listItems) {
    throw new ValidationError(`Invalid parameter sort: ${entries.length} entries, at most ${INPUT_LIMITS.listItems} are allowed`);
  }
  const byPath = new Map<string, string>();
  for (const entry of entries) {
    for (const part of String(entry).split(',')) {
      const key = part.trim();
      const path = key.split(':')[0].trim();
      if (key !== '' && !byPath.has(path)) byPath.set(path, key);
      if (byPath.size > INPUT_LIMITS.sortKeys) {
        throw new ValidationError(`Invalid parameter sort: more than ${INPUT_LIMITS.sortKeys} distinct keys`);
      }
    }
  }
  return [...byPath.values()];
}
