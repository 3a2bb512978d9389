// Which documents each write changed, for the transactions: a write command's target and its
// run in, the ids (by `_id`) it inserted, replaced or removed out; and the live data's write
// sequence, so a transaction can tell the writes committed after it started.
import type { Engine } from './engine.ts';
import type { EngineDoc } from './values.ts';

/** A write command's database and collection. */
export type Namespace = readonly [db: string, collection: string];

type Reply = Record<string, unknown>;

/** A key for an `_id` of any BSON type. */
export function idKey(id: unknown): string {
  const kind = id === null || id === undefined ? 'null' : (id as object).constructor?.name ?? typeof id;
  return `${kind}:${JSON.stringify(id)}`;
}

/** The documents of `docs` whose ids are in `ids`. */
export function docsById(docs: readonly EngineDoc[], ids: ReadonlySet<string>): EngineDoc[] {
  return docs.filter((doc) => ids.has(idKey(doc._id)));
}

function byId(docs: readonly EngineDoc[]): Map<string, EngineDoc> {
  return new Map(docs.map((doc) => [idKey(doc._id), doc]));
}

/** Ids whose document was added, removed or replaced between two states of a collection. */
function changedIds(before: Map<string, EngineDoc>, after: Map<string, EngineDoc>): Set<string> {
  const changed = new Set<string>();
  for (const [id, doc] of after) if (before.get(id) !== doc) changed.add(id);
  for (const id of before.keys()) if (!after.has(id)) changed.add(id);
  return changed;
}

export class WriteTracker {
  private seq = 0;
  private readonly writes = new Map<string, number>();

  /** The live data's write sequence number: how many live writes there have been. */
  get sequence(): number {
    return this.seq;
  }

  /** The sequence number of the last live write of this document (0: none seen). */
  lastWrite(ns: string, id: string): number {
    return this.writes.get(`${ns}\u0000${id}`) ?? 0;
  }

  /** Runs a command on the live data, numbering the writes it makes. */
  track(live: Engine, target: Namespace | undefined, execute: (engine: Engine) => Reply): Reply {
    return this.watch(live, target, execute, (ns, ids) => this.record(ns, ids));
  }

  /** Runs a command, then tells `onChanged` which documents of its target it changed. */
  watch(engine: Engine, target: Namespace | undefined, execute: (engine: Engine) => Reply, onChanged: (ns: string, ids: Set<string>) => void): Reply {
    if (!target) return execute(engine);
    const [db, name] = target;
    const before = byId(engine.collection(db, name)?.docs ?? []);
    const reply = execute(engine);
    const changed = changedIds(before, byId(engine.collection(db, name)?.docs ?? []));
    if (changed.size) onChanged(`${db}.${name}`, changed);
    return reply;
  }

  /** Copies a committed transaction's writes from its view into the live data, in one step. */
  apply(view: Engine, live: Engine, written: ReadonlyMap<string, ReadonlySet<string>>): void {
    for (const [ns, ids] of written) {
      const dot = ns.indexOf('.');
      const [db, name] = [ns.slice(0, dot), ns.slice(dot + 1)];
      const source = view.collection(db, name);
      const { data, created } = live.createCollection(db, name);
      if (created && source) data.indexes = source.indexes.map((index) => ({ ...index }));
      const finals = byId(docsById(source?.docs ?? [], new Set(ids)));
      // Replaced documents keep their place, removed ones leave, new ones come last.
      data.docs = data.docs.flatMap((doc) => {
        const id = idKey(doc._id);
        if (!ids.has(id)) return [doc];
        const next = finals.get(id);
        finals.delete(id);
        return next ? [next] : [];
      });
      data.docs.push(...finals.values());
      this.record(ns, new Set(ids));
    }
  }

  private record(ns: string, ids: ReadonlySet<string>): void {
    this.seq += 1;
    for (const id of ids) this.writes.set(`${ns}\u0000${id}`, this.seq);
  }
}
