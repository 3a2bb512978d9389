// The gateway's logger: pino, one JSON object per line on stdout. Every line written while a
// request is handled carries that request's id, whichever module writes it.
import { pino, type DestinationStream, type Logger } from 'pino';
import { currentExchange } from '../http/pipeline.ts';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * pino's ISO timestamp, written once per millisecond: at thousands of lines a second, formatting
 * each line's date was a visible share of answering a kept answer.
 */
function isoTime(): () => string {
  let last = Number.NaN;
  let text = '';
  return () => {
    const now = Date.now();
    if (now !== last) {
      last = now;
      text = `,"time":"${new Date(now).toISOString()}"`;
    }
    return text;
  };
}

/**
 * A JSON logger at `level`, writing to `destination`; when absent, to stdout without waiting for
 * each line's write: lines that come while a write is under way go out together in the next one
 * (pino's asynchronous destination, flushed when the process exits), instead of one system call
 * per request.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    timestamp: isoTime(),
    formatters: { level: (label: string) => ({ level: label }) },
    mixin: () => {
      const exchange = currentExchange();
      return exchange ? { reqId: exchange.id } : {};
    },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}

/** A logger that writes nothing: the default of in-process gateways in tests. */
export const silentLogger: Logger = pino({ level: 'silent' });
