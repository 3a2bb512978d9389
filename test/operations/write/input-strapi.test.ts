// Every body a real Strapi v4.25 was asked (test/fixtures/writes/strapi-validation, recorded by its
// record.mjs) goes through checkedData and the error mapper: the same answer, or the documented deviation.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { toRestError } from '../../../src/errors/map.ts';
import { contentType, type ContentModel } from '../../../src/model/types.ts';
import { checkedData } from '../../../src/operations/write/input.ts';
import type { Doc, Store } from '../../../src/store/store.ts';
import { answeredValues, storedEntry, validationStore } from '../../support/write-input.ts';

interface Recorded {
  name: string;
  type: string;
  mode: 'create' | 'update';
  path: string;
  data?: unknown;
  raw?: { data?: unknown };
  base?: Record<string, unknown>;
  answer: { status: number; body: { data?: { id: number; attributes: Record<string, unknown> }; error?: Record<string, unknown> } };
}

const dir = 'test/fixtures/writes/strapi-validation';
const recorded: Recorded[] = JSON.parse(readFileSync(`${dir}/recorded.json`, 'utf8'));
/** Our answer where we deliberately differ (docs/decisions.md, "Write input"), by case name. */
const deviations: Record<string, Recorded['answer']> = JSON.parse(readFileSync(`${dir}/deviations.json`, 'utf8'));

let model: ContentModel;
let store: Store;
beforeAll(async () => ({ model, store } = await validationStore()));

/** The entry an update changes: the single type's, or the case's `base` stored for the case. */
async function entryOf(c: Recorded): Promise<Doc | undefined> {
  if (c.mode === 'create') return undefined;
  if (!c.base) return storedEntry(model, store, c.type, 1);
  const doc: Doc = { id: 1000, locale: 'en', ...c.base, publishedAt: c.base.publishedAt === null ? null : new Date() };
  await store.upsertMany(contentType(model, c.type).collectionName, [doc]);
  return doc;
}

async function answer(c: Recorded): Promise<{ status: number; body: Record<string, unknown> }> {
  const type = contentType(model, c.type);
  const entry = await entryOf(c);
  try {
    const data = await checkedData({ model, store, type, mode: c.mode, data: c.raw ? c.raw.data : c.data, entry });
    const json = new Set([...type.attributes.values()].filter((a) => a.type === 'json').map((a) => a.name));
    return { status: 200, body: answeredValues(data, json) };
  } catch (error) {
    const { status, body } = toRestError(error, () => {});
    return { status, body: body as unknown as Record<string, unknown> };
  } finally {
    if (c.base) await store.deleteByIds(type.collectionName, [1000]);
  }
}

describe('checkedData against the answers of Strapi v4.25', () => {
  it('every deviation names a recorded case', () => {
    expect(Object.keys(deviations).filter((name) => !recorded.some((c) => c.name === name))).toEqual([]);
  });

  it.each(recorded.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const expected = deviations[c.name] ?? c.answer;
    const got = await answer(c);
    expect(got.status).toBe(expected.status);
    if (expected.status !== 200) return expect(got.body).toEqual(expected.body);
    // A value the body gives or a create defaults is the value Strapi answered.
    const attributes = expected.body.data?.attributes ?? {};
    const shown = Object.fromEntries(Object.entries(got.body).filter(([name]) => name in attributes));
    expect(shown).toEqual(Object.fromEntries(Object.keys(shown).map((name) => [name, attributes[name]])));
  });
});
