// CORS for every route (/api, /graphql, /uploads...): preflights answered here with 204, and
// the CORS headers added to every answer to a request that carries an Origin. The headers come
// from @whatwg-node/server (graphql-yoga's HTTP layer); the settings are Strapi's `strapi::cors`.
import { getCORSHeadersByRequestAndOptions } from '@whatwg-node/server';
import type { CorsSettings } from '../config/file-config.ts';
import type { Step } from './pipeline.ts';
import { withHeaders } from './responses.ts';

/** A browser's preflight: OPTIONS, from a page (Origin), asking about a method. */
export function isPreflight(request: Request): boolean {
  return request.method === 'OPTIONS' && request.headers.has('origin') && request.headers.has('access-control-request-method');
}

/** The CORS headers for this request, or none when it has no Origin. */
export function corsHeaders(request: Request, settings: CorsSettings): Array<[string, string]> {
  const headers = getCORSHeadersByRequestAndOptions(request, {
    origin: settings.origin === '*' ? '*' : [...settings.origin],
    methods: [...settings.methods],
    allowedHeaders: [...settings.headers],
    exposedHeaders: settings.expose.length > 0 ? [...settings.expose] : undefined,
    credentials: settings.credentials,
    maxAge: isPreflight(request) ? settings.maxAge : undefined,
  });
  if (!headers) return [];
  // Only a preflight answer needs the allowed methods and headers.
  const preflightOnly = new Set(['access-control-allow-methods', 'access-control-allow-headers', 'access-control-max-age']);
  return Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value] as [string, string])
    .filter(([name]) => isPreflight(request) || !preflightOnly.has(name));
}

/** `Vary` lists from two sources joined, each name once. */
function joinVary(existing: string | null, added: string): string {
  const names = [...(existing ?? '').split(','), ...added.split(',')].map((name) => name.trim()).filter(Boolean);
  return [...new Map(names.map((name) => [name.toLowerCase(), name])).values()].join(', ');
}

/** The CORS step; with `false`, requests pass untouched. */
export function corsStep(settings: CorsSettings | false): Step {
  if (settings === false) return (request, exchange, next) => next(request, exchange);
  return async (request, exchange, next) => {
    if (isPreflight(request)) {
      exchange.kind = 'preflight';
      return new Response(null, { status: 204, headers: [['content-length', '0'], ...corsHeaders(request, settings)] });
    }
    const response = await next(request, exchange);
    // The answer depends on the Origin (headers present or not), so shared caches must key on it.
    const headers = corsHeaders(request, settings).filter(([name]) => name !== 'vary');
    return withHeaders(response, [...headers, ['vary', joinVary(response.headers.get('vary'), 'Origin')]]);
  };
}
