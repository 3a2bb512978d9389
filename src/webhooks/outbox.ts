// A write about to commit -> its outbox rows: one per event and webhook that wants it, each a
// delivery with its own id, written in the same atomic store write as the change (so a delivery
// is recorded exactly when its change is durable). The row is what the worker sends and updates
// and what the admin routes show.
import { randomUUID } from 'node:crypto';
import type { Committed, LifecycleEvent } from '../operations/events.ts';
import { ROLE_UID, USER_UID, type ContentModel, type ContentType } from '../model/types.ts';
import type { Change, Doc, IndexSpec, Store } from '../store/store.ts';
import { eventsFor } from './filters.ts';
import { bodyRest, type Related } from './payload.ts';
import type { Webhook, WebhookEvent } from './settings.ts';

/** The outbox: one document per delivery (docs/storage.md). */
export const OUTBOX = '_outbox';

const OUTBOX_INDEXES: readonly IndexSpec[] = [
  { keys: { id: 1 }, unique: true, name: 'id_1' },
  { keys: { webhook: 1, status: 1, id: 1 }, name: 'webhook_1_status_1_id_1' },
];

/**
 * The outbox's indexes: by webhook and status on a store several gateways share (MongoDB, where
 * each polls for the others' deliveries); the id alone on the embedded store, one gateway's, whose
 * worker reads its queued deliveries forward from the last it holds (`webhook` and `status` are
 * key columns there, kept in the documents' table and read without an index: each index, or a key
 * table, is a 16 KiB page more in every group commit that records a delivery, and a list of
 * deliveries on the admin routes walks the keys instead).
 */
export function outboxIndexes(shared: boolean): readonly IndexSpec[] {
  return shared ? OUTBOX_INDEXES : OUTBOX_INDEXES.filter((index) => index.unique);
}

export type DeliveryStatus = 'queued' | 'delivered' | 'failed';

/** One attempt to deliver: when, how long, and what the receiver answered or what failed. */
export interface Attempt {
  readonly at: Date;
  readonly ms: number;
  readonly statusCode?: number;
  /** The receiver's answer (its first KiB), or what went wrong. */
  readonly message?: string;
}

export interface OutboxRow extends Doc {
  /** From the store's counter: deliveries of one entry go in this order. */
  readonly id: number;
  /** What receivers see (`webhook-id`): the same on every attempt, so a repeat can be dropped. */
  readonly delivery: string;
  readonly webhook: string;
  /** The event sent (`X-Strapi-Event`). */
  readonly event: string;
  /** `<uid>#<entry id>`: one entry's deliveries, sent one after another. */
  readonly lane: string;
  /** JSON of the body after `event` and `createdAt`. */
  readonly body: string;
  readonly status: DeliveryStatus;
  readonly attempts: readonly Attempt[];
  /** When the next attempt is due. */
  readonly nextAt: Date;
  /** When the write was committed (or the re-send asked for). */
  readonly createdAt: Date;
  /** The delivery this one sends again. */
  readonly resendOf?: string;
}

export interface OutboxDeps {
  model: ContentModel;
  store: Pick<Store, 'find' | 'allocateIds'>;
  hooks: readonly Webhook[];
  newId?: () => string;
  /**
   * Row ids taken from the store's counter at once, handed out in turn by this process (1 when
   * absent). Only where one gateway writes (the embedded store): several gateways each holding a
   * block would give one entry's later change a lower id than its earlier one made elsewhere.
   */
  idsAtOnce?: number;
}

/** The recorder of webhook deliveries, and the rows each committed write recorded (for the worker). */
export class Outbox {
  readonly #recorded = new WeakMap<Committed, OutboxRow[]>();
  readonly #newId: () => string;
  /** Ids taken from the store and not handed out yet: `next` up to `end`, excluded. */
  #ids = { next: 0, end: 0 };

  constructor(private readonly deps: OutboxDeps) {
    this.#newId = deps.newId ?? randomUUID;
  }

  /**
   * The lifecycle's recorder: rows for the write's events, to be written with it. Most writes are
   * recorded without waiting (their row ids at hand, no other entry to read): an await costs about
   * 1.7 µs in a loop of its own, a fifth of recording a delivery.
   */
  readonly record = (pending: Committed): Change[] | Promise<Change[]> => {
    const planned = this.planned(pending);
    if (planned.length === 0) return [];
    const first = this.idsAtHand(planned.length);
    if (first !== undefined && !planned.some((one) => one.needsRelated)) return this.rows(pending, planned, first, []);
    return this.recordWaiting(pending, planned, first);
  };

  /** Each delivery the write's events make: one per event and webhook that wants it. */
  private planned(pending: Committed): Planned[] {
    const planned: Planned[] = [];
    for (const event of pending.events) {
      const type = this.deps.model.contentTypes.get(event.uid)!;
      const related = needsRelated(event, type);
      for (const hook of this.deps.hooks) for (const sent of eventsFor(hook, event)) planned.push({ event, type, hook, sent, needsRelated: related });
    }
    return planned;
  }

