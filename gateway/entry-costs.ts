// The entry estimate's model (src/graphql/cost.ts) and the measurement it is made of. The store
// keeps the measurement (docs/storage.md, "Measurements"): read at start (one document and the
// entry counts), raised by each write in the write's own transaction, and measured again, a batch
// at a time in the background, when writes may have left its bounds loose. A store without one is
// measured once, the same way, and it is stored. Until a failed read may be tried again, lists
// are bounded by their page sizes alone: stricter, but the gateway keeps answering.
import { costModel, type CostModel } from '../src/graphql/cost.ts';
import type { ContentModel } from '../src/model/types.ts';
import { raised, raisedBy, riseOf, UNMEASURED, type Cardinality, type Rise } from '../src/store/cardinality.ts';
import type { BeforeOf } from '../src/store/collection-reads.ts';
import { measureStore, priorLinks, readMeasurement } from '../src/store/measure-store.ts';
import { measurementPut, raiseOf, raiseToAtLeast } from '../src/store/measurement-doc.ts';
import type { Change, Store } from '../src/store/store.ts';
import type { Logger } from './observability/logger.ts';

/** How long the entry estimate goes unmeasured after a failed reading of the measurement. */
const RETRY_AFTER_FAILURE_MS = 60_000;

export interface EntryCostsOptions {
  /**
   * Other processes write to the store (MongoDB): a measurement of the data only ever raises the
   * stored one, since another gateway may have raised a bound this one has not seen. Otherwise
   * (the embedded store, one process) it replaces it, tightening what deletions left loose.
   */
  shared?: boolean;
  /** Runs `work` with no write of this gateway in flight (the writer's queue); at once when absent. */
  serially?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Documents per batch when the data is streamed. */
  batchSize?: number;
}

/** A reading of the measurement under way: `read` once the store was asked, `done` once measured. */
interface Loading {
  read: Promise<void>;
  done: Promise<void>;
}

/** A measurement and the estimate's model made of it, once a read asks (a run of writes makes it once). */
interface Measured {
  cardinality: Cardinality;
  costs?: CostModel;
}

export class EntryCosts {
  private readonly unmeasured: CostModel;
  /** In memory; its list sizes never exceed the stored ones (writes raise the store first; inverse counts may count a write twice). */
  private current: Measured | undefined;
  private loading: Loading | undefined;
  private failedAt = Number.NEGATIVE_INFINITY;
  /** Moves when the data is replaced (an import): a reading begun before is dropped. */
  private generation = 0;
  /** The changes written while each reading or measurement runs: it may have missed them. */
  private readonly missed = new Set<Change[]>();
  /** A write since the last measurement may have left a bound loose (a deletion, a shorter list). */
  private loosened = false;
  private readonly serially: NonNullable<EntryCostsOptions['serially']>;
  /** What {@link raises} worked out each write adds, for {@link wrote}. */
  private readonly rises = new WeakMap<readonly Change[], Rise>();

  constructor(
    private readonly model: ContentModel,
    private readonly store: Pick<Store, 'find' | 'count' | 'write'>,
    private readonly logger: Logger,
    private readonly options: EntryCostsOptions = {},
  ) {
    this.unmeasured = costModel(model);
    this.serially = options.serially ?? ((work) => work());
  }

  /**
   * The model as last measured. On first need it waits for the stored measurement to be read, but
   * not for the data to be measured where none is stored: meanwhile lists are bounded by their
   * page sizes alone.
   */
  readonly costs = async (): Promise<CostModel> => {
    if (!this.current && performance.now() - this.failedAt >= RETRY_AFTER_FAILURE_MS) await this.begin().read;
    const current = this.current;
    if (!current) return this.unmeasured;
    return (current.costs ??= costModel(this.model, current.cardinality));
  };

  /**
   * Reads the stored measurement, or measures the data once and stores it when the store holds
   * none that fits the model. Never rejects: a failure is logged and tried again a minute later.
   */
  load(): Promise<void> {
    return this.begin().done;
  }

