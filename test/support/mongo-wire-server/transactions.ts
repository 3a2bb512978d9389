// Sessions and multi-document transactions of the test device: a command with its session
// fields (lsid, txnNumber, autocommit, startTransaction) in, run on a transaction's snapshot or
// on the live data, out. A transaction's writes reach the live data whole at commitTransaction,
// or never. Conflicts answer WriteConflict with TransientTransactionError, first writer wins, as
// MongoDB's do; a standalone refuses transaction numbers. One deviation: MongoDB makes a write
// outside a transaction wait for a transaction holding its document; here it goes ahead, and the
// transaction then fails to commit with WriteConflict. A transaction's changes reach the oplog
// (change-log.ts) together at its commit, in statement order, under its session.
import type { ChangeLog, WriteRecord } from './change-log.ts';
import { CommandError, writeConflict } from './errors.ts';
import type { Engine } from './engine.ts';
import { indexKeyOf, sameKey, uniqueIndexes } from './unique.ts';
import { docsById, idKey, type Namespace, type WriteTracker } from './write-tracker.ts';

type Reply = Record<string, unknown>;

/** What MongoDB 7.0 runs inside a transaction (collections are created implicitly by inserts). */
const IN_TRANSACTION = new Set(['find', 'getMore', 'killCursors', 'aggregate', 'distinct', 'insert', 'update', 'delete', 'findAndModify', 'findandmodify']);

interface Transaction {
  txnNumber: bigint;
  state: 'in progress' | 'committed' | 'aborted';
  /** The data as of the start, with this transaction's own writes. */
  view: Engine;
  /** The live write sequence number at the start: later live writes are concurrent ones. */
  startSeq: number;
  /** Namespace (`db.collection`) -> ids this transaction wrote. */
  written: Map<string, Set<string>>;
  /** Its changes, in statement order, for the oplog at its commit. */
  records: WriteRecord[];
  lsid: unknown;
}

/** A command's session fields, as the driver sends them in the envelope. */
export interface SessionFields {
  lsid?: unknown;
  txnNumber?: unknown;
  autocommit?: unknown;
  startTransaction?: unknown;
}

export class Transactions {
  private readonly sessions = new Map<string, Transaction>();

  constructor(
    private readonly live: Engine,
    private readonly tracker: WriteTracker,
    /** Where committed changes go (a replica set's oplog); none on a standalone. */
    private readonly log?: ChangeLog,
  ) {}

  /** Server restart: every transaction in progress is gone. */
  clear(): void {
    this.sessions.clear();
  }

  /** A statement the transaction may not run: MongoDB aborts the transaction it was sent in. */
  abandon(fields: SessionFields): void {
    const transaction = fields.lsid === undefined ? undefined : this.sessions.get(sessionKey(fields.lsid));
    if (transaction?.state === 'in progress') transaction.state = 'aborted';
  }

  endSessions(lsids: readonly unknown[]): void {
    for (const lsid of lsids) this.sessions.delete(sessionKey(lsid));
  }

  /**
   * Runs `execute` on the engine the command's session says: a transaction's view, or the live
   * data. `replicaSet` false: a standalone, which refuses transaction numbers.
   */
  run(name: string, target: Namespace | undefined, fields: SessionFields, replicaSet: boolean, execute: (engine: Engine) => Reply): Reply {
    if (fields.txnNumber !== undefined && !replicaSet) {
      throw new CommandError(20, 'IllegalOperation', 'Transaction numbers are only allowed on a replica set member or mongos');
    }
    if (name === 'commitTransaction') return this.commit(fields);
    if (name === 'abortTransaction') return this.abort(fields);
    if (fields.autocommit === undefined) return this.tracker.track(this.live, target, execute);
    if (fields.autocommit !== false) throw new CommandError(50768, 'InvalidOptions', 'autocommit must be false when given');
    const transaction = this.transactionFor(fields);
    if (!IN_TRANSACTION.has(name)) {
      throw new CommandError(263, 'OperationNotSupportedInTransaction', `Cannot run '${name}' in a multi-document transaction.`);
    }
    return this.runInTransaction(transaction, target, execute);
  }

  private runInTransaction(transaction: Transaction, target: Namespace | undefined, execute: (engine: Engine) => Reply): Reply {
    const changed = new Map<string, Set<string>>();
    const reply = this.tracker.watch(transaction.view, target, execute, (ns, ids) => changed.set(ns, ids));
    // MongoDB aborts a transaction whose statement failed.
    if (reply.ok !== 1 || reply.writeErrors) {
      transaction.state = 'aborted';
      return reply;
    }
    for (const [ns, ids] of changed) {
      if (this.conflicts(transaction, ns, ids)) {
        transaction.state = 'aborted';
        return writeConflict().toReply();
      }
      const written = transaction.written.get(ns) ?? new Set<string>();
      for (const id of ids) written.add(id);
      transaction.written.set(ns, written);
    }
    return reply;
  }

