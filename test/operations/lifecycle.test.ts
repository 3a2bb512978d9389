// The operation lifecycle seen by a subscriber: one event per write, REST or GraphQL, with the
// entry before and after, heard only once the store has acknowledged the write; nothing for a
// write refused or failed. Recorders add to the same atomic write; a failing subscriber fails nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Committed, LifecycleEvent } from '../../src/operations/events.ts';
import { Lifecycle } from '../../src/operations/lifecycle.ts';
import type { Change, Store } from '../../src/store/store.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { graphqlRequest, type TestGateway } from '../support/test-gateway.ts';
import { writableGateway } from '../support/writable.ts';

/** The embedded store, noting when each write has resolved (is durable, by the store's contract) and when it failed. */
function recordingStore(log: string[], failNext: { write: boolean }): Store {
  const store = new EmbeddedStore();
  const write = store.write.bind(store);
  store.write = async (changes: readonly Change[]) => {
    if (failNext.write) {
      failNext.write = false;
      log.push('write failed');
      throw new Error('the disk is full');
    }
    await write(changes);
    log.push(`write of ${changes.length} change(s) resolved`);
  };
  return store;
}

let subject: TestGateway;
let log: string[];
let events: LifecycleEvent[];
let commits: Committed[];
const failNext = { write: false };

beforeEach(async () => {
  log = [];
  events = [];
  commits = [];
  subject = await writableGateway({ store: recordingStore(log, failNext) });
  log.length = 0;
  subject.gateway.lifecycle.subscribe((committed) => {
    log.push(`heard ${committed.events.map((event) => event.event).join(', ')}`);
    events.push(...committed.events);
    commits.push(committed);
  });
});

const rest = (method: string, path: string, body?: unknown) =>
  subject.gateway.fetch(new Request(`http://gateway.test${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));

describe('the lifecycle of a write', () => {
  it('emits one event per write, REST and GraphQL, each with the entry before and after, once the store acknowledged it', async () => {
    const created = await rest('POST', '/api/articles', { data: { title: 'New', author: 2, tags: [1, 3], publishedAt: null } });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    const updated = await subject.gateway.fetch(graphqlRequest('mutation ($id: ID!) { updateArticle(id: $id, data: { title: "Renamed" }) { data { id } } }', { id }));
    expect(((await updated.json()) as { errors?: unknown }).errors).toBeUndefined();
    expect((await rest('PUT', `/api/articles/${id}`, { data: { publishedAt: '2026-11-27T10:00:00.000Z' } })).status).toBe(200);
    expect((await rest('DELETE', `/api/articles/${id}`)).status).toBe(200);

    expect(events.map((event) => [event.event, event.uid, event.model, event.id, event.locale])).toEqual([
      ['entry.create', 'api::article.article', 'article', id, 'en'],
      ['entry.update', 'api::article.article', 'article', id, 'en'],
      ['entry.publish', 'api::article.article', 'article', id, 'en'],
      ['entry.delete', 'api::article.article', 'article', id, 'en'],
    ]);
    const [create, update, publish, remove] = events;
    expect(create.before).toBeUndefined();
    expect(create.after).toMatchObject({ id, title: 'New', author: 2, tags: [1, 3], publishedAt: null });
    expect([update.before?.title, update.after?.title]).toEqual(['New', 'Renamed']);
    expect([publish.before?.publishedAt, publish.after?.publishedAt]).toEqual([null, new Date('2026-11-27T10:00:00.000Z')]);
    expect(remove.before).toMatchObject({ id, title: 'Renamed' });
    expect(remove.after).toBeUndefined();
    expect(events.every((event) => event.caller.role === 'public' && event.at instanceof Date)).toBe(true);
    // Each event heard after its write resolved, with the store changes the write made (relations are kept on the owning side).
    expect(log.filter((line) => line.startsWith('heard'))).toHaveLength(4);
    for (const [index, line] of log.entries()) if (line.startsWith('heard')) expect(log[index - 1]).toMatch(/^write of \d+ change\(s\) resolved$/);
    expect(commits[0].changes.map((change) => [change.op, change.collection])).toEqual([['put', 'articles']]);
  });

  it('emits nothing for a write refused (forbidden, invalid, missing) or failed in the store', async () => {
    expect((await rest('POST', '/api/articles', { data: { title: 5 } })).status).toBe(400);
    expect((await rest('PUT', '/api/articles/999', { data: { title: 'x' } })).status).toBe(404);
    expect((await subject.gateway.fetch(new Request('http://gateway.test/api/articles', { method: 'POST', headers: { authorization: 'Bearer nope', 'content-type': 'application/json' }, body: '{"data":{}}' }))).status).toBe(401);
    failNext.write = true;
    expect((await rest('POST', '/api/tags', { data: { name: 'never' } })).status).toBe(500);
    expect(log).toEqual(['write failed']);
    expect(events).toEqual([]);
  });
});

describe('recorders and subscribers', () => {
  it('writes what a recorder adds in the same write, and a throwing subscriber fails nothing', async () => {
    const lifecycle = new Lifecycle((error) => reported.push(error));
    const reported: unknown[] = [];
    lifecycle.record(({ events: pending }) => pending.map((event, index): Change => ({ op: 'put', collection: '_outbox', doc: { id: index + 1, event: event.event } })));
    lifecycle.subscribe(() => {
      throw new Error('subscriber bug');
    });
    const heard: Committed[] = [];
    lifecycle.subscribe((committed) => heard.push(committed));
    const event = { event: 'entry.create', uid: 'api::tag.tag', model: 'tag', id: 1, caller: { role: 'public' }, at: new Date() } as const;
    expect(await lifecycle.recorded({ events: [event], changes: [] })).toEqual([{ op: 'put', collection: '_outbox', doc: { id: 1, event: 'entry.create' } }]);
    lifecycle.emit({ events: [event], changes: [] });
    expect(heard).toHaveLength(1);
    expect(reported).toEqual([new Error('subscriber bug')]);
  });

  it.each([
    { name: 'none', recorders: [], waits: false, added: [] },
    { name: 'two that answer at once', recorders: ['a', 'b'], waits: false, added: ['a', 'b'] },
    { name: 'one that waits, then one that does not', recorders: ['a…', 'b'], waits: true, added: ['a…', 'b'] },
    { name: 'one that does not wait, then one that does', recorders: ['a', 'b…'], waits: true, added: ['a', 'b…'] },
  ])('recorders: $name, in their order, waited for only when one waits', async ({ recorders, waits, added }) => {
    const lifecycle = new Lifecycle();
    for (const name of recorders) {
      const changes: Change[] = [{ op: 'delete', collection: name, id: 1 }];
      lifecycle.record(() => (name.endsWith('…') ? Promise.resolve(changes) : changes));
    }
    const recorded = lifecycle.recorded({ events: [], changes: [] });
    expect(recorded instanceof Promise).toBe(waits);
    expect((await recorded).map((change) => change.collection)).toEqual(added);
  });
});
