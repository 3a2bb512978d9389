// A write about to commit -> its outbox rows: one per event and webhook that wants it, each a
// delivery with its own id, written in the same atomic store write as the change (so a delivery
// is recorded exactly when its change is durable). The row is what the worker sends and updates
// and what the admin routes show.
import { randomUUID } from 'node:crypto';
import type { Committed, LifecycleEvent } from '../operations/events.ts';
import { ROLE_UID, USER_UID, type ContentModel } from '../model/types.ts';
import type { Change, Doc, IndexSpec, Store } from '../store/store.ts';
import { eventsFor } from './filters.ts';
import { bodyRest, type Related } from './payload.ts';
import type { Webhook } from './settings.ts';

/** The outbox: one document per delivery (docs/storage.md). */
export const OUTBOX = '_outbox';

export const OUTBOX_INDEXES: readonly IndexSpec[] = [
  { keys: { id: 1 }, unique: true, name: 'id_1' },
  { keys: { webhook: 1, status: 1, id: 1 }, name: 'webhook_1_status_1_id_1' },
  { keys: { status: 1, createdAt: 1 }, name: 'status_1_createdAt_1' },
];

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
}

/** The recorder of webhook deliveries, and the rows each committed write recorded (for the worker). */
export class Outbox {
  readonly #recorded = new WeakMap<Committed, OutboxRow[]>();
  readonly #newId: () => string;

  constructor(private readonly deps: OutboxDeps) {
    this.#newId = deps.newId ?? randomUUID;
  }

  /** The lifecycle's recorder: rows for the write's events, to be written with it. */
  readonly record = async (pending: Committed): Promise<Change[]> => {
    const planned = pending.events.flatMap((event) => this.deps.hooks.flatMap((hook) => eventsFor(hook, event).map((sent) => ({ event, hook, sent }))));
    if (planned.length === 0) return [];
    const first = await this.deps.store.allocateIds(OUTBOX, planned.length);
    const rows: OutboxRow[] = [];
    for (const [index, { event, hook, sent }] of planned.entries()) {
      const type = this.deps.model.contentTypes.get(event.uid)!;
      const rest = bodyRest(type, event, sent, await this.related(event, pending));
      rows.push(queuedRow({ id: first + index, delivery: this.#newId(), webhook: hook.name, event: sent, lane: laneOf(event), body: JSON.stringify(rest), at: event.at }));
    }
    this.#recorded.set(pending, rows);
    return rows.map((doc) => ({ op: 'put', collection: OUTBOX, doc }));
  };

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
  const { at, resendOf, ...rest } = fields;
  return { ...rest, status: 'queued', attempts: [], nextAt: at, createdAt: at, ...(resendOf ? { resendOf } : {}) };
}

function laneOf(event: LifecycleEvent): string {
  return `${event.uid}#${event.id}`;
}
