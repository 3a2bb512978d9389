// The body of each event, from the stored entry, against what Strapi v4.25 sent for the same row
// (test/fixtures/webhooks/strapi-received.json): a tag, a single type, a user (its role populated,
// no password or tokens), a new localization (its other locales listed), and the media library's
// events (a file's update is Strapi's two events); and which events a webhook is sent.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import { MEDIA_UID, ROLE_UID, USER_UID, type ContentModel } from '../../src/model/types.ts';
import type { LifecycleEvent } from '../../src/operations/events.ts';
import type { Change, Doc, Filter } from '../../src/store/store.ts';
import { eventsFor } from '../../src/webhooks/filters.ts';
import { Outbox } from '../../src/webhooks/outbox.ts';
import { bodyText } from '../../src/webhooks/payload.ts';
import type { Webhook, WebhookEvent } from '../../src/webhooks/settings.ts';
import { BLOG_MODEL } from '../support/test-gateway.ts';
import { ALL_EVENTS } from './support/webhook-gateway.ts';

interface Recorded { name: string; received: Array<{ body: Record<string, unknown> }> }
const fixture = JSON.parse(readFileSync('test/fixtures/webhooks/strapi-received.json', 'utf8')) as { writes: Recorded[] };
const sent = (start: string, index = 0) => fixture.writes.find((write) => write.name.startsWith(start))!.received[index]!.body;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const JSON_FIELDS = new Set(['meta', 'formats', 'provider_metadata']);
/** A row Strapi sent, as the gateway stores it: dates as Dates, JSON attributes as their text. */
function stored(entry: Record<string, unknown>, extra: Record<string, unknown> = {}): Doc {
  const doc = Object.fromEntries(Object.entries(entry).map(([key, value]) => [key, typeof value === 'string' && ISO.test(value) ? new Date(value) : JSON_FIELDS.has(key) && value !== null ? JSON.stringify(value) : value]));
  return { ...doc, ...extra } as Doc;
}

const hook = (fields: Partial<Webhook> = {}): Webhook => ({ id: 1, name: 'all', url: 'https://example.com/hook', headers: {}, events: ALL_EVENTS as WebhookEvent[], enabled: true, ...fields });
const AT = new Date('2026-11-27T21:07:00.000Z');
let model: ContentModel;
beforeAll(async () => {
  model = await loadContentModel(BLOG_MODEL);
});

/** The bodies the outbox records for one event, over a store holding `docs`. */
async function bodies(event: Omit<LifecycleEvent, 'at' | 'caller' | 'model' | 'id'>, docs: Record<string, Doc[]> = {}, changes: Change[] = []) {
  const doc = (event.after ?? event.before)!;
  const full: LifecycleEvent = { ...event, model: model.contentTypes.get(event.uid)!.singularName, id: doc.id, caller: { role: 'public' }, at: AT };
  const store = {
    find: async (collection: string, filter: Filter) => (docs[collection] ?? []).filter((candidate) => JSON.stringify(filter).includes(String(candidate.id))),
    allocateIds: async () => 1,
  };
  const outbox = new Outbox({ model, store, hooks: [hook()] });
  const committed = { events: [full], changes };
  const recorded = await outbox.record(committed);
  expect(recorded.every((change) => change.op === 'put' && change.collection === '_outbox')).toBe(true);
  return outbox.recordedWith(committed).map((row) => JSON.parse(bodyText(row.event, AT, JSON.parse(row.body))) as Record<string, unknown>);
}

/** Strapi's body with the time the request was made replaced by ours. */
const at = (body: Record<string, unknown>) => ({ ...body, createdAt: AT.toISOString() });

describe("each event's body, as Strapi sent it", () => {
  it('a tag (no draft and publish)', async () => {
    const strapi = sent('REST create tag');
    expect(await bodies({ event: 'entry.create', uid: 'api::tag.tag', after: stored(strapi.entry as Record<string, unknown>) })).toEqual([at(strapi)]);
  });

  it('a single type', async () => {
    const strapi = sent('REST update single type');
    const before = stored(strapi.entry as Record<string, unknown>, { siteName: 'before' });
    expect(await bodies({ event: 'entry.update', uid: 'api::global.global', before, after: stored(strapi.entry as Record<string, unknown>) })).toEqual([at(strapi)]);
  });

  it('a user: its role populated, its password and tokens never sent', async () => {
    const strapi = sent('user registration');
    const { role, ...user } = strapi.entry as Record<string, unknown> & { role: Record<string, unknown> };
    const after = stored(user, { password: '$2a$10$abcdefghijklmnopqrstuv', resetPasswordToken: 'reset', confirmationToken: 'confirm', role: role.id });
    const roles = { [model.contentTypes.get(ROLE_UID)!.collectionName]: [stored(role, { permissions: [1, 2] })] };
    expect(await bodies({ event: 'entry.create', uid: USER_UID, after }, roles)).toEqual([at(strapi)]);
  });

  it('a new localization: its other locales listed', async () => {
    const strapi = sent('REST create fr localization');
    const { localizations, ...entry } = strapi.entry as Record<string, unknown> & { localizations: Array<Record<string, unknown>> };
    const other = stored(localizations[0]!, { localizations: [entry.id], author: 1, seo: { id: 3 } });
    const after = stored(entry, { localizations: [other.id], author: 1 });
    const changes: Change[] = [{ op: 'put', collection: 'articles', doc: after }, { op: 'put', collection: 'articles', doc: other }];
    expect(await bodies({ event: 'entry.create', uid: 'api::article.article', after }, {}, changes)).toEqual([at(strapi)]);
  });

  it.each([
    { name: 'an upload', write: 'upload one file', event: 'media.create', strapi: [1] },
    { name: "a file's update: Strapi's entry.update (model file), then media.update", write: 'file info update', event: 'media.update', strapi: [0, 1] },
    { name: 'a deleted file', write: 'file delete', event: 'media.delete', strapi: [0] },
  ] as const)('$name', async ({ write, event, strapi }) => {
    const expected = strapi.map((index) => sent(write, index));
    const file = (expected.at(-1)!.media ?? expected.at(-1)!.entry) as Record<string, unknown>;
    const doc = stored(file, { folderPath: '/1', related: [] });
    const change = event === 'media.delete' ? { before: doc } : event === 'media.create' ? { after: doc } : { before: doc, after: doc };
    expect(await bodies({ event, uid: MEDIA_UID, ...change })).toEqual(expected.map(at));
  });
});

