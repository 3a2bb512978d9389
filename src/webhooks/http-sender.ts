// A webhook request (URL, headers, body) -> what the receiver answered, or why there was no answer:
// one attempt through undici (Node's own HTTP client, maintained by Node's core team; its request
// API keeps header names as given), with a connection pool per webhook (a hanging receiver ties
// up its own sockets only), a DNS lookup refusing local addresses, and the answer read within a
// size and a time bound.
import { gunzipSync, inflateSync, constants } from 'node:zlib';
import { Agent, request, type Dispatcher } from 'undici';
import { guardedLookup, localHostKind, type Lookup } from './address-guard.ts';
import type { AttemptResult } from './retry.ts';

export interface OutboundRequest {
  readonly url: string;
  /** In the order they are sent, names as spelt. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string;
}

/** An attempt's result and how long it took, in milliseconds. */
export interface Sent {
  readonly result: AttemptResult;
  readonly ms: number;
}

export interface Sender {
  send(outbound: OutboundRequest): Promise<Sent>;
  /** Ends every connection, requests in flight included. */
  close(): Promise<void>;
}

export interface SenderOptions {
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  /** Connections to one receiver at most (the webhook's concurrency). */
  readonly connections: number;
  readonly allowLocalAddresses: boolean;
  /** The DNS lookup checked addresses come from (tests give their own). */
  readonly lookup?: Lookup;
}

export function httpSender(options: SenderOptions): Sender {
  const agent = new Agent({
    connections: options.connections,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connect: { timeout: options.timeoutMs, ...(options.allowLocalAddresses ? {} : { lookup: options.lookup ?? guardedLookup() }) },
  });
  return {
    async send(outbound) {
      const started = performance.now();
      const result = await attempt(agent, outbound, options);
      return { result, ms: Math.round(performance.now() - started) };
    },
    close: () => agent.destroy(),
  };
}

async function attempt(agent: Agent, outbound: OutboundRequest, options: SenderOptions): Promise<AttemptResult> {
  const local = options.allowLocalAddresses ? undefined : localHostKind(new URL(outbound.url));
  if (local) return { kind: 'failed', reason: 'local-address', message: `request to ${outbound.url} refused: a ${local} address (webhooks.allowLocalAddresses is false)` };
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const answer = await request(outbound.url, { method: 'POST', dispatcher: agent, headers: outbound.headers.flat(), body: outbound.body, signal });
    const text = await boundedText(answer, options.maxResponseBytes);
    const retryAfter = answer.headers['retry-after'];
    return { kind: 'answered', status: answer.statusCode, text, ...(typeof retryAfter === 'string' ? { retryAfter } : {}) };
  } catch (error) {
    return failureOf(error, outbound.url, signal);
  }
}

/** What Strapi's trigger answers say for each failure, with the cause found in undici's wrapping. */
function failureOf(error: unknown, url: string, signal: AbortSignal): AttemptResult {
  const cause = causeOf(error);
  if ((cause as { code?: string }).code === 'WEBHOOK_LOCAL_ADDRESS') return { kind: 'failed', reason: 'local-address', message: `request to ${url} refused: ${cause.message}` };
  const timedOut = signal.aborted || /TIMEOUT/i.test(String((cause as { code?: string }).code)) || cause.name === 'TimeoutError';
  if (timedOut) return { kind: 'failed', reason: 'timeout', message: `network timeout at: ${url}` };
  return { kind: 'failed', reason: 'network', message: `request to ${url} failed, reason: ${cause.message}` };
}

function causeOf(error: unknown): Error {
  let found = error instanceof Error ? error : new Error(String(error));
  while (found.cause instanceof Error && (found.message === 'fetch failed' || (found as { code?: string }).code === undefined)) found = found.cause;
  return found;
}

/** The answer's first `max` bytes as text (gzip and deflate decoded as far as they go); the rest is not read. */
async function boundedText(answer: Dispatcher.ResponseData, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer.body as AsyncIterable<Buffer>) {
    chunks.push(chunk.subarray(0, max - size));
    size += Math.min(chunk.length, max - size);
    if (size >= max) break;
  }
  const bytes = Buffer.concat(chunks);
  const encoding = String(answer.headers['content-encoding'] ?? '').toLowerCase();
  try {
    if (encoding === 'gzip') return gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: max }).toString('utf8');
    if (encoding === 'deflate') return inflateSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: max }).toString('utf8');
  } catch {
    return `(an answer in ${encoding} that does not decode, ${size} bytes)`;
  }
  return bytes.toString('utf8');
}