  /** The reading under way (begun now when none is): `read` settles once the store was asked, `done` once measured. */
  private begin(): Loading {
    if (this.loading) return this.loading;
    let asked!: () => void;
    const read = new Promise<void>((resolve) => (asked = resolve));
    const done: Promise<void> = this.read(asked)
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'reading the measurement for the entry estimate failed: lists are bounded by their page sizes until it is tried again');
        this.failedAt = performance.now();
      })
      .finally(() => {
        asked();
        if (this.loading?.done === done) this.loading = undefined;
      });
    this.loading = { read, done };
    return this.loading;
  }

  /**
   * Measures the data again when a write since the last measurement may have left a bound loose
   * (here, or, on MongoDB, another gateway's: {@link othersWrote}); reads it first when unread.
   */
  async remeasure(): Promise<void> {
    if (!this.current) return this.load();
    if (!this.loosened) return;
    await this.measureAndKeep(this.options.shared ? 'raise' : 'replace');
  }

  /**
   * The stored measurement's raise for `changes` (none when no bound rose), to be written in the
   * same atomic write: a bound in the store is never below the data, whenever the process stops.
   * Needs the relations the documents held before (those the write read, `replaced`; the others in
   * one find by ids), so a relation that keeps its targets raises no inverse count. Unmeasured,
   * every list the changes hold is raised.
   */
  async raises(changes: readonly Change[], replaced?: BeforeOf): Promise<Change[]> {
    const rise = riseOf(this.model, changes, await priorLinks(this.model, this.store, changes, replaced));
    this.rises.set(changes, rise);
    const before = this.current?.cardinality ?? UNMEASURED;
    const raise = raiseOf(this.model, before.lists, raised(before, rise).lists);
    return raise ? [raise] : [];
  }

  /**
   * A write's changes are in the store: the bounds in memory are raised to hold after it, without
   * reading it (with what {@link raises} worked out for these very changes, when it was asked).
   */
  wrote(changes: readonly Change[]): void {
    for (const missed of this.missed) missed.push(...changes);
    if (changes.some((change) => change.op !== 'raise')) this.loosened = true;
    if (!this.current) return;
    const after = raised(this.current.cardinality, this.rises.get(changes) ?? riseOf(this.model, changes));
    // Nothing rose (most updates): the estimate's model made of it is kept.
    if (after !== this.current.cardinality) this.use(after);
  }

  /** Another gateway wrote (MongoDB's write marks moved): the next remeasure reads the data. */
  othersWrote(): void {
    this.loosened = true;
  }

  /** The data was replaced (an import): the measurement is read again on next need, failures forgotten. */
  forget(): void {
    this.generation += 1;
    this.current = undefined;
    this.loading = undefined;
    this.failedAt = Number.NEGATIVE_INFINITY;
  }

  /** Reads the stored measurement (calling `asked` once the store answered), else measures the data. */
  private async read(asked: () => void): Promise<void> {
    const generation = this.generation;
    const missed: Change[] = [];
    this.missed.add(missed);
    try {
      const stored = await readMeasurement(this.model, this.store);
      if (!stored) {
        this.logger.info('the store holds no measurement for the entry estimate that fits the model (data written by an earlier release, or the model changed): measuring the data once');
        asked();
        return await this.measureAndKeep('replace');
      }
      if (generation === this.generation) this.use(raisedBy(this.model, stored, missed));
    } finally {
      this.missed.delete(missed);
    }
  }

  /**
   * Streams the data (src/store/measure-store.ts), then, with no write of this gateway in flight,
   * uses the result, raised by the writes it may have missed, and stores it: whole (`replace`),
   * or as a raise that lowers nothing (`raise`).
   */
  private async measureAndKeep(mode: 'replace' | 'raise'): Promise<void> {
    const generation = this.generation;
    const missed: Change[] = [];
    this.missed.add(missed);
    this.loosened = false;
    try {
      const streamed = await measureStore(this.model, this.store, this.options.batchSize);
      await this.serially(async () => {
        if (generation !== this.generation) return;
        const measured = raisedBy(this.model, streamed, missed);
        this.use(measured);
        const change = mode === 'replace' ? measurementPut(this.model, measured.lists, new Date()) : raiseToAtLeast(measured.lists);
        await this.store.write([change]).catch((error: unknown) => this.logger.warn({ err: error }, 'storing the measurement for the entry estimate failed; it is measured again at the next start'));
      });
    } finally {
      this.missed.delete(missed);
    }
  }

  private use(cardinality: Cardinality): void {
    this.current = { cardinality };
  }
}
