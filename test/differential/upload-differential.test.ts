// The recorded upload steps (test/differential/uploads), replayed against the gateway in process on
// the same model, seed and secrets Strapi v4.25 answered them on: each step agrees with Strapi, or a
// documented deviation (uploads/deviations.ts, a row of docs/decisions.md) explains it.
import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_DEVIATIONS } from './uploads/deviations.ts';
import { answerSteps, compareSteps, describeComparison, UPLOAD_SET, uploadGateway, type UploadSet } from './uploads/replay.ts';
import type { Answer } from './uploads/sequence.ts';
import { uploadSteps } from './uploads/steps.mjs';

const set = JSON.parse(readFileSync(UPLOAD_SET, 'utf8')) as UploadSet;
const decisions = readFileSync('docs/decisions.md', 'utf8');

describe('the upload differential, replayed', () => {
  let ours: Answer[];
  let uploadsDir: string;
  beforeAll(async () => {
    const started = await uploadGateway();
    uploadsDir = started.uploadsDir;
    ours = await answerSteps(set.steps, async (request) => started.gateway.fetch(request), 'http://gateway.test');
  }, 120_000);
  afterAll(() => rmSync(dirname(uploadsDir), { recursive: true, force: true }));

  it('holds the steps steps.mjs makes, so Strapi\'s answers are to these requests', () => {
    expect(uploadSteps()).toEqual(set.steps);
  });

  it('explains each deviation by a class whose row is in docs/decisions.md', () => {
    for (const [index, kind] of Object.entries(compareSteps(set.steps, set.strapi, ours).deviations)) {
      expect(decisions, `step ${index}: ${kind}`).toContain(UPLOAD_DEVIATIONS[kind]);
    }
  });

  it('answers every step as Strapi did, or as a documented deviation explains', () => {
    const comparison = compareSteps(set.steps, set.strapi, ours);
    const lines = describeComparison(set.steps, comparison);
    console.log(lines.at(-1));
    expect([...comparison.unexplained.keys()], lines.join('\n')).toEqual([]);
    expect(comparison.agree, 'most steps agree outright').toBeGreaterThan(set.steps.length * 0.7);
  });
});
