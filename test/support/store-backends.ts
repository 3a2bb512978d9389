// The stores a suite can run on: the embedded store (in a temporary folder), the MongoDB store
// through the wire test server (the real driver, in process), and the MongoDB store on a real
// MongoDB (MONGODB_URI).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Store } from '../../src/store/store.ts';
import { startWireServer } from './mongo-wire-server/server.ts';

export interface Backend {
  name: string;
  open(): Promise<OpenBackend>;
  /**
   * Why the write contract's transactional rows (a write refused by a unique index applies
   * nothing; nulls never duplicates) are skipped on this backend, when they are.
   */
  notTransactional?: string;
}

export interface OpenBackend {
  store: Store;
  /** Closes the store and opens it again on the same data (a restart). */
  reopen(): Promise<Store>;
  close(): Promise<void>;
}

/** `MONGODB_URI` with its database replaced, so test runs never touch a team's data. */
export function withDatabase(uri: string, database: string): string {
  return uri.replace(/^(mongodb(?:\+srv)?:\/\/[^/?]+)(\/[^?]*)?/, `$1/${database}`);
}

export const embedded: Backend = {
  name: 'the embedded store',
  open: async () => {
    const folder = mkdtempSync(join(tmpdir(), 'embedded-store-'));
    const file = join(folder, 'store.db');
    let store = new EmbeddedStore({ file });
    return {
      get store() {
        return store;
      },
      reopen: async () => {
        await store.close();
        return (store = new EmbeddedStore({ file }));
      },
      close: async () => {
        await store.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  },
};

const MONGO_WRITES = 'the MongoDB store\'s write is not yet one transaction, nor does it tell a unique index\'s refusal (the MongoDB half of issue 21, another helper)';

export const mongoOverWire: Backend = {
  name: 'the MongoDB store through the wire test server',
  open: async () => {
    const server = await startWireServer();
    let store = createMongoStore({ uri: server.uri, timeoutMs: 5000 });
    return {
      get store() {
        return store;
      },
      reopen: async () => {
        await store.close();
        return (store = createMongoStore({ uri: server.uri, timeoutMs: 5000 }));
      },
      close: async () => { await store.close(); await server.stop(); },
    };
  },
  notTransactional: MONGO_WRITES,
};

export const realMongo: Backend | undefined = process.env.MONGODB_URI
  ? {
      name: 'the MongoDB store on MONGODB_URI',
      open: async () => {
        const uri = withDatabase(process.env.MONGODB_URI!, `gateway_test_${process.pid}_${Date.now()}`);
        let store = createMongoStore({ uri, timeoutMs: 10_000 });
        return {
          get store() {
            return store;
          },
          reopen: async () => {
            await store.close();
            return (store = createMongoStore({ uri, timeoutMs: 10_000 }));
          },
          close: () => store.close(),
        };
      },
      notTransactional: MONGO_WRITES,
    }
  : undefined;

/** Every backend available here; says loudly which one is skipped and why. */
export function availableBackends(): Backend[] {
  if (!realMongo) console.warn('MONGODB_URI is not set: the suites on a real MongoDB are skipped (docker compose up mongo, then MONGODB_URI=mongodb://localhost:27017/test?directConnection=true)');
  return [embedded, mongoOverWire, ...(realMongo ? [realMongo] : [])];
}
