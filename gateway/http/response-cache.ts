// Reads of content (/api and /graphql) get a strong ETag and Cache-Control, and are answered 304
// when the client's copy is current; with the response cache on, their answers are also kept in
// memory, bounded in bytes, and served again to callers of the same access class. The key is the
// access class (the settings' generation, role or token, the user for `me`), the method (HEAD as
// GET), the path and query, Accept, Accept-Encoding, and a GraphQL POST's body; an entry holds the
// bytes exactly as they were sent, compressed or not. Only whole 200 answers to GET and POST are
// kept, and GraphQL ones without errors; a HEAD is answered as its GET, without the body, and
// never kept. Each kept answer is tagged with the collections its request read: `forget` drops
// the answers made from collections a write changed, `clear()` everything (an import, new settings).
import type { GatewayMetrics } from '../observability/metrics.ts';
import { CollectionReads, type Changed } from '../../src/store/collection-reads.ts';
import type { CacheSize } from '../../src/limits/byte-cache.ts';
import { type Bytes, WholeResponse, byteLength, wholeBody } from '../../src/whole-response.ts';
import { MAX_BODY_BYTES, withBoundedBody } from './body-limit.ts';
import { noneMatchHits, notModified, strongEtag } from './conditional.ts';
import { KeptAnswers, type Entry } from './kept-answers.ts';
import type { Exchange, Step } from './pipeline.ts';

export type { Entry } from './kept-answers.ts';

export interface ResponseCacheDeps {
  /** Keep answers in memory; with false, answers still get ETags, Cache-Control and 304s. */
  enabled: boolean;
  /** Bytes of bodies and keys kept at most; one answer may take at most a quarter. */
  maxBytes: number;
  /** The Cache-Control of a public answer for this path (the content-type's, or the default). */
  cacheControl(pathname: string): string;
  /**
   * Who is asking, as a cache key part: callers with one key may be given each other's answers.
   * Undefined when the request cannot be answered from a cache (starting, bad credentials).
   */
  accessKey(request: Request, exchange: Exchange): Promise<string | undefined>;
  /** The answer to a request that could not be read (a GraphQL body past the limit). */
  refused(error: unknown, exchange: Exchange): Response;
  metrics: Pick<GatewayMetrics, 'recordCacheLookup'>;
}


/** What keeps answers apart: see the module's comment. */
export interface KeyParts {
  access: string;
  method: string;
  /** Path and query string, as `new URL` writes them. */
  target: string;
  accept: string | null | undefined;
  acceptEncoding: string | null | undefined;
  /** A GraphQL POST's body; '' otherwise. */
  body: string;
}

export function cacheKey({ access, method, target, accept, acceptEncoding, body }: KeyParts): string {
  return [access, method === 'HEAD' ? 'GET' : method, target, accept ?? '', acceptEncoding ?? '', body].join('\n');
}

/** The key of a fetch request (see {@link cacheKey}). */
function requestKey(access: string, request: Request, url: URL, body: string): string {
  const { headers } = request;
  return cacheKey({ access, method: request.method, target: url.pathname + url.search, accept: headers.get('accept'), acceptEncoding: headers.get('accept-encoding'), body });
}

/** Headers that make an answer differ for one URL: content negotiation and the credential. */
const VARY = ['Accept', 'Authorization'];

export interface ResponseCacheStep {
  step: Step;
  /** Forgets every kept answer. */
  clear(): void;
  /**
   * Forgets every kept answer a write may have changed (collection-reads.ts, changedBy), and keeps
   * none made from what it changed by a request that was running meanwhile. Returns how many
   * answers were dropped.
   */
  forget(changed: Changed): number;
  /**
   * Forgets every kept answer made from anything of `collections`, their entries included (a
   * change whose entry is not known), and keeps none made meanwhile. Returns how many were dropped.
   */
  forgetWhole(collections: Iterable<string>): number;
  /** The kept answer for a key, when the cache is on; a lookup counted in the metrics when `count`. */
  lookup(key: string, count?: boolean): Entry | undefined;
  /** The kept answers' bytes now, and the bound. */
  size(): CacheSize;
}

