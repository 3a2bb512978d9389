// Strapi's and the gateway's answers to the auth steps, compared: a step agrees when status,
// headers, body and mail are equal once masked (sequence.ts); otherwise a documented deviation
// (deviations.ts, each a row of docs/decisions.md) must explain it, or it is left unexplained.
import { isDeepStrictEqual } from 'node:util';
import { explain } from './deviations.ts';
import type { StepAnswer } from './sequence.ts';
import type { AuthStep } from './steps.ts';

export interface Disagreement {
  readonly index: number;
  readonly step: AuthStep;
  readonly strapi: StepAnswer;
  readonly ours: StepAnswer;
}

export interface Comparison {
  readonly steps: number;
  readonly agree: number;
  /** Deviation class -> the steps it explains. */
  readonly documented: Map<string, number[]>;
  readonly unexplained: Disagreement[];
}

export function compareAnswers(steps: readonly AuthStep[], strapi: readonly StepAnswer[], ours: readonly StepAnswer[]): Comparison {
  let agree = 0;
  const documented = new Map<string, number[]>();
  const unexplained: Disagreement[] = [];
  steps.forEach((step, index) => {
    if (isDeepStrictEqual(strapi[index], ours[index])) {
      agree += 1;
      return;
    }
    const found = explain(step, strapi[index], ours[index]);
    if (found) documented.set(found, [...(documented.get(found) ?? []), index]);
    else unexplained.push({ index, step, strapi: strapi[index], ours: ours[index] });
  });
  return { steps: steps.length, agree, documented, unexplained };
}

/** The agreement, the documented deviations by class, and the first `show` unexplained steps with both answers. */
export function describeComparison(comparison: Comparison, show = 40): string[] {
  const lines = comparison.unexplained.slice(0, show).flatMap(({ index, step, strapi, ours }) => [
    `#${index} ${step.name}: ${step.method} ${step.path}`,
    `  strapi ${JSON.stringify(strapi).slice(0, 700)}`,
    `  ours   ${JSON.stringify(ours).slice(0, 700)}`,
  ]);
  const documented = [...comparison.documented].map(([name, indexes]) => `${name} ${indexes.length}`).join(', ');
  lines.push(`auth steps: ${comparison.agree}/${comparison.steps} agree; documented deviations: ${documented || 'none'}; unexplained: ${comparison.unexplained.length}`);
  return lines;
}
