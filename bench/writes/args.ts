// The write benchmark's command line -> its options. Pure: takes argv.
import { parseArgs } from 'node:util';

export interface WritesOptions {
  /** A running Strapi seeded with the benchmark's seed (`--seed-only` writes it), measured beside the gateway. */
  strapiUrl?: string;
  connections: number;
  durationS: number;
  warmupS: number;
  /** The gateway child's port. */
  port: number;
  /** Write the seed file, print its path and stop (to start Strapi with it first). */
  seedOnly: boolean;
  /** Articles in the varied dataset the targets hold. */
  articles: number;
  /**
   * Seconds of each varied read scenario a second gateway serves before its writes are measured, so
   * the indexes reads made it learn are there, as on a gateway in use; 0 for none (the default).
   */
  afterReadsS: number;
}

export const WRITES_USAGE = `usage: npm run bench:writes -- [--strapi URL] [--connections N] [--duration S] [--warmup S] [--port P] [--articles N] [--after-reads S] [--seed-only]`;

function number(name: string, value: string | undefined, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || (!allowZero && parsed === 0)) {
    throw new RangeError(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} number; got ${value}\n${WRITES_USAGE}`);
  }
  return parsed;
}

/** @throws RangeError or TypeError naming the bad flag, with the usage. */
export function parseWritesArgs(argv: readonly string[]): WritesOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      strapi: { type: 'string' }, connections: { type: 'string' }, duration: { type: 'string' }, warmup: { type: 'string' },
      port: { type: 'string' }, 'seed-only': { type: 'boolean' }, articles: { type: 'string' }, 'after-reads': { type: 'string' },
    },
  });
  const strapiUrl = values.strapi?.replace(/\/+$/, '');
  if (strapiUrl !== undefined && !/^https?:\/\/[^/]+$/.test(strapiUrl)) throw new TypeError(`--strapi must be a base URL like http://127.0.0.1:1380; got ${values.strapi}\n${WRITES_USAGE}`);
  return {
    strapiUrl,
    connections: Math.round(number('connections', values.connections, 16)),
    durationS: number('duration', values.duration, 10),
    warmupS: number('warmup', values.warmup, 2, true),
    port: Math.round(number('port', values.port, 1630)),
    seedOnly: values['seed-only'] ?? false,
    articles: Math.round(number('articles', values.articles, 2000)),
    afterReadsS: number('after-reads', values['after-reads'], 0, true),
  };
}
