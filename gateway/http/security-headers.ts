// Security headers as Strapi's `strapi::security` middleware sends them: helmet, with Strapi's
// defaults under the config file's. The headers do not depend on the request, so helmet runs
// once at start-up and each response gets the same set.
import helmet, { type HelmetOptions } from 'helmet';
import type { Step } from './pipeline.ts';
import { withHeaders } from './responses.ts';

/** Strapi v4.25's `strapi::security` defaults (its answers carry exactly these headers). */
export const STRAPI_SECURITY_DEFAULTS: HelmetOptions = {
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'connect-src': ["'self'", 'https:'],
      'img-src': ["'self'", 'data:', 'blob:', 'https://market-assets.strapi.io'],
      'media-src': ["'self'", 'data:', 'blob:'],
      upgradeInsecureRequests: null,
    },
  },
  xssFilter: false,
  hsts: { maxAge: 31_536_000, includeSubDomains: true },
  frameguard: { action: 'sameorigin' },
};

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `given` over `defaults`: objects merge key by key, anything else (lists included) replaces. */
export function mergeSecurity(defaults: HelmetOptions, given: Plain): HelmetOptions {
  const merge = (base: unknown, over: unknown): unknown => {
    if (!isPlain(base) || !isPlain(over)) return over === undefined ? base : over;
    const out: Plain = { ...base };
    for (const [key, value] of Object.entries(over)) out[key] = merge(base[key], value);
    return out;
  };
  return merge(defaults, given) as HelmetOptions;
}

/** The headers helmet sets for these options; throws helmet's own message on a bad option. */
export function securityHeaders(options: HelmetOptions): Map<string, string> {
  const headers = new Map<string, string>();
  const collector = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  // helmet is Connect middleware; it only sets and removes headers on what it is given.
  helmet(options)({} as never, collector as never, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return headers;
}

/** helmet's complaint about these options, or undefined when they are usable. */
export function checkSecurity(options: HelmetOptions): string | undefined {
  try {
    securityHeaders(options);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Adds the security headers to every response, leaving any a route set itself. */
export function securityHeadersStep(options: HelmetOptions | false): Step {
  if (options === false) return (request, exchange, next) => next(request, exchange);
  const headers = [...securityHeaders(options)];
  return async (request, exchange, next) => {
    const response = await next(request, exchange);
    return withHeaders(response, headers.filter(([name]) => !response.headers.has(name)));
  };
}