  private transactionFor(fields: SessionFields): Transaction {
    const key = sessionKey(fields.lsid);
    const txnNumber = txnNumberOf(fields.txnNumber);
    const current = this.sessions.get(key);
    if (fields.startTransaction === true) {
      if (current && current.txnNumber >= txnNumber) {
        throw new CommandError(225, 'TransactionTooOld', `Cannot start transaction ${txnNumber} on session because a newer transaction ${current.txnNumber} has already started.`);
      }
      // A newer transaction number aborts the session's older transaction.
      const started: Transaction = { txnNumber, state: 'in progress', view: this.live.clone(), startSeq: this.tracker.sequence, written: new Map(), records: [], lsid: fields.lsid };
      started.view.recorder = (record) => started.records.push(record);
      this.sessions.set(key, started);
      return started;
    }
    if (!current || current.txnNumber !== txnNumber || current.state !== 'in progress') throw noSuchTransaction(txnNumber, current);
    return current;
  }

  /** Another transaction holds one of these documents or keys, or a write committed since the start did. */
  private conflicts(transaction: Transaction, ns: string, ids: ReadonlySet<string>): boolean {
    const others = [...this.sessions.values()].filter((other) => other !== transaction && other.state === 'in progress');
    for (const id of ids) {
      if (this.tracker.lastWrite(ns, id) > transaction.startSeq) return true;
      if (others.some((other) => other.written.get(ns)?.has(id))) return true;
    }
    const [db, name] = splitNamespace(ns);
    const data = transaction.view.collection(db, name);
    if (!data) return false;
    const mine = docsById(data.docs, ids);
    const rivals = [
      ...others.flatMap((other) => docsById(other.view.collection(db, name)?.docs ?? [], other.written.get(ns) ?? new Set())),
      ...(this.live.collection(db, name)?.docs ?? []).filter((doc) => this.tracker.lastWrite(ns, idKey(doc._id)) > transaction.startSeq),
    ];
    return uniqueIndexes(data).some((index) =>
      mine.some((doc) => {
        const key = indexKeyOf(index, doc);
        return key !== undefined && rivals.some((rival) => idKey(rival._id) !== idKey(doc._id) && sameKey(indexKeyOf(index, rival) ?? [], key));
      }),
    );
  }

  private commit(fields: SessionFields): Reply {
    const txnNumber = txnNumberOf(fields.txnNumber);
    const transaction = this.sessions.get(sessionKey(fields.lsid));
    // A retried commit of a committed transaction succeeds again.
    if (transaction?.txnNumber === txnNumber && transaction.state === 'committed') return { ok: 1 };
    if (!transaction || transaction.txnNumber !== txnNumber || transaction.state !== 'in progress') throw noSuchTransaction(txnNumber, transaction);
    for (const [ns, ids] of transaction.written) {
      if ([...ids].some((id) => this.tracker.lastWrite(ns, id) > transaction.startSeq)) {
        transaction.state = 'aborted';
        throw writeConflict();
      }
    }
    this.tracker.apply(transaction.view, this.live, transaction.written);
    this.log?.append(transaction.records, { lsid: transaction.lsid, txnNumber });
    transaction.state = 'committed';
    return { ok: 1 };
  }

  private abort(fields: SessionFields): Reply {
    const txnNumber = txnNumberOf(fields.txnNumber);
    const transaction = this.sessions.get(sessionKey(fields.lsid));
    if (transaction?.txnNumber === txnNumber && transaction.state === 'committed') {
      throw new CommandError(256, 'TransactionCommitted', `Transaction with { txnNumber: ${txnNumber} } has been committed.`);
    }
    if (!transaction || transaction.txnNumber !== txnNumber || transaction.state !== 'in progress') throw noSuchTransaction(txnNumber, transaction);
    transaction.state = 'aborted';
    return { ok: 1 };
  }
}

function noSuchTransaction(txnNumber: bigint, current: Transaction | undefined): CommandError {
  const message =
    current?.txnNumber === txnNumber
      ? `Transaction with { txnNumber: ${txnNumber} } has been aborted.`
      : `Given transaction number ${txnNumber} does not match any in-progress transactions.`;
  return new CommandError(251, 'NoSuchTransaction', message, { errorLabels: ['TransientTransactionError'] });
}

function sessionKey(lsid: unknown): string {
  const id = (lsid as { id?: { toString(encoding: string): string } } | undefined)?.id;
  if (!id) throw new CommandError(50768, 'InvalidOptions', 'a transaction needs a logical session id (lsid)');
  return id.toString('hex');
}

function txnNumberOf(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  const boxed = (value as { value?: unknown } | undefined)?.value;
  if (typeof boxed === 'bigint') return boxed;
  throw new CommandError(14, 'TypeMismatch', 'txnNumber must be a 64-bit integer');
}

function splitNamespace(ns: string): [string, string] {
  const dot = ns.indexOf('.');
  return [ns.slice(0, dot), ns.slice(dot + 1)];
}
