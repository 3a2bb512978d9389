// The recorded differential sets: for each real model, generated requests, the answers a real
// Strapi v4.25 gave them, and the gateway's own answer where it deviates on purpose.
import { existsSync, readFileSync } from 'node:fs';
import type { Answer, Case } from '../support/strapi-answers.ts';

/**
 * Why the gateway answers a request differently from Strapi: each class is a row of
 * docs/decisions.md ("Where Strapi v4.25 is wrong").
 */
export const DEVIATIONS = {
  'draft-by-id': 'Strapi returns a draft read by id in the live state',
  'drafts-through-relations': 'Strapi returns drafts through relations, and matches relation filters through them, in the live state',
  'order-without-sort': 'Strapi orders a list without sort as SQLite\'s query plan happens to',
  'like-ignores-case': 'Strapi\'s $contains/$startsWith/$endsWith ignore case on SQLite',
  'sort-through-relation-leaks-field': 'Strapi answers a related entry\'s field in place of the entry\'s own field of that name when sorting through a relation',
  'forbidden-relation-in-populate-filters': 'Strapi answers a populate filter through a relation the role cannot find',
  'strapi-500': 'Strapi answers 500',
} as const;

export type DeviationClass = keyof typeof DEVIATIONS;

export interface Deviation {
  class: DeviationClass;
  /** The gateway's answer when recorded, so a change to it still fails a test. */
  answer: Answer;
}

export interface SetConfig {
  /** Schema folder, relative to the project root. */
  schema: string;
  /** Seed file, relative to the project root. */
  seed: string;
  /** `generate.mjs` arguments the cases were made with. */
  rand: number;
  n: number;
}

export interface RecordedSet {
  name: string;
  config: SetConfig;
  cases: Case[];
  strapi: Record<string, Answer>;
  deviations: Record<string, Deviation>;
}

export const SETS = ['conformance-fixture', 'foodadvisor', 'corporate-starter', 'conformance-fixture-61', 'foodadvisor-61', 'corporate-starter-61'] as const;
export const setFolder = (name: string) => `test/fixtures/differential/${name}`;

/** A recorded set, or undefined when its schema (in ../shared) or its recording is absent. */
export function loadSet(name: string): RecordedSet | undefined {
  const folder = setFolder(name);
  const config = JSON.parse(readFileSync(`${folder}/set.json`, 'utf8')) as SetConfig;
  if (!existsSync(config.schema) || !existsSync(config.seed) || !existsSync(`${folder}/strapi.json`)) return undefined;
  const read = (file: string) => JSON.parse(readFileSync(`${folder}/${file}`, 'utf8'));
  return { name, config, cases: read('cases.json'), strapi: read('strapi.json'), deviations: read('deviations.json') };
}
