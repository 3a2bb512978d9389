// The test device's memory: databases of collections of engine documents, with their indexes.
// Reads and catalog operations live here; writes.ts changes documents. Every change is told to
// the engine's recorder, if it has one (the oplog for the live data, a transaction's own list).
import type { WriteRecord } from './change-log.ts';
import { CommandError } from './errors.ts';
import { sameSignature } from './index-specs.ts';
import { compileFilter, findPipeline, runPipeline, type Filter, type FindSpec, type Stage } from './query.ts';
import { assertUnique } from './unique.ts';
import { cloneValue, type EngineDoc } from './values.ts';

export interface IndexInfo {
  v: 2;
  key: Record<string, unknown>;
  name: string;
  unique?: boolean;
  /** Only documents matching this filter are indexed (and, for a unique index, held unique). */
  partialFilterExpression?: Record<string, unknown>;
}

export interface CollectionData {
  docs: EngineDoc[];
  indexes: IndexInfo[];
}

const ID_INDEX: IndexInfo = { v: 2, key: { _id: 1 }, name: '_id_' };

export class Engine {
  private readonly databases = new Map<string, Map<string, CollectionData>>();
  /** Told of each change of a document or collection, in order; a copy made by {@link clone} has none. */
  recorder: ((record: WriteRecord) => void) | undefined;

  /** Tells the recorder of a change. */
  record(record: WriteRecord): void {
    this.recorder?.(record);
  }

  /** Forgets every database. */
  reset(): void {
    this.databases.clear();
  }

  /** The collection, or undefined when it does not exist. */
  collection(db: string, name: string): CollectionData | undefined {
    return this.databases.get(db)?.get(name);
  }

  /** The collection, created (as MongoDB does on first write) when missing. */
  createCollection(db: string, name: string): { data: CollectionData; created: boolean } {
    let collections = this.databases.get(db);
    if (!collections) {
      collections = new Map();
      this.databases.set(db, collections);
    }
    const existing = collections.get(name);
    if (existing) return { data: existing, created: false };
    const data: CollectionData = { docs: [], indexes: [{ ...ID_INDEX }] };
    collections.set(name, data);
    return { data, created: true };
  }

  collectionNames(db: string): string[] {
    return [...(this.databases.get(db)?.keys() ?? [])];
  }

  dropCollection(db: string, name: string): number | undefined {
    const data = this.collection(db, name);
    this.databases.get(db)?.delete(name);
    if (data) this.record({ op: 'drop', db, coll: name });
    return data?.indexes.length;
  }

  /** Drops each collection (a `drop` each), then the database; one that does not exist changes nothing. */
  dropDatabase(db: string): void {
    if (!this.databases.has(db)) return;
    for (const name of this.collectionNames(db)) this.dropCollection(db, name);
    this.databases.delete(db);
    this.record({ op: 'dropDatabase', db });
  }

  /** Matching documents, sorted, sliced and projected; copies, so cursors hold a snapshot. */
  find(db: string, name: string, spec: FindSpec): EngineDoc[] {
    const matches = compileFilter(spec.filter);
    const source = (this.collection(db, name)?.docs ?? []).filter(matches);
    return runPipeline(source.map(cloneValue), findPipeline(spec), this.resolver(db));
  }

  aggregate(db: string, name: string, pipeline: readonly Stage[]): EngineDoc[] {
    const source = (this.collection(db, name)?.docs ?? []).map(cloneValue);
    return runPipeline(source, pipeline, this.resolver(db));
  }

  count(db: string, name: string, query: Filter | undefined, skip = 0, limit = 0): number {
    const matches = compileFilter(query);
    const n = (this.collection(db, name)?.docs ?? []).filter(matches).length;
    const afterSkip = Math.max(0, n - skip);
    return limit ? Math.min(afterSkip, Math.abs(limit)) : afterSkip;
  }

  createIndexes(db: string, name: string, specs: readonly IndexInfo[]): { before: number; after: number; created: boolean } {
    const { data, created } = this.createCollection(db, name);
    const before = data.indexes.length;
    for (const spec of specs) {
      const same = data.indexes.find((index) => index.name === spec.name);
      if (same && sameSignature(same, spec)) continue;
      if (same) {
        const [code, codeName] = JSON.stringify(same.key) === JSON.stringify(spec.key) ? [85, 'IndexOptionsConflict'] : [86, 'IndexKeySpecsConflict'];
        throw new CommandError(code, codeName, `An existing index has the same name as the requested index: ${spec.name}`);
      }
      const twin = data.indexes.find((index) => sameSignature(index, spec));
      if (twin) throw new CommandError(85, 'IndexOptionsConflict', `Index already exists with a different name: ${twin.name}`);
      // A unique index is built over the documents already there: a duplicate fails the build.
      if (spec.unique) {
        const building = { docs: [], indexes: [spec] };
        for (const doc of data.docs) {
          assertUnique(building, `${db}.${name}`, doc);
          (building.docs as EngineDoc[]).push(doc);
        }
      }
      data.indexes.push({ ...spec });
    }
    return { before, after: data.indexes.length, created };
  }

  dropIndexes(db: string, name: string, which: unknown): number {
    const data = this.collection(db, name);
    if (!data) throw new CommandError(26, 'NamespaceNotFound', `ns not found ${db}.${name}`);
    const before = data.indexes.length;
    const names = which === '*' ? data.indexes.map((i) => i.name).filter((n) => n !== '_id_') : [which].flat();
    for (const indexName of names) {
      const at = data.indexes.findIndex((i) => i.name === indexName);
      if (at < 0 || indexName === '_id_') throw new CommandError(27, 'IndexNotFound', `index not found with name [${String(indexName)}]`);
      data.indexes.splice(at, 1);
    }
    return before;
  }

  /** A copy sharing nothing mutable: a transaction's snapshot. */
  clone(): Engine {
    const copy = new Engine();
    for (const [db, collections] of this.databases) {
      copy.databases.set(db, new Map([...collections].map(([name, data]) => [name, { docs: data.docs.map(cloneValue), indexes: data.indexes.map((index) => ({ ...index })) }])));
    }
    return copy;
  }

  /** Every database and collection name, for walking the engine. */
  namespaces(): Array<[db: string, name: string]> {
    return [...this.databases].flatMap(([db, collections]) => [...collections.keys()].map((name): [string, string] => [db, name]));
  }

  /** `$lookup` reads sibling collections of the same database through this. */
  private resolver(db: string): (name: string) => EngineDoc[] {
    return (name) => (this.collection(db, name)?.docs ?? []).map(cloneValue);
  }
}
