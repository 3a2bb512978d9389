// The gateway's logger: pino, one JSON object per line on stdout. A request's own lines (the
// request line, an unexpected error it met) carry its id (`reqId`), handed to them explicitly: an
// ambient id (AsyncLocalStorage) put promise hooks on every request, 5-20 % of its CPU on Node 20.
import { pino, type DestinationStream, type Logger } from 'pino';

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

/** Lines wait in memory until this many bytes are ready, or {@link BATCH_MS} has passed. */
const BATCH_BYTES = 4096;
const BATCH_MS = 250;
let stdoutBatches: DestinationStream | undefined;

/**
 * Standard output, written in batches: pino's synchronous destination keeps lines until about
 * 4 KB are ready (a dozen request lines) and writes them in one system call, where writing each
 * line cost a system call per request. A line waits at most a quarter of a second, and whatever
 * waits is written when the process exits (a SIGKILL loses it).
 */
function batchedStdout(): DestinationStream {
  if (stdoutBatches) return stdoutBatches;
  const stream = pino.destination({ dest: 1, sync: true, minLength: BATCH_BYTES });
  setInterval(() => stream.flush(), BATCH_MS).unref();
  process.on('exit', () => stream.flushSync());
  return (stdoutBatches = stream);
}

/** A JSON logger at `level`, writing to `destination` (standard output, in batches, when absent). */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    timestamp: isoTime(),
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return pino(options, destination ?? batchedStdout());
}

/** A logger that writes nothing: the default of in-process gateways in tests. */
export const silentLogger: Logger = pino({ level: 'silent' });
