// node:http <-> the fetch handler: an IncomingMessage becomes a standard Request (its signal
// aborts when the client goes away), and a Response is streamed to the ServerResponse with
// backpressure. Resolves once the answer is written to the last byte, or abandoned.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The request as the fetch handler sees it. */
export function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(requestUrl(req), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    signal,
    duplex: 'half',
  } as RequestInit);
}

/** `http://<Host><path>`; a Host header that is not a host does not make the URL unreadable. */
function requestUrl(req: IncomingMessage): string {
  const target = req.url ?? '/';
  try {
    return new URL(target, `http://${req.headers.host ?? 'localhost'}`).href;
  } catch {
    return new URL(target, 'http://localhost').href;
  }
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
  if (!response.body || req.method === 'HEAD') {
    await response.body?.cancel();
    res.end();
    return;
  }
  try {
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>), res);
  } catch {
    // The client went away, or the body failed after its headers were sent: nothing left to tell.
    res.destroy();
  }
}
