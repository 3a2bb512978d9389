// Types of shapes.mjs, for the TypeScript runner and the replay test.
import type { WriteStep } from './sequence.ts';

export function shapeSteps(): WriteStep[];
