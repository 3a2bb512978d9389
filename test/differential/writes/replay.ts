// A whole write sequence asked of one server, and two servers' answers compared step by step:
// agreement, the deviations a documented class explains, and the rest grouped by action and class.
import type { ContentModel } from '../../../src/model/types.ts';
import type { Answer } from '../../support/strapi-answers.ts';
import { disagreement } from './compare.ts';
import { explain, type WriteDeviation } from './deviations.ts';
import { runStep, sentTimestamps, ServerIds, type WriteStep } from './sequence.ts';

/** Every step's comparable answer from one server, in order (ids of earlier steps put in). */
export async function answerSequence(model: ContentModel, steps: readonly WriteStep[], seedIds: Map<string, Set<unknown>>, send: (request: Request) => Promise<Response>, base: string): Promise<Answer[]> {
  const since = Date.now() - 1000;
  const ids = new ServerIds(seedIds);
  const sent = sentTimestamps(steps);
  const answers: Answer[] = [];
  for (const step of steps) answers[step.index] = await runStep(model, ids, step, send, base, since, sent);
  return answers;
}

export interface Comparison {
  agree: number;
  /** Steps a documented class explains, with our answer. */
  deviations: Record<string, WriteDeviation>;
  /** The other disagreements: `<action> | <class>` -> step indexes. */
  unexplained: Map<string, number[]>;
}

/** Compares our answers with Strapi's on `model`; a disagreement a documented class explains is counted apart. */
export function compareSequence(model: ContentModel, steps: readonly WriteStep[], strapi: readonly Answer[], ours: readonly Answer[]): Comparison {
  const result: Comparison = { agree: 0, deviations: {}, unexplained: new Map() };
  for (const step of steps) {
    const found = disagreement(strapi[step.index], ours[step.index]);
    const kind = found ? explain(step, strapi[step.index], ours[step.index], { model, steps, strapi, ours }) : undefined;
    if (!found) result.agree += 1;
    else if (kind) result.deviations[step.index] = { class: kind, answer: ours[step.index] };
    else result.unexplained.set(`${step.action} | ${found}`, [...(result.unexplained.get(`${step.action} | ${found}`) ?? []), step.index]);
  }
  return result;
}

/** `<n>  <class>  (steps ...)` lines, most frequent first, and the agreement line last. */
export function describeComparison(title: string, steps: number, comparison: Comparison, show = 30): string[] {
  const sorted = [...comparison.unexplained].sort((a, b) => b[1].length - a[1].length);
  const lines = sorted.slice(0, show).map(([name, indexes]) => `${String(indexes.length).padStart(4)}  ${name}  (steps ${indexes.slice(0, 6).join(', ')})`);
  const byClass = new Map<string, number>();
  for (const { class: kind } of Object.values(comparison.deviations)) byClass.set(kind, (byClass.get(kind) ?? 0) + 1);
  const deviating = [...byClass].map(([kind, count]) => `${kind} ${count}`).join(', ') || 'none';
  lines.push(`${title}: ${comparison.agree}/${steps} agree; documented deviations: ${deviating}`);
  return lines;
}