  /** Row ids taken from the store when those at hand do not suffice, and the other entries events need. */
  private async recordWaiting(pending: Committed, planned: readonly Planned[], atHand: number | undefined): Promise<Change[]> {
    const first = atHand ?? (await this.newIds(planned.length));
    const related: Related[] = [];
    for (const one of planned) related.push(one.needsRelated ? await this.related(one.event, pending) : NONE);
    return this.rows(pending, planned, first, related);
  }

  /** The rows of the planned deliveries, ids from `first` on; kept for the worker once the write commits. */
  private rows(pending: Committed, planned: readonly Planned[], first: number, related: readonly Related[]): Change[] {
    const rows: OutboxRow[] = [];
    const changes: Change[] = [];
    for (const [index, { event, type, hook, sent }] of planned.entries()) {
      const body = JSON.stringify(bodyRest(type, event, sent, related[index] ?? NONE));
      const doc = queuedRow({ id: first + index, delivery: this.#newId(), webhook: hook.name, event: sent, lane: `${event.uid}#${event.id}`, body, at: event.at });
      rows.push(doc);
      changes.push({ op: 'put', collection: OUTBOX, doc });
    }
    this.#recorded.set(pending, rows);
    return changes;
  }

  /**
   * The first of `n` row ids in a row from those taken from the store earlier, or undefined when
   * fewer are left. Writes are recorded one after another in commit order (write/serially.ts), so
   * ids grow with the commits either way.
   */
  private idsAtHand(n: number): number | undefined {
    if (this.#ids.end - this.#ids.next < n) return undefined;
    const first = this.#ids.next;
    this.#ids.next += n;
    return first;
  }

  /** `n` row ids from the store, with the rest of a block of `idsAtOnce` kept at hand. */
  private async newIds(n: number): Promise<number> {
    const taken = Math.max(n, this.deps.idsAtOnce ?? 1);
    const first = await this.deps.store.allocateIds(OUTBOX, taken);
    this.#ids = { next: first + n, end: first + taken };
    return first;
  }

  /** The rows recorded with a write, once it committed (the same object the recorder was given). */
  recordedWith(committed: Committed): readonly OutboxRow[] {
    return this.#recorded.get(committed) ?? [];
  }

  /**
   * Entries Strapi puts in the event's `entry`: a user's role (the users-permissions service
   * populates it); a new localization's other locales (the i18n service lists them).
   */
  private async related(event: LifecycleEvent, pending: Committed): Promise<Related> {
    const after = event.after;
    if (!after) return {};
    if (event.uid === USER_UID && typeof after.role === 'number') {
      const roleType = this.deps.model.contentTypes.get(ROLE_UID)!;
      const [role] = await this.deps.store.find(roleType.collectionName, { id: after.role }, { limit: 1 });
      return role ? { role, roleType } : {};
    }
    const others = Array.isArray(after.localizations) ? (after.localizations as number[]) : [];
    if (event.event !== 'entry.create' || others.length === 0) return {};
    const type = this.deps.model.contentTypes.get(event.uid)!;
    const written = new Map(pending.changes.flatMap((change) => (change.op === 'put' && change.collection === type.collectionName ? [[change.doc.id, change.doc] as const] : [])));
    const missing = others.filter((id) => !written.has(id));
    const read = missing.length > 0 ? await this.deps.store.find(type.collectionName, { id: { $in: missing } }) : [];
    const byId = new Map([...written, ...read.map((doc) => [doc.id, doc] as const)]);
    return { localizations: others.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) };
  }
}

/** A delivery waiting for its first attempt. */
export function queuedRow(fields: { id: number; delivery: string; webhook: string; event: string; lane: string; body: string; at: Date; resendOf?: string }): OutboxRow {
  const { id, delivery, webhook, event, lane, body, at, resendOf } = fields;
  const row: OutboxRow = { id, delivery, webhook, event, lane, body, status: 'queued', attempts: [], nextAt: at, createdAt: at };
  return resendOf ? { ...row, resendOf } : row;
}

const NONE: Related = {};

/** One delivery a write's event makes, before its row. */
interface Planned {
  readonly event: LifecycleEvent;
  readonly type: ContentType;
  readonly hook: Webhook;
  readonly sent: WebhookEvent;
  /** Its body names another entry (a user's role, a new localization's other locales). */
  readonly needsRelated: boolean;
}

/** A user's event (its role) or a new localization's (its other locales). */
function needsRelated(event: LifecycleEvent, type: ContentType): boolean {
  if (event.after === undefined) return false;
  if (event.uid === USER_UID) return true;
  return type.localized && event.event === 'entry.create' && Array.isArray(event.after.localizations) && event.after.localizations.length > 0;
}
