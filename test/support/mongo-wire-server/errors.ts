// The test device's command failure: a MongoDB error code and name, answered as `{ ok: 0, ... }`,
// with the fields MongoDB adds to some errors (a duplicate key's keyPattern and keyValue, error labels).

export class CommandError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
    /** Fields MongoDB answers beside the message: `keyPattern`, `keyValue`, `errorLabels`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'CommandError';
  }

  toReply(): Record<string, unknown> {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }
}

/** Whatever mingo (or a malformed command) threw, as the BadValue a server would answer. */
export function asCommandError(error: unknown): CommandError {
  if (error instanceof CommandError) return error;
  return new CommandError(2, 'BadValue', error instanceof Error ? error.message : String(error));
}

/** A transaction that lost a race: MongoDB labels it so drivers retry the whole transaction. */
export function writeConflict(): CommandError {
  return new CommandError(
    112,
    'WriteConflict',
    'WriteConflict error: this operation conflicted with another operation. Please retry your operation or multi-document transaction.',
    { errorLabels: ['TransientTransactionError'] },
  );
}
