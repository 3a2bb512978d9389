// An import's measurement for the entry estimate: each batch the import writes is measured as it
// goes (numbers only are kept), and the result is stored once the last document is written.
// Into a store that held data, the import's measurement is merged with the stored one; where
// that one is unknown, none is stored and the next start measures the data (docs/storage.md).
import type { ContentModel } from '../model/types.ts';
import { CardinalityMeter } from './cardinality.ts';
import { countEntries, readMeasurement } from './measure-store.ts';
import { measurementPut, mergedLists, MEASUREMENT_ID, MEASUREMENTS } from './measurement-doc.ts';
import type { Doc, Store } from './store.ts';

export class ImportMeasurement {
  private readonly meter: CardinalityMeter;

  private constructor(
    private readonly model: ContentModel,
    private readonly store: Pick<Store, 'write'>,
    /** What the store held before the import, measured; undefined when unknown. */
    private readonly prior: ReadonlyMap<string, number> | undefined,
  ) {
    this.meter = new CardinalityMeter(model);
  }

  /**
   * Reads what the store held (nothing when `emptied`: the import dropped the model's collections),
   * then removes the stored measurement, so an import stopped midway leaves none behind: the next
   * start measures the data as it is.
   */
  static async begin(model: ContentModel, store: Pick<Store, 'find' | 'count' | 'write'>, emptied: boolean): Promise<ImportMeasurement> {
    const prior = emptied || !(await holdsEntries(model, store)) ? new Map<string, number>() : (await readMeasurement(model, store))?.lists;
    await store.write([{ op: 'delete', collection: MEASUREMENTS, id: MEASUREMENT_ID }]);
    return new ImportMeasurement(model, store, prior);
  }

  /** Measures a batch the import wrote. */
  add(collection: string, docs: readonly Doc[]): void {
    this.meter.add(collection, docs);
  }

  /** Stores the measurement, once every document is written. */
  async finish(at: Date): Promise<void> {
    if (!this.prior) return;
    await this.store.write([measurementPut(this.model, mergedLists(this.model, this.prior, this.meter.lists()), at)]);
  }
}

async function holdsEntries(model: ContentModel, store: Pick<Store, 'count'>): Promise<boolean> {
  return [...(await countEntries(model, store)).values()].some((count) => count > 0);
}
