// The test device's command failure: a MongoDB error code and name, answered as `{ ok: 0, ... }`.

export class CommandError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
  ) {
    super(message);
    this.name = 'CommandError';
  }

  toReply(): Record<string, unknown> {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName };
  }
}

/** Whatever mingo (or a malformed command) threw, as the BadValue a server would answer. */
export function asCommandError(error: unknown): CommandError {
  if (error instanceof CommandError) return error;
  return new CommandError(2, 'BadValue', error instanceof Error ? error.message : String(error));
}
