// The benchmark's command line -> its options. Pure: takes argv.
import { parseArgs } from 'node:util';
import { DEFAULT_SIZE, LARGE_ARTICLES } from './dataset/size.ts';

export interface BenchOptions {
  /** A running Strapi serving the same dataset, measured beside the gateway. */
  strapiUrl?: string;
  /** Also run the default list and populate=* at `largeArticles`. */
  size: boolean;
  articles: number;
  largeArticles: number;
  connections: number;
  durationS: number;
  warmupS: number;
  /** First of four ports: limit server, gateway (cache off), gateway (cache on), large gateway. */
  port: number;
  /** Node flags for the large dataset's child processes (e.g. `--stack-size=4000`). */
  largeNodeFlags: string[];
  /** Rewrite the results section of BENCHMARKS.md. */
  record: boolean;
}

export const USAGE = `usage: npm run bench -- [--strapi URL] [--size] [--articles N] [--large-articles N]
  [--connections N] [--duration S] [--warmup S] [--port P] [--large-node-flags="FLAGS"] [--record]`;

function positive(name: string, value: string | undefined, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || (!allowZero && number === 0)) throw new RangeError(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} number; got ${value}\n${USAGE}`);
  return number;
}

/** @throws RangeError or TypeError naming the bad flag, with the usage. */
export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      strapi: { type: 'string' }, size: { type: 'boolean' }, articles: { type: 'string' }, 'large-articles': { type: 'string' },
      connections: { type: 'string' }, duration: { type: 'string' }, warmup: { type: 'string' }, port: { type: 'string' },
      'large-node-flags': { type: 'string' }, record: { type: 'boolean' },
    },
  });
  const strapiUrl = values.strapi?.replace(/\/+$/, '');
  if (strapiUrl !== undefined && !/^https?:\/\/[^/]+$/.test(strapiUrl)) throw new TypeError(`--strapi must be a base URL like http://127.0.0.1:1601; got ${values.strapi}\n${USAGE}`);
  return {
    strapiUrl,
    size: values.size ?? false,
    articles: Math.round(positive('articles', values.articles, DEFAULT_SIZE.articles)),
    largeArticles: Math.round(positive('large-articles', values['large-articles'], LARGE_ARTICLES)),
    connections: Math.round(positive('connections', values.connections, 8)),
    durationS: positive('duration', values.duration, 5),
    warmupS: positive('warmup', values.warmup, 1, true),
    port: Math.round(positive('port', values.port, 1610)),
    largeNodeFlags: values['large-node-flags']?.split(/\s+/).filter(Boolean) ?? [],
    record: values.record ?? false,
  };
}