export function responseCacheStep(deps: ResponseCacheDeps): ResponseCacheStep {
  const kept = new KeptAnswers(deps.maxBytes);
  const lookup = (key: string, count = true): Entry | undefined => {
    if (!deps.enabled) return undefined;
    const entry = kept.get(key);
    if (count) deps.metrics.recordCacheLookup('response', entry !== undefined);
    return entry;
  };

  // Answers being made, by key: a request for one of them waits for it rather than making it again.
  const making = new Map<string, Promise<Entry | undefined>>();

  const step: Step = async (request, exchange, next) => {
    const url = new URL(request.url);
    const read = cacheableRead(request.method, url.pathname, request.headers.get('content-type'));
    if (!read) return next(request, exchange);
    let forwarded = request;
    let body = '';
    if (request.method === 'POST') {
      try {
        forwarded = await withBoundedBody(request, MAX_BODY_BYTES);
      } catch (error) {
        return deps.refused(error, exchange);
      }
      body = await forwarded.clone().text();
    }
    const access = await deps.accessKey(forwarded, exchange).catch(() => undefined);
    // Not answerable from the cache: the route says why (401, 503...).
    if (access === undefined) return next(forwarded, exchange);
    const key = requestKey(access, request, url, body);

    // The answer another request was making for the key when this one came, once made, if it was
    // kept: kept means nothing it read changed while it was made, so it is current for this one too.
    const hit = lookup(key) ?? (making.has(key) ? await making.get(key) : undefined);
    if (hit) {
      exchange.kind = read;
      exchange.kept = hit;
      return answer(request, hit);
    }
    const made = { read, pathname: url.pathname };
    if (!deps.enabled || making.has(key)) return make(key, forwarded, exchange, next, made);
    let settle: (entry: Entry | undefined) => void = () => {};
    making.set(key, new Promise<Entry | undefined>((resolve) => (settle = resolve)));
    let keptEntry: Entry | undefined;
    try {
      return await make(key, forwarded, exchange, next, { ...made, onKept: (entry) => (keptEntry = entry) });
    } finally {
      making.delete(key);
      settle(keptEntry);
    }
  };

  /** Makes the answer (a HEAD as its GET), keeps it when whole and cacheable, and tells `onKept` the entry kept. */
  const make = async (key: string, request: Request, exchange: Exchange, next: Parameters<Step>[2], made: { read: Entry['kind']; pathname: string; onKept?: (entry: Entry) => void }): Promise<Response> => {
    const started = kept.now();
    if (deps.enabled) exchange.reads ??= new CollectionReads();
    // A HEAD is made as its GET, so it has the GET's headers and length; the answer kept is the GET's.
    const response = await next(request.method === 'HEAD' ? asGet(request) : request, exchange);
    if (response.status !== 200) return response;
    const entry = await entryOf(response, request, deps.cacheControl(made.pathname), made.read);
    if (deps.enabled && !exchange.uncacheable && isWhole(response, entry)) {
      if (kept.keep(key, entry, [...(exchange.reads?.names ?? [])], started, exchange.reads?.watches)) made.onKept?.(entry);
      exchange.kept = entry;
    }
    return answer(request, entry);
  };

  return { step, clear: () => kept.clear(), forget: (changed) => kept.forget(changed), forgetWhole: (collections) => kept.forgetWhole(collections), lookup, size: () => kept.size() };
}

/** Which reads the cache and conditional requests apply to; undefined for everything else. */
export function cacheableRead(method: string, pathname: string, contentType: string | null | undefined): 'rest' | 'graphql' | undefined {
  const graphql = pathname === '/graphql' || pathname.startsWith('/graphql/');
  const rest = pathname === '/api' || pathname.startsWith('/api/');
  if (method === 'GET' || method === 'HEAD') return rest ? 'rest' : graphql ? 'graphql' : undefined;
  // A GraphQL POST with a JSON body may be kept; the GraphQL route marks a mutation's answer uncacheable.
  if (method !== 'POST' || !graphql) return undefined;
  return /^application\/json\b/i.test(contentType ?? '') ? 'graphql' : undefined;
}

/** The GET a HEAD stands for: same URL, headers and signal. */
function asGet(request: Request): Request {
  return new Request(request.url, { method: 'GET', headers: request.headers, signal: request.signal });
}

/** Whether `entry` holds all of `response`'s body: as many bytes as a content-length it declared. */
function isWhole(response: Response, entry: Entry): boolean {
  const declared = response.headers.get('content-length');
  return declared === null || Number(declared) === entry.length;
}

/** The 200's bytes and headers, with its validator and caching rules. */
async function entryOf(response: Response, request: Request, cacheControl: string, kind: Entry['kind']): Promise<Entry> {
  const whole = wholeBody(response) ?? (new Uint8Array(await response.arrayBuffer()) as Bytes);
  // Text is encoded once, here: the ETag hashes those bytes, the server writes them, and a kept
  // answer's size is what the bound counts (hits need no encoding).
  const body = typeof whole === 'string' ? (Buffer.from(whole) as Bytes) : whole;
  const etag = strongEtag(body);
  const headers = new Headers(response.headers);
  headers.set('etag', etag);
  headers.set('content-length', String(byteLength(body)));
  if (!headers.has('cache-control')) headers.set('cache-control', forCaller(cacheControl, request.headers.has('authorization')));
  headers.set('vary', varyWith(headers.get('vary'), VARY));
  return { body, length: byteLength(body), headers: [...headers], etag, kind };
}

/** The kept answer (its headers alone to a HEAD), or a 304 when the client's copy is current. */
function answer(request: Request, entry: Entry): Response {
  if (noneMatchHits(request.headers.get('if-none-match'), entry.etag)) return notModified(entry.headers);
  return new WholeResponse(request.method === 'HEAD' ? null : entry.body, { status: 200, headers: entry.headers });
}

/**
 * An answer to a request with credentials is for that caller alone: shared caches must not keep
 * it, whatever the content-type's setting allows the public.
 */
export function forCaller(cacheControl: string, credentials: boolean): string {
  if (!credentials) return cacheControl;
  const directives = cacheControl.split(',').map((d) => d.trim()).filter((d) => d !== '' && d.toLowerCase() !== 'public');
  const lower = directives.map((d) => d.toLowerCase());
  if (!lower.includes('private') && !lower.includes('no-store')) directives.unshift('private');
  return directives.join(', ');
}

/** `vary` with `names` added, each once, whatever its case. */
export function varyWith(vary: string | null, names: readonly string[]): string {
  const all = (vary ?? '').split(',').map((n) => n.trim()).filter((n) => n !== '');
  if (all.includes('*')) return '*';
  for (const name of names) if (!all.some((n) => n.toLowerCase() === name.toLowerCase())) all.push(name);
  return all.join(', ');
}
