// A test client that tells apart how a request ended: answered in full, answered but cut short,
// refused (nothing listening), or reset. node:http, one fresh connection per request.
import http from 'node:http';
import net from 'node:net';

/** How a request ended. */
export type Ending =
  | { kind: 'complete'; status: number; bytes: number; connection?: string }
  | { kind: 'cut'; expected: number; bytes: number }
  | { kind: 'refused' }
  | { kind: 'reset'; code: string };

export type Outcome = Ending & {
  /** `performance.now()` when the request was started (its connection asked for). */
  startedAt: number;
  /**
   * `performance.now()` when the connection was established, if this process saw it: a
   * connection the kernel completed and the server's side reset before the event loop got to it
   * fails its connect with ECONNRESET and has none.
   */
  connectedAt?: number;
};

export interface GetOptions {
  /** Pause this long after each chunk, so a large answer stays in flight. */
  slowMs?: number;
  /** Called once the first body bytes arrived. */
  onFirstBytes?: () => void;
}

/** GET over a fresh connection, read to the end and checked against Content-Length. */
export function get(port: number, path: string, options: GetOptions = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const startedAt = performance.now();
    let connectedAt: number | undefined;
    const settle = (outcome: Ending) => {
      if (!settled) resolve({ ...outcome, startedAt, ...(connectedAt === undefined ? {} : { connectedAt }) });
      settled = true;
    };
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      const expected = Number(res.headers['content-length']);
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) options.onFirstBytes?.();
        bytes += chunk.length;
        if (options.slowMs) {
          res.pause();
          setTimeout(() => res.resume(), options.slowMs);
        }
      });
      res.on('end', () => settle(bytes === expected ? { kind: 'complete', status: res.statusCode!, bytes, connection: res.headers.connection } : { kind: 'cut', expected, bytes }));
      res.on('close', () => settle({ kind: 'cut', expected, bytes }));
      res.on('error', () => settle({ kind: 'cut', expected, bytes }));
    });
    req.once('socket', (socket) => socket.once('connect', () => (connectedAt = performance.now())));
    req.on('error', (error: NodeJS.ErrnoException) => settle(error.code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'reset', code: error.code ?? error.message }));
  });
}

/** A connection opened now whose request is written only when `send` is called. */
export async function connectFirst(port: number): Promise<{ send(path: string): Promise<Outcome> }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    socket.once('error', (error) => resolve(error));
    socket.once('close', () => resolve(undefined));
  });
  return {
    async send(path) {
      const startedAt = performance.now();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      const error = await ended;
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      if (split < 0) return { kind: 'reset', code: error ? (error.code ?? error.message) : 'closed before any answer', startedAt };
      const head = raw.subarray(0, split).toString();
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]);
      const expected = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
      const bytes = raw.length - split - 4;
      const connection = /\r\nconnection: (\S+)/i.exec(head)?.[1];
      return { ...(bytes === expected ? { kind: 'complete', status, bytes, connection } : { kind: 'cut', expected, bytes }), startedAt };
    },
  };
}

/** Outcomes counted by kind: `{ complete: 28, refused: 2 }`. */
export function tally(outcomes: readonly Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { kind } of outcomes) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}
