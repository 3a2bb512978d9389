// The entry estimate's model (src/graphql/cost.ts), measured from the store's data once, on first
// need, and again on request (after an import); raised by each write without reading the store.
// Until a failed measurement may be tried again, lists are bounded by their page sizes alone:
// stricter, but the gateway keeps answering.
import { costModel, type CostModel } from '../src/graphql/cost.ts';
import type { ContentModel } from '../src/model/types.ts';
import { measureCardinality, raisedBy, type Cardinality } from '../src/store/cardinality.ts';
import type { Change, Store } from '../src/store/store.ts';
import type { Logger } from './observability/logger.ts';

/** How long the entry estimate goes unmeasured after a failed measurement of the data. */
const REMEASURE_AFTER_FAILURE_MS = 60_000;

export class EntryCosts {
  private readonly unmeasured: CostModel;
  private measured: Promise<Measured> | undefined;
  private failedAt = Number.NEGATIVE_INFINITY;
  /** The changes written while each remeasurement reads the store: it may have missed them. */
  private readonly duringRemeasures = new Set<Change[]>();

  constructor(
    private readonly model: ContentModel,
    private readonly store: Store,
    private readonly logger: Logger,
  ) {
    this.unmeasured = costModel(model);
  }

  /** The model as last measured (measuring it on first need). */
  readonly costs = async (): Promise<CostModel> => {
    if (!this.measured && performance.now() - this.failedAt < REMEASURE_AFTER_FAILURE_MS) return this.unmeasured;
    const measured = (this.measured ??= this.measure().catch((error: unknown) => {
      this.logger.warn({ err: error }, 'measuring the data for the entry estimate failed: lists are bounded by their page sizes until it is tried again');
      this.failedAt = performance.now();
      this.measured = undefined;
      return { cardinality: undefined, costs: this.unmeasured };
    }));
    return (await measured).costs;
  };

  /** Measures the data again; the new model is used once measured. */
  async remeasure(): Promise<void> {
    const during: Change[] = [];
    this.duringRemeasures.add(during);
    try {
      const { cardinality } = await this.measure();
      const raised = raisedBy(this.model, cardinality!, during);
      this.measured = Promise.resolve({ cardinality: raised, costs: costModel(this.model, raised) });
    } finally {
      this.duringRemeasures.delete(during);
    }
  }

  /**
   * A write changed the data: the bounds measured (or being measured) are raised to hold after it
   * (src/store/cardinality.ts, `raisedBy`), so no estimate undercounts; a measurement that may
   * have read the data before it counts it once more, a little loose. The store is read again
   * only by the next remeasure.
   */
  wrote(changes: readonly Change[]): void {
    for (const during of this.duringRemeasures) during.push(...changes);
    const measured = this.measured;
    if (!measured) return;
    this.measured = measured.then(({ cardinality }) => {
      if (!cardinality) return { cardinality, costs: this.unmeasured };
      const raised = raisedBy(this.model, cardinality, changes);
      return { cardinality: raised, costs: costModel(this.model, raised) };
    });
  }

  /** The data changed: measure it again on next need, failures forgotten. */
  forget(): void {
    this.measured = undefined;
    this.failedAt = Number.NEGATIVE_INFINITY;
  }

  private async measure(): Promise<Measured> {
    const cardinality = await measureCardinality(this.model, this.store);
    return { cardinality, costs: costModel(this.model, cardinality) };
  }
}

/** What was measured (undefined when measuring failed) and the estimate's model made of it. */
interface Measured {
  cardinality: Cardinality | undefined;
  costs: CostModel;
}
