// `npm run bench:varied`'s command line -> its options. Pure: takes argv.
import { parseArgs } from 'node:util';
import { LARGE_ARTICLES } from '../dataset/size.ts';

export interface VariedOptions {
  /** A running Strapi seeded with the varied dataset (`npm run bench:writes -- --seed-only` writes it). */
  strapiUrl?: string;
  articles: number;
  connections: number;
  durationS: number;
  warmupS: number;
  /** Ports: limit `port`, gateway cache off `port + 1`, on `port + 2`, writes `port + 3`, sizes `port + 4` and `+ 5`. */
  port: number;
  /** Seeds every request drawn. */
  seed: number;
  /** Different requests made per read scenario. */
  listSize: number;
  /** Read scenarios to run, by id; all when empty. */
  scenarios: string[];
  reads: boolean;
  mixed: boolean;
  writes: boolean;
  /** Also the varied reads at this many articles against `articles`, in alternating rounds (0: not). */
  largeArticles: number;
  rounds: number;
  /** Node flags for the large dataset's import. */
  largeNodeFlags: string[];
}

export const VARIED_USAGE = `usage: npm run bench:varied -- [--strapi URL] [--articles N] [--connections N] [--duration S] [--warmup S]
  [--port P] [--seed N] [--list-size N] [--scenarios id,id] [--no-reads] [--no-mixed] [--no-writes]
  [--large [--large-articles N] [--rounds R] [--large-node-flags="FLAGS"]]`;

function number(name: string, value: string | undefined, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || (!allowZero && parsed === 0)) {
    throw new RangeError(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} number; got ${value}\n${VARIED_USAGE}`);
  }
  return parsed;
}

const OPTIONS = {
  strapi: { type: 'string' }, articles: { type: 'string' }, connections: { type: 'string' }, duration: { type: 'string' }, warmup: { type: 'string' },
  port: { type: 'string' }, seed: { type: 'string' }, 'list-size': { type: 'string' }, scenarios: { type: 'string' },
  'no-reads': { type: 'boolean' }, 'no-mixed': { type: 'boolean' }, 'no-writes': { type: 'boolean' },
  large: { type: 'boolean' }, 'large-articles': { type: 'string' }, rounds: { type: 'string' }, 'large-node-flags': { type: 'string' },
} as const;

/** @throws RangeError or TypeError naming the bad flag, with the usage. */
export function parseVariedArgs(argv: readonly string[]): VariedOptions {
  const { values } = parseArgs({ args: [...argv], strict: true, options: OPTIONS });
  const strapiUrl = values.strapi?.replace(/\/+$/, '');
  if (strapiUrl !== undefined && !/^https?:\/\/[^/]+$/.test(strapiUrl)) throw new TypeError(`--strapi must be a base URL like http://127.0.0.1:1410; got ${values.strapi}\n${VARIED_USAGE}`);
  return {
    strapiUrl,
    articles: Math.round(number('articles', values.articles, 2000)),
    connections: Math.round(number('connections', values.connections, 8)),
    durationS: number('duration', values.duration, 5),
    warmupS: number('warmup', values.warmup, 1, true),
    port: Math.round(number('port', values.port, 1640)),
    seed: Math.round(number('seed', values.seed, 34, true)),
    listSize: Math.round(number('list-size', values['list-size'], 30_000)),
    scenarios: values.scenarios?.split(',').map((id) => id.trim()).filter(Boolean) ?? [],
    reads: !values['no-reads'],
    mixed: !values['no-mixed'],
    writes: !values['no-writes'],
    largeArticles: values.large || values['large-articles'] ? Math.round(number('large-articles', values['large-articles'], LARGE_ARTICLES)) : 0,
    rounds: Math.round(number('rounds', values.rounds, 3)),
    largeNodeFlags: values['large-node-flags']?.split(/\s+/).filter(Boolean) ?? [],
  };
}
