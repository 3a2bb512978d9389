// Types of generate.mjs, for the TypeScript runner and the replay test.
import type { WriteStep } from './sequence.ts';

export function generateSequence(options: { model: unknown; seed: unknown; n: number; rand: number }): WriteStep[];
