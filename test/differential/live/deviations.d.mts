// Types of deviations.mjs, for TypeScript callers (its tests): cases and answers as diff.mjs holds them.
export interface LiveCase {
  name: string;
  path?: string;
  graphql?: string;
  variables?: Record<string, unknown>;
}
export interface LiveAnswer {
  status?: number | string;
  body: any;
  order?: string[];
}
/** The status diff.mjs gives a case a server did not answer. */
export const NO_ANSWER: 'no answer';
export const DEVIATIONS: ReadonlyArray<{ name: string; row: string }>;
export function deviationContext(model: unknown, seed: unknown, ask?: (c: LiveCase) => Promise<LiveAnswer>, askStrapi?: (c: LiveCase) => Promise<LiveAnswer>): unknown;
export function explain(c: LiveCase, want: LiveAnswer, got: LiveAnswer, ctx: unknown, compare: (want: LiveAnswer, got: LiveAnswer) => string[]): Promise<string[] | undefined>;
export function insensitive(c: LiveCase): LiveCase | undefined;
export function foldedValues(c: LiveCase): LiveCase | undefined;
