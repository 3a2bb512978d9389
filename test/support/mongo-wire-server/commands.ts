// Command dispatch: one decoded command document in, one reply document out (always with `ok`).
// Unknown commands answer CommandNotFound, as a real server does; sessions and transactions
// (transactions.ts) and write concerns (write-concern.ts) are checked on the way.
import { catalogCommands } from './catalog-commands.ts';
import type { CursorRegistry } from './cursors.ts';
import type { Engine } from './engine.ts';
import { asCommandError, CommandError } from './errors.ts';
import { buildInfoReply, helloReply, type ServerIdentity } from './handshake.ts';
import { readCommands } from './read-commands.ts';
import type { Transactions } from './transactions.ts';
import { checkWriteConcern } from './write-concern.ts';
import type { Namespace } from './write-tracker.ts';
import type { EngineDoc } from './values.ts';
import { writeCommands } from './write-commands.ts';

export interface CommandContext {
  engine: Engine;
  cursors: CursorRegistry;
  /** The database the command names (`$db`, or the namespace of a legacy OP_QUERY). */
  db: string;
  connectionId: number;
  identity: ServerIdentity;
  transactions: Transactions;
}

export type Reply = Record<string, unknown>;
export type CommandHandler = (command: EngineDoc, context: CommandContext) => Reply;

/** Envelope fields that say how, not what: sessions, transactions, gossip, routing. Handlers never see them. */
const ENVELOPE_FIELDS = ['$db', 'lsid', '$clusterTime', 'txnNumber', 'autocommit', 'startTransaction', '$readPreference'];

/** Commands that change documents, by the field naming their collection. */
const WRITE_COMMANDS = new Set(['insert', 'update', 'delete', 'findAndModify', 'findandmodify']);
const TRANSACTION_COMMANDS = new Set(['commitTransaction', 'abortTransaction']);

const handshake: CommandHandler = (_command, context) => helloReply(context.identity, context.connectionId);

const adminCommands: Record<string, CommandHandler> = {
  hello: handshake,
  isMaster: handshake,
  ismaster: handshake,
  ping: () => ({ ok: 1 }),
  buildInfo: () => buildInfoReply(),
  buildinfo: () => buildInfoReply(),
  endSessions: (command, { transactions }) => {
    transactions.endSessions(Array.isArray(command.endSessions) ? command.endSessions : []);
    return { ok: 1 };
  },
};

const HANDLERS: Record<string, CommandHandler> = {
  ...adminCommands,
  ...catalogCommands,
  ...readCommands,
  ...writeCommands,
};

/** The command's name: its first field. */
export function commandName(command: EngineDoc): string {
  return Object.keys(command)[0] ?? '';
}

/** Removes the envelope fields from a command, leaving what the handler reads. */
export function stripEnvelope(command: EngineDoc): EngineDoc {
  const body = { ...command };
  for (const field of ENVELOPE_FIELDS) delete body[field];
  return body;
}

export function runCommand(command: EngineDoc, context: CommandContext): Reply {
  const name = commandName(command);
  const handler = Object.hasOwn(HANDLERS, name) ? HANDLERS[name] : undefined;
  if (!handler && !TRANSACTION_COMMANDS.has(name)) return new CommandError(59, 'CommandNotFound', `no such command: '${name}'`).toReply();
  try {
    const replicaSet = context.identity.replicaSet !== undefined;
    checkWriteConcern(command.writeConcern, replicaSet, command.autocommit === false && !TRANSACTION_COMMANDS.has(name));
    const target: Namespace | undefined = WRITE_COMMANDS.has(name) && typeof command[name] === 'string' ? [context.db, command[name]] : undefined;
    return context.transactions.run(name, target, command, replicaSet, (engine) => handler!(stripEnvelope(command), { ...context, engine }));
  } catch (error) {
    return asCommandError(error).toReply();
  }
}
