// The stores a suite can run on: the embedded store, the MongoDB store through the wire test
// server (the real driver, in process), and the MongoDB store on a real MongoDB (MONGODB_URI).
import { createMongoStore } from '../../src/store/mongo-store.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Store } from '../../src/store/store.ts';
import { startWireServer } from './mongo-wire-server/server.ts';

export interface Backend {
  name: string;
  open(): Promise<{ store: Store; close(): Promise<void> }>;
}

/** `MONGODB_URI` with its database replaced, so test runs never touch a team's data. */
export function withDatabase(uri: string, database: string): string {
  return uri.replace(/^(mongodb(?:\+srv)?:\/\/[^/?]+)(\/[^?]*)?/, `$1/${database}`);
}

export const embedded: Backend = {
  name: 'the embedded store',
  open: async () => ({ store: new EmbeddedStore(), close: async () => {} }),
};

export const mongoOverWire: Backend = {
  name: 'the MongoDB store through the wire test server',
  open: async () => {
    const server = await startWireServer();
    const store = createMongoStore({ uri: server.uri, timeoutMs: 5000 });
    return { store, close: async () => { await store.close(); await server.stop(); } };
  },
};

export const realMongo: Backend | undefined = process.env.MONGODB_URI
  ? {
      name: 'the MongoDB store on MONGODB_URI',
      open: async () => {
        const store = createMongoStore({ uri: withDatabase(process.env.MONGODB_URI!, `gateway_test_${process.pid}_${Date.now()}`), timeoutMs: 10_000 });
        return { store, close: () => store.close() };
      },
    }
  : undefined;

/** Every backend available here; says loudly which one is skipped and why. */
export function availableBackends(): Backend[] {
  if (!realMongo) console.warn('MONGODB_URI is not set: the suites on a real MongoDB are skipped (docker compose up mongo, then MONGODB_URI=mongodb://localhost:27017/test?directConnection=true)');
  return [embedded, mongoOverWire, ...(realMongo ? [realMongo] : [])];
}
