// The entry estimate's model (src/graphql/cost.ts), measured from the store's data once, on first
// need, and again on request (after an import). Until a failed measurement may be tried again,
// lists are bounded by their page sizes alone: stricter, but the gateway keeps answering.
import { costModel, type CostModel } from '../src/graphql/cost.ts';
import type { ContentModel } from '../src/model/types.ts';
import { type Cardinality, measureCardinality, raisedBy } from '../src/store/cardinality.ts';
import type { Change, Store } from '../src/store/store.ts';
import type { Logger } from './observability/logger.ts';

/** How long the entry estimate goes unmeasured after a failed measurement of the data. */
const REMEASURE_AFTER_FAILURE_MS = 60_000;

export class EntryCosts {
  private readonly unmeasured: CostModel;
  private measured: Promise<CostModel> | undefined;
  /** What the last measurement found, raised by the writes since. */
  private cardinality: Cardinality | undefined;
  private failedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly model: ContentModel,
    private readonly store: Store,
    private readonly logger: Logger,
  ) {
    this.unmeasured = costModel(model);
  }

  /** The model as last measured (measuring it on first need). */
  readonly costs = (): Promise<CostModel> => {
    if (!this.measured && performance.now() - this.failedAt < REMEASURE_AFTER_FAILURE_MS) return Promise.resolve(this.unmeasured);
    return (this.measured ??= this.measure().catch((error: unknown) => {
      this.logger.warn({ err: error }, 'measuring the data for the entry estimate failed: lists are bounded by their page sizes until it is tried again');
      this.failedAt = performance.now();
      this.measured = undefined;
      return this.unmeasured;
    }));
  };

  /** Measures the data again; the new model is used once measured. */
  async remeasure(): Promise<void> {
    const next = await this.measure();
    this.measured = Promise.resolve(next);
  }

  /** A write of this gateway: the estimate's bounds are raised by what it wrote, without a measurement. */
  written(changes: readonly Change[]): void {
    if (!this.cardinality) return;
    this.cardinality = raisedBy(this.model, this.cardinality, changes);
    this.measured = Promise.resolve(costModel(this.model, this.cardinality));
  }

  /** The data changed: measure it again on next need, failures forgotten. */
  forget(): void {
    this.measured = undefined;
    this.cardinality = undefined;
    this.failedAt = Number.NEGATIVE_INFINITY;
  }

  private async measure(): Promise<CostModel> {
    const cardinality = await measureCardinality(this.model, this.store);
    this.cardinality = cardinality;
    return costModel(this.model, cardinality);
  }
}
