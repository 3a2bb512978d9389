// A write refused inside a GraphQL mutation answers as Strapi v4.25's plugin does: the error's name,
// message and details under `extensions.error`, and its code (recorded in graphql-recorded.json).
import { readFileSync } from 'node:fs';
import { GraphQLError } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { toGraphQLError } from '../../../src/errors/map.ts';
import { contentType, type ContentModel } from '../../../src/model/types.ts';
import { checkedData } from '../../../src/operations/write/input.ts';
import type { Store } from '../../../src/store/store.ts';
import { storedEntry, validationStore } from '../../support/write-input.ts';

interface RecordedMutation {
  name: string;
  type: string;
  mode: 'create' | 'update';
  data: unknown;
  answer: { status: number; body: { errors: unknown[] } };
}

const recorded: RecordedMutation[] = JSON.parse(readFileSync('test/fixtures/writes/strapi-validation/graphql-recorded.json', 'utf8'));

let model: ContentModel;
let store: Store;
beforeAll(async () => ({ model, store } = await validationStore()));

describe('a refused write inside a GraphQL mutation', () => {
  it.each(recorded.map((c) => [c.name, c] as const))('%s is answered as Strapi answers it', async (_name, c) => {
    const entry = c.mode === 'update' ? await storedEntry(model, store, c.type, 1) : undefined;
    const refused = await checkedData({ model, store, type: contentType(model, c.type), mode: c.mode, data: c.data, entry }).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(refused).toBeInstanceOf(Error);
    const error = toGraphQLError(new GraphQLError(refused!.message, { originalError: refused }), () => {});
    expect(JSON.parse(JSON.stringify(error))).toEqual(c.answer.body.errors[0]);
  });
});
