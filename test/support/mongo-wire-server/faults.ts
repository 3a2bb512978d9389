// Fault injection, like MongoDB's `failCommand` fail point: a rule in, and for each matching
// command either an error reply or a dropped connection out, the next `times` times.

export interface FailRule {
  /** Command names to fail (`find`, `update`...). Handshake commands are never failed. */
  commands: string[];
  /** How many matching commands fail; 1 when absent. */
  times?: number;
  /** Drop the connection instead of answering, as a crashing or unreachable server would. */
  closeConnection?: boolean;
  /** Answer this server error code (10107 NotWritablePrimary, 11602 InterruptedDueToReplStateChange...). */
  errorCode?: number;
  /** Labels a real server attaches, such as `RetryableWriteError`. */
  errorLabels?: string[];
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

  /** The fault to inject for this command, if a rule still applies to it. */
  take(commandName: string): Fault | undefined {
    if (HANDSHAKE.has(commandName)) return undefined;
    const rule = this.rules.find((candidate) => candidate.remaining > 0 && candidate.commands.includes(commandName));
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.closeConnection) return { kind: 'close' };
    const code = rule.errorCode ?? 8; // UnknownError
    return {
      kind: 'reply',
      reply: {
        ok: 0,
        errmsg: `Failing command ${commandName} via the wire test server's fault injector`,
        code,
        ...(rule.errorLabels ? { errorLabels: rule.errorLabels } : {}),
      },
    };
  }
}
