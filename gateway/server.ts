// A node:http server around the gateway's fetch handler, with graceful shutdown: stop accepting,
// answer every request already accepted and write each answer to its last byte, close idle
// keep-alive connections, and end whatever is left at the drain deadline.
import http from 'node:http';
import net from 'node:net';
import type { Gateway } from './app.ts';
import { MAX_BODY_BYTES } from './http/body-limit.ts';
import { type EarlyBody, readEarlyBody, requestHead, toRequest, unreadable, writeKept, writeResponse } from './node/adapter.ts';
import { Connections, type DrainReport } from './node/connections.ts';
import { BadRequestError, MethodNotAllowedError } from '../src/errors/errors.ts';
import { toRestError } from '../src/errors/map.ts';
import { ClientLeft } from '../src/limits/deadline.ts';

export interface RunningServer {
  port: number;
  /** Stops accepting, drains (see {@link ServerOptions.drainDeadlineMs}), resolves when done. */
  close(): Promise<DrainReport>;
}

export interface ServerOptions {
  /** Longest the drain may take before open connections are ended (default 10 s). */
  drainDeadlineMs?: number;
}

export const DEFAULT_DRAIN_DEADLINE_MS = 10_000;

/**
 * How long a POST's body may take to arrive before the request goes on without it (its rest then
 * streams to the route, within the request's deadline): long enough for a document sent with its
 * headers, short enough that a slow client is bounded as before.
 */
const EARLY_BODY_WAIT_MS = 100;

/** Most event-loop turns spent picking up connections already queued when shutdown begins. */
const BACKLOG_ROUNDS = 2;

/**
 * The answer to a request that never reaches the gateway (see `unreadable`), in Strapi's envelope;
 * a 405 lists what the path answers.
 */
function refused({ status, message }: { status: 400 | 405; message: string }, url: string): Response {
  const allow = url === '/graphql' || url.startsWith('/graphql?') ? 'GET, POST' : 'GET, HEAD';
  const error = status === 405 ? new MethodNotAllowedError(message) : new BadRequestError(message);
  return restErrorResponse(error, { connection: 'close', ...(status === 405 ? { allow } : {}) });
}

/** Strapi's envelope for `error` (a 500 without internals for anything not ours), as a Response. */
function restErrorResponse(error: unknown, headers: Record<string, string> = {}): Response {
  const { status, body } = toRestError(error);
  const text = JSON.stringify(body);
  return new Response(text, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...headers },
  });
}

/** The gateway's answer to one node request, or a refusal when the request cannot be read. */
async function answer(gateway: Gateway, req: http.IncomingMessage, body: EarlyBody, refusal: ReturnType<typeof unreadable>, client: ClientLeft): Promise<Response> {
  let request: Request | undefined;
  try {
    if (!refusal) request = toRequest(req, body);
  } catch {
    // Whatever the fetch API cannot read in a request line or its headers is the client's to fix.
  }
  try {
    return request ? await gateway.fetch(request, client, req.socket.remoteAddress) : refused(refusal ?? { status: 400, message: 'Bad Request' }, req.url ?? '/');
  } catch (error) {
    // The gateway answers its own errors; this is the last guard, so the socket is never left
    // hanging (toRestError logs what is not ours).
    return restErrorResponse(error);
  }
}

/** node:http's request listener: the fast path for kept answers, the fetch handler otherwise. */
function requestListener(gateway: Gateway, connections: Connections): http.RequestListener {
  return async (req, res) => {
    connections.begin(req.socket, res);
    const refusal = unreadable(req);
    let body: EarlyBody;
    try {
      body = refusal ? undefined : await readEarlyBody(req, MAX_BODY_BYTES, EARLY_BODY_WAIT_MS);
    } catch {
      // The client left while sending its body: nothing to answer.
      res.destroy();
      return;
    }
    // A kept answer to an anonymous read is written at once, without a fetch Request or Response.
    const kept = refusal ? undefined : gateway.kept(requestHead(req, body));
    if (kept) return writeKept(kept, res, connections.isDraining);
    const client = new ClientLeft();
    res.once('close', () => {
      if (!res.writableFinished) client.abort();
    });
    await writeResponse(await answer(gateway, req, body, refusal, client), req, res, connections.isDraining);
  };
}

/** Serves `gateway` on `host:port`; resolves once listening, with the port (for `0`) and the drain. */
export function listen(gateway: Gateway, port: number, host: string, options: ServerOptions = {}): Promise<RunningServer> {
  const connections = new Connections();
  const server = http.createServer(requestListener(gateway, connections));
  let acceptedCount = 0;
  server.on('connection', (socket) => {
    acceptedCount++;
    connections.track(socket);
  });

  /**
   * Connections the kernel has completed but this process has not picked up yet (the event loop
   * was busy) would be reset when the listening socket closes. Let the loop poll again while it
   * keeps finding some, a few rounds at most, so they are accepted and answered.
   */
  async function acceptBacklog(): Promise<void> {
    for (let round = 0; round < BACKLOG_ROUNDS; round++) {
      const before = acceptedCount;
      await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
      if (acceptedCount === before) return;
    }
  }

  async function close(): Promise<DrainReport> {
    gateway.drain();
    connections.startDraining();
    await acceptBacklog();
    const stopped = new Promise<void>((done) => {
      // net.Server's close, not http.Server's: the latter also destroys every connection
      // without a request in progress, resetting those whose request is not read yet.
      net.Server.prototype.close.call(server, () => done());
    });
    const report = await connections.drained(options.drainDeadlineMs ?? DEFAULT_DRAIN_DEADLINE_MS);
    await stopped;
    return report;
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({ port: typeof address === 'object' && address ? address.port : port, close });
    });
  });
}
