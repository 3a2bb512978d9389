// The upload steps asked of one server, and two servers' answers compared step by step: agreement,
// the deviations a documented class explains, the rest grouped by class; and the gateway they are
// asked of in process (the reference's model, seed, salt and JWT secret, a fresh uploads folder).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Gateway } from '../../../gateway/app.ts';
import { modelGateway } from '../../support/test-gateway.ts';
import { disagreement } from '../writes/compare.ts';
import { explain, type UploadDeviationClass } from './deviations.ts';
import { REFERENCE_SECRETS, RunIds, runStep, UPLOAD_MODEL, UPLOAD_SEED, type Answer, type UploadStep } from './sequence.ts';

export const UPLOAD_SET = 'test/fixtures/differential-uploads/upload-steps.json';

export interface UploadSet {
  steps: UploadStep[];
  strapi: Answer[];
}

/** Every step's comparable answer from one server, in order. */
export async function answerSteps(steps: readonly UploadStep[], send: (request: Request) => Promise<Response>, base: string): Promise<Answer[]> {
  const ids = new RunIds();
  const answers: Answer[] = [];
  for (const step of steps) answers[step.index] = await runStep(step, send, base, ids);
  return answers;
}

/** A fresh gateway as the reference Strapi is started for the steps; its uploads folder too. */
export async function uploadGateway(): Promise<{ gateway: Gateway; uploadsDir: string }> {
  const uploadsDir = join(mkdtempSync(join(tmpdir(), 'upload-differential-')), 'uploads');
  const { gateway } = await modelGateway(UPLOAD_MODEL, UPLOAD_SEED, { secrets: REFERENCE_SECRETS, extra: { uploadsDir } });
  return { gateway, uploadsDir };
}

export interface Comparison {
  agree: number;
  deviations: Record<number, UploadDeviationClass>;
  /** `<class>` -> step indexes. */
  unexplained: Map<string, number[]>;
}

export function compareSteps(steps: readonly UploadStep[], strapi: readonly Answer[], ours: readonly Answer[]): Comparison {
  const result: Comparison = { agree: 0, deviations: {}, unexplained: new Map() };
  for (const step of steps) {
    const found = disagreement(strapi[step.index], ours[step.index]);
    const kind = found ? explain(step, strapi[step.index], ours[step.index], { steps, strapi, ours, found: result.deviations }) : undefined;
    if (!found) result.agree += 1;
    else if (kind) result.deviations[step.index] = kind;
    else result.unexplained.set(found, [...(result.unexplained.get(found) ?? []), step.index]);
  }
  return result;
}

/** The disagreements most frequent first, each with its steps' names, then the agreement line. */
export function describeComparison(steps: readonly UploadStep[], comparison: Comparison): string[] {
  const lines = [...comparison.unexplained].sort((a, b) => b[1].length - a[1].length).map(([name, indexes]) => `${String(indexes.length).padStart(4)}  ${name}  (${indexes.slice(0, 4).map((i) => `${i} ${steps[i].name}`).join('; ')})`);
  const byClass = new Map<string, number>();
  for (const kind of Object.values(comparison.deviations)) byClass.set(kind, (byClass.get(kind) ?? 0) + 1);
  lines.push(`uploads: ${comparison.agree}/${steps.length} agree; documented deviations: ${[...byClass].map(([kind, count]) => `${kind} ${count}`).join(', ') || 'none'}`);
  return lines;
}
