// The recorded write sets: for each model and generator seed, the generated steps and what a real
// Strapi v4.25 answered each (ids labelled, run timestamps masked), and the models they run on.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Gateway } from '../../../gateway/app.ts';
import type { Answer } from '../../support/strapi-answers.ts';
import { modelGateway } from '../../support/test-gateway.ts';
import { loadModel } from '../live/model.mjs';
import { writeSeed } from './access.mjs';
import type { WriteStep } from './sequence.ts';

/** The three models, each with its read seed (relative to the project's root). */
export const WRITE_MODELS = {
  fixture: { schema: '../shared/conformance/fixture/schema', seed: '../shared/conformance/fixture/seed.json' },
  foodadvisor: { schema: '../shared/models/foodadvisor', seed: 'test/fixtures/differential/foodadvisor/seed.json' },
  corporate: { schema: '../shared/models/corporate-starter', seed: 'test/fixtures/differential/corporate-starter/seed.json' },
} as const;

/** Strapi's API token salt in ../shared/strapi-reference/app/config. */
export const REFERENCE_TOKEN_SALT = 'conformance-api-token-salt';

export type WriteModelName = keyof typeof WRITE_MODELS;

/** The generator seeds recorded per model, and the steps per sequence. */
export const RECORDED_RANDS = [1, 2, 3, 4, 5, 6] as const;
export const STEPS_PER_SEQUENCE = 200;

/** A recorded set's name after its model: a generator seed, or `shapes` (shapes.mjs, on the fixture). */
export type SetKey = number | 'shapes';

/** Every recorded set. */
export const RECORDED_SETS: ReadonlyArray<[WriteModelName, SetKey]> = [
  ...(Object.keys(WRITE_MODELS) as WriteModelName[]).flatMap((model) => RECORDED_RANDS.map((rand): [WriteModelName, SetKey] => [model, rand])),
  // A live run's seed that found a step no recorded set had: an array given for an integer.
  ['foodadvisor', 83],
  // Another: a required integer given null (Strapi's yup casts it to NaN and says so).
  ['foodadvisor', 8102],
  ['fixture', 'shapes'],
];

export interface WriteSet {
  model: WriteModelName;
  rand: SetKey;
  steps: WriteStep[];
  /** Strapi's comparable answer to each step, by index. */
  strapi: Answer[];
}

export const WRITE_SETS_FOLDER = 'test/fixtures/differential-writes';
export const writeSetFile = (model: string, rand: SetKey) => `${WRITE_SETS_FOLDER}/${model}-${rand}.json`;

export function loadWriteSet(model: WriteModelName, rand: SetKey): WriteSet {
  return JSON.parse(readFileSync(writeSetFile(model, rand), 'utf8')) as WriteSet;
}

/** The model's read seed with the write differential's roles and tokens, written to a temporary file; its path. */
export function writeSeedFile(model: WriteModelName): string {
  const { schema, seed } = WRITE_MODELS[model];
  const path = join(tmpdir(), `write-differential-${model}-seed-${process.pid}.json`);
  writeFileSync(path, JSON.stringify(writeSeed(loadModel(schema), JSON.parse(readFileSync(seed, 'utf8')))));
  return path;
}

/** Every entry id of the seed by content-type (media included): ids both servers share. */
export function seedIds(seedFile: string): Map<string, Set<unknown>> {
  const seed = JSON.parse(readFileSync(seedFile, 'utf8')) as { entries?: Record<string, Array<{ id: unknown }>>; media?: Array<{ id: unknown }> };
  const ids = new Map<string, Set<unknown>>([['plugin::upload.file', new Set((seed.media ?? []).map((m) => m.id))]]);
  for (const [uid, list] of Object.entries(seed.entries ?? {})) ids.set(uid, new Set(list.map((e) => e.id)));
  return ids;
}

/**
 * The gateway in process on a model and write seed. While the gateway's seed format knows only
 * the read actions of roles, it gets the seed without the write actions (and says so): its
 * answers to the public role's writes then differ from Strapi's, as they should until it writes.
 */
export async function writeGateway(schema: string, seedFile: string): Promise<Gateway> {
  const secrets = { apiTokenSalt: REFERENCE_TOKEN_SALT };
  try {
    return (await modelGateway(schema, seedFile, { secrets })).gateway;
  } catch (error) {
    if (!/role "[^"]+": unknown key "(create|update|delete)"/.test(String(error))) throw error;
    console.warn('write differential: the gateway refuses roles\' write actions in a seed; they are left out of its seed');
    const seed = JSON.parse(readFileSync(seedFile, 'utf8')) as { roles?: Record<string, Record<string, unknown>> };
    for (const role of Object.values(seed.roles ?? {})) for (const action of ['create', 'update', 'delete']) delete role[action];
    const readOnly = seedFile.replace(/\.json$/, '-read-actions.json');
    writeFileSync(readOnly, JSON.stringify(seed));
    return (await modelGateway(schema, readOnly, { secrets })).gateway;
  }
}
