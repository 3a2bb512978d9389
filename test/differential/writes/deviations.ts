// Why the gateway may answer a write step differently from Strapi: each class names the row of
// docs/decisions.md that explains it. A recorded set marks the steps that deviate, with our answer.
import type { Answer } from '../../support/strapi-answers.ts';
import type { WriteStep } from './sequence.ts';

export const WRITE_DEVIATIONS = {
  'draft-by-id': 'Returns a draft by id in the live state',
  'strapi-500': 'Answers 500 to some requests',
} as const;

export type WriteDeviationClass = keyof typeof WRITE_DEVIATIONS;

export interface WriteDeviation {
  class: WriteDeviationClass;
  /** The gateway's answer when recorded, so a change to it still fails the replay. */
  answer: Answer;
}

const isLiveReadById = (step: WriteStep) => step.method === 'GET' && /^\/api\/[^/?]+\/[^/?]+(\?|$)/.test(step.path) && !/publicationState=preview/.test(step.path);

/** The documented class that explains a disagreement on a step, or undefined when none does. */
export function explain(step: WriteStep, strapi: Answer, ours: Answer): WriteDeviationClass | undefined {
  if (strapi.status === 500) return 'strapi-500';
  const data = (strapi.body as { data?: { attributes?: { publishedAt?: unknown } } } | null)?.data;
  if (isLiveReadById(step) && strapi.status === 200 && ours.status === 404 && data?.attributes?.publishedAt === null) return 'draft-by-id';
  return undefined;
}
