// Fault injection, like MongoDB's `failCommand` fail point: a rule in, and for each matching
// command either an error reply or a dropped connection out, the next `times` times. Error labels
// are the rule's when it gives them (as failCommand's `errorLabels` replace the server's); else
// the ones MongoDB's error label builder adds for a change stream's aggregate or getMore.

export interface FailRule {
  /** Command names to fail (`find`, `update`...). Handshake commands are never failed. */
  commands: string[];
  /** How many matching commands fail; 1 when absent. */
  times?: number;
  /** Drop the connection instead of answering, as a crashing or unreachable server would. */
  closeConnection?: boolean;
  /** Answer this server error code (10107 NotWritablePrimary, 11602 InterruptedDueToReplStateChange...). */
  errorCode?: number;
  /** Labels a real server attaches, such as `RetryableWriteError`; they replace the server's own. */
  errorLabels?: string[];
}

/** MongoDB's RetriableError and NetworkError codes: a change stream failing with one of them may be resumed. */
const RESUMABLE_CODES = new Set([6, 7, 89, 91, 134, 189, 262, 358, 402, 9001, 10107, 11600, 11602, 13435, 13436]);
/** The NonResumableChangeStreamError category: ChangeStreamFatalError, ChangeStreamHistoryLost. */
const NON_RESUMABLE_CODES = new Set([280, 286]);

/** The labels MongoDB adds to a failure of `code` (for a change stream's command when `changeStream`). */
export function changeStreamLabels(code: number, changeStream: boolean): string[] {
  if (changeStream && RESUMABLE_CODES.has(code)) return ['ResumableChangeStreamError'];
  return NON_RESUMABLE_CODES.has(code) ? ['NonResumableChangeStreamError'] : [];
}

const HANDSHAKE = new Set(['hello', 'isMaster', 'ismaster']);

export type Fault = { kind: 'close' } | { kind: 'reply'; reply: Record<string, unknown> };

export class FaultInjector {
  private rules: Array<FailRule & { remaining: number }> = [];

  add(rule: FailRule): void {
    this.rules.push({ ...rule, remaining: rule.times ?? 1 });
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault to inject for this command (a change stream's when `changeStream`), if a rule still applies to it. */
  take(commandName: string, changeStream = false): Fault | undefined {
    if (HANDSHAKE.has(commandName)) return undefined;
    const rule = this.rules.find((candidate) => candidate.remaining > 0 && candidate.commands.includes(commandName));
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.closeConnection) return { kind: 'close' };
    const code = rule.errorCode ?? 8; // UnknownError
    const labels = rule.errorLabels ?? changeStreamLabels(code, changeStream);
    return {
      kind: 'reply',
      reply: {
        ok: 0,
        errmsg: `Failing command ${commandName} via the wire test server's fault injector`,
        code,
        ...(labels.length ? { errorLabels: labels } : {}),
      },
    };
  }
}
