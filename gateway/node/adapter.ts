// node:http <-> the fetch handler: an IncomingMessage becomes a standard Request (its signal
// aborts when the client goes away), and a Response is streamed to the ServerResponse with
// backpressure. Resolves once the answer is written to the last byte, or abandoned.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byteBoundedCache } from '../../src/limits/byte-cache.ts';
import { WholeRequest } from '../../src/whole-request.ts';
import { WholeResponse, byteLength, wholeBody } from '../../src/whole-response.ts';
import type { KeptReply, RequestHead } from '../fast-path.ts';

/** Methods a fetch Request cannot carry; no route answers them. */
const UNREPRESENTABLE_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * Why a request cannot become a fetch Request, as the answer to give: 405 for a method the fetch
 * API refuses (TRACE...), 400 for a Host header that is missing (HTTP/1.1), repeated or not a
 * host (RFC 9112 §3.2). Undefined for a request that can.
 */
export function unreadable(req: IncomingMessage): { status: 400 | 405; message: string } | undefined {
  if (UNREPRESENTABLE_METHODS.has(req.method ?? '')) return { status: 405, message: 'Method Not Allowed' };
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].length === 4 && req.rawHeaders[i].toLowerCase() === 'host') hosts++;
  if (hosts > 1) return { status: 400, message: 'Bad Request: more than one Host header' };
  if (hosts === 0) return req.httpVersion === '1.0' ? undefined : { status: 400, message: 'Bad Request: no Host header' };
  if (!isHost(req.headers.host!)) return { status: 400, message: 'Bad Request: the Host header is not a host' };
  return undefined;
}

/**
 * Host header values seen lately and whether each is a host: a client sends the same one with
 * every request. 64 KiB: hundreds of hosts (a name is at most 253 characters), whatever clients send.
 */
const knownHosts = byteBoundedCache<string, boolean>(64 * 1024, (_known, host) => host.length + 64);

/** `example.com`, `example.com:8080`, `127.0.0.1`, `[::1]:80`: a host and an optional port, nothing else. */
function isHost(value: string): boolean {
  let known = knownHosts.get(value);
  if (known === undefined) knownHosts.set(value, (known = parsesAsHost(value)));
  return known;
}

function parsesAsHost(value: string): boolean {
  if (!/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]+)(:\d{1,5})?$/.test(value)) return false;
  try {
    return new URL(`http://${value}/`).host !== '';
  } catch {
    return false;
  }
}

/** Methods whose bodies are read before the gateway sees the request: GraphQL's POST, REST's writes. */
const EARLY_BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** A request body read before the gateway sees the request: whole, or the part that had arrived. */
export type EarlyBody = { whole: Buffer } | { arrived: Buffer[] } | undefined;

/**
 * A POST's, PUT's or PATCH's body of known length within `limit`, read whole if it arrives within `waitMs` (a
 * client's GraphQL document comes with its headers); otherwise the part read so far, the rest left
 * to stream after it, bounded by the request's deadline as any body. Undefined when not such a body of
 * known length (the gateway streams and bounds it). Rejects when the client leaves mid-body.
 */
export function readEarlyBody(req: IncomingMessage, limit: number, waitMs: number): Promise<EarlyBody> {
  if (!EARLY_BODY_METHODS.has(req.method ?? '')) return Promise.resolve(undefined);
  const length = Number(req.headers['content-length']);
  if (!Number.isInteger(length) || length < 0 || length > limit || req.headers['transfer-encoding'] !== undefined) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const stop = () => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onError);
    };
    const onData = (chunk: Buffer) => void chunks.push(chunk);
    const onEnd = () => {
      stop();
      resolve({ whole: Buffer.concat(chunks) });
    };
    const onError = () => {
      stop();
      reject(new Error('The client left while sending its body'));
    };
    const timer = setTimeout(() => {
      stop();
      req.pause();
      resolve({ arrived: chunks });
    }, waitMs);
    req.on('data', onData).once('end', onEnd).once('error', onError).once('aborted', onError);
  });
}

/** The request line and headers (and a body read whole), for the gateway's fast path (see `Gateway.kept`). */
export function requestHead(req: IncomingMessage, body?: EarlyBody): RequestHead {
  return {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    body: body && 'whole' in body ? body.whole.toString('utf8') : undefined,
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/** Writes a kept answer as it is; tells it how the write ended. */
export function writeKept(kept: KeptReply, res: ServerResponse, close: boolean): void {
  // One flat list handed to writeHead: the kept headers carry their content-length.
  const flat: string[] = [];
  for (const [name, value] of kept.headers) flat.push(name, value);
  if (close) flat.push('connection', 'close');
  res.writeHead(200, flat);
  res.once('close', () => {
    const sent = res.writableFinished;
    kept.done(sent && kept.body !== undefined ? byteLength(kept.body) : 0, !sent);
  });
  res.end(kept.body);
}

/**
 * The request as the fetch handler sees it; call {@link unreadable} first. It has no signal of
 * its own: the server tells the gateway when the client leaves (`Gateway.fetch`'s `client`).
 */
export function toRequest(req: IncomingMessage, body?: EarlyBody): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  if (body && 'whole' in body) return new WholeRequest(requestUrl(req), { method: req.method, headers }, body.whole);
  return new Request(requestUrl(req), {
    method: req.method,
    headers,
    body: hasBody ? bodyStream(req, body?.arrived ?? []) : undefined,
    duplex: 'half',
  } as RequestInit);
}

/** The body as a stream: what had already arrived, then the rest as it comes. */
function bodyStream(req: IncomingMessage, arrived: readonly Buffer[]): ReadableStream<Uint8Array> {
  const rest = Readable.toWeb(req) as ReadableStream<Uint8Array>;
  if (arrived.length === 0) return rest;
  const reader = rest.getReader();
  let given = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (given < arrived.length) return controller.enqueue(arrived[given++]);
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** `http://<Host><path>`; `localhost` for an HTTP/1.0 request without a Host. */
function requestUrl(req: IncomingMessage): string {
  return new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`).href;
}

/**
 * Writes `response` to `res`. `close` asks the client to close the connection after it (the
 * server is draining). Never throws: a client that goes away mid-answer ends the write.
 */
export async function writeResponse(response: Response, req: IncomingMessage, res: ServerResponse, close: boolean): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (close) res.setHeader('connection', 'close');
  const whole = response instanceof WholeResponse ? wholeBody(response) : undefined;
  if (req.method === 'HEAD' || (whole === undefined && !response.body)) {
    if (whole !== undefined && response instanceof WholeResponse) response.delivered(0, false);
    else await response.body?.cancel();
    res.end();
    return;
  }
  if (whole !== undefined && response instanceof WholeResponse) {
    // Written at once, as node:http writes a string or a buffer: no stream between the answer and the socket.
    await new Promise<void>((resolve) => {
      res.once('close', resolve);
      res.end(whole);
    });
    const sent = res.writableFinished;
    response.delivered(sent ? byteLength(whole) : 0, !sent);
    return;
  }
  try {
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>), res);
  } catch {
    // The client went away, or the body failed after its headers were sent: nothing left to tell.
    res.destroy();
  }
}
