// Stopping: `npm start` exits 0 on SIGTERM, sent to node or to npm; closing the gateway stops
// accepting connections and lets a request in flight finish before the store is closed.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createGateway } from '../../gateway/app.ts';
import { listen } from '../../gateway/server.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Filter, FindOptions } from '../../src/store/store.ts';
import { blogGateway } from '../support/test-gateway.ts';
import { spawnGateway } from './support/gateway-process.ts';

/** Holds every read until released, and says when the first one arrived. */
class HeldStore extends EmbeddedStore {
  private release!: () => void;
  private readonly released = new Promise<void>((r) => (this.release = r));
  holding = false;
  private arrived!: () => void;
  readonly firstRead = new Promise<void>((r) => (this.arrived = r));
  override async find(collection: string, filter: Filter, options?: FindOptions) {
    if (this.holding) {
      this.arrived();
      await this.released;
    }
    return super.find(collection, filter, options);
  }
  letGo() {
    this.release();
  }
}

const startProcess = () => spawnGateway('node_modules/.bin/tsx', ['gateway/main.ts', '--port', '0', '--host', '127.0.0.1']);

describe('npm start', () => {
  it('serves the demo, then exits 0 on SIGTERM', async () => {
    const gateway = startProcess();
    const port = await gateway.port;
    expect((await fetch(`http://127.0.0.1:${port}/api/posts?fields[0]=title`)).status).toBe(200);
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    expect(gateway.output()).toContain('SIGTERM: closing');
    await expect(fetch(`http://127.0.0.1:${port}/_health`)).rejects.toThrow();
  });

  it('passes SIGTERM sent to npm on to the gateway, which stops instead of being orphaned', async () => {
    const child = spawn('npm', ['start', '--silent', '--', '--port', '0', '--host', '127.0.0.1', '--log-level', 'warn'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`npm exited with ${code}: ${output}`)));
    });
    // The output pipe closes once every process writing to it, the gateway included, has ended.
    const allEnded = new Promise((resolve) => child.stdout.once('close', resolve));
    child.kill('SIGTERM');
    await allEnded;
    expect(output).toContain('SIGTERM: closing');
    await expect(fetch(`http://127.0.0.1:${port}/_health`)).rejects.toThrow();
  });

  it('stops with a message naming the file when the schema is bad', async () => {
    const child = spawn('node_modules/.bin/tsx', ['gateway/main.ts', '--port', '0', '--schema', 'test/fixtures/schemas/unknown-type'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/schema\.json: attribute "\w+": unknown type/);
  });
});

describe('closing the server', () => {
  it('finishes the request in flight, then refuses new connections', async () => {
    const store = new HeldStore();
    const { model, settings } = await blogGateway({ store });
    const server = await listen(createGateway({ model, schema: buildGraphQLSchema(model), store, settings: () => settings }), 0, '127.0.0.1');
    store.holding = true;
    const inFlight = fetch(`http://127.0.0.1:${server.port}/api/articles?fields[0]=title`);
    await store.firstRead;
    const closed = server.close();
    store.letGo();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect((await response.json()).data).toHaveLength(5);
    await closed;
    await expect(fetch(`http://127.0.0.1:${server.port}/_health`)).rejects.toThrow();
  });
});