describe('the events a webhook is sent', () => {
  const article = { uid: 'api::article.article', model: 'article', id: 1, caller: { role: 'public' }, at: AT, after: { id: 1 }, before: { id: 1 } };
  const file = { ...article, uid: MEDIA_UID, model: 'file' };
  it.each([
    { name: 'a publish, to a webhook taking it', hook: hook({ events: ['entry.publish'] }), event: { ...article, event: 'entry.publish' }, sent: ['entry.publish'] },
    { name: 'a publish, to one taking updates only: an update, as Strapi sends', hook: hook({ events: ['entry.update'] }), event: { ...article, event: 'entry.publish' }, sent: ['entry.update'] },
    { name: 'a publish, to one taking both: the publish alone', hook: hook({ events: ['entry.update', 'entry.publish'] }), event: { ...article, event: 'entry.publish' }, sent: ['entry.publish'] },
    { name: 'an unpublish, to one taking updates only', hook: hook({ events: ['entry.update'] }), event: { ...article, event: 'entry.unpublish' }, sent: ['entry.update'] },
    { name: 'an update, to one taking publishes only', hook: hook({ events: ['entry.publish'] }), event: { ...article, event: 'entry.update' }, sent: [] },
    { name: 'a create, to a disabled webhook', hook: hook({ enabled: false }), event: { ...article, event: 'entry.create' }, sent: [] },
    { name: 'a create of a type the webhook filters out', hook: hook({ contentTypes: ['api::tag.tag'] }), event: { ...article, event: 'entry.create' }, sent: [] },
    { name: 'a create of a type the webhook takes', hook: hook({ contentTypes: ['api::article.article'] }), event: { ...article, event: 'entry.create' }, sent: ['entry.create'] },
    { name: "a file's update", hook: hook(), event: { ...file, event: 'media.update' }, sent: ['entry.update', 'media.update'] },
    { name: "a file's update, to one taking media events only", hook: hook({ events: ['media.update'] }), event: { ...file, event: 'media.update' }, sent: ['media.update'] },
  ] as const)('$name: $sent', ({ hook: given, event, sent: expected }) => {
    expect(eventsFor(given, event as LifecycleEvent)).toEqual(expected);
  });
});

describe("the outbox rows' ids", () => {
  const created = (id: number): LifecycleEvent => ({ event: 'entry.create', uid: 'api::tag.tag', model: 'tag', id, caller: { role: 'public' }, at: AT, after: { id, name: `tag ${id}` } });
  it.each([
    { name: 'one at a time from the store (gateways sharing it)', idsAtOnce: undefined, hooks: 1, calls: [[1], [1], [1], [1], [1]], ids: [[10], [11], [12], [13], [14]] },
    { name: 'a block of 4, then the next block', idsAtOnce: 4, hooks: 1, calls: [[4], [], [], [], [4]], ids: [[10], [11], [12], [13], [14]] },
    { name: 'two rows a write (two webhooks) from a block of 3: a write that does not fit takes a new block', idsAtOnce: 3, hooks: 2, calls: [[3], [3], [3], [3], [3]], ids: [[10, 11], [13, 14], [16, 17], [19, 20], [22, 23]] },
  ])('$name', async ({ idsAtOnce, hooks, calls, ids }) => {
    let counter = 10;
    const asked: number[][] = [];
    let call: number[] = [];
    const store = { find: async () => [], allocateIds: async (_collection: string, n: number) => (call.push(n), (counter += n) - n) };
    const outbox = new Outbox({ model, store, hooks: Array.from({ length: hooks }, (_, n) => hook({ name: `hook ${n}` })), ...(idsAtOnce ? { idsAtOnce } : {}) });
    const got: number[][] = [];
    for (let id = 1; id <= 5; id++) {
      call = [];
      const committed = { events: [created(id)], changes: [] };
      await outbox.record(committed);
      asked.push(call);
      got.push(outbox.recordedWith(committed).map((row) => row.id));
    }
    expect({ asked, got }).toEqual({ asked: calls, got: ids });
  });
});
