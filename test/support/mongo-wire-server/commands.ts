// Command dispatch: one decoded command document in, one reply document out (always with `ok`).
// Unknown commands answer CommandNotFound, as a real server does; sessions and transactions
// (transactions.ts) and write concerns (write-concern.ts) are checked on the way. A getMore on a
// change stream answers later (change-streams.ts): the reply is then a promise.
import { bigintArg, numberArg } from './args.ts';
import { catalogCommands } from './catalog-commands.ts';
import type { ChangeLog } from './change-log.ts';
import { namesChangeStream } from './change-stream-spec.ts';
import type { ChangeStreams } from './change-streams.ts';
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
  /** The oplog change streams read (written to on a replica set only). */
  log: ChangeLog;
  streams: ChangeStreams;
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

/** A getMore of a change stream's cursor, which waits for events; undefined for any other command. */
function changeStreamGetMore(command: EngineDoc, context: CommandContext): Promise<Reply> | undefined {
  if (commandName(command) !== 'getMore') return undefined;
  const id = bigintArg(command.getMore);
  const cursor = context.cursors.tailing(id);
  return cursor && context.streams.more(id, cursor, context.cursors, numberArg(command.batchSize), numberArg(command.maxTimeMS));
}

/** Whether a command is a change stream's: an aggregate opening one, or a getMore of one. */
export function isChangeStreamCommand(command: EngineDoc, cursors: CursorRegistry): boolean {
  const name = commandName(command);
  if (name === 'aggregate') return namesChangeStream(command.pipeline);
  if (name !== 'getMore') return false;
  try {
    return cursors.tailing(bigintArg(command.getMore)) !== undefined;
  } catch {
    return false;
  }
}

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

export function runCommand(command: EngineDoc, context: CommandContext): Reply | Promise<Reply> {
  const name = commandName(command);
  const handler = Object.hasOwn(HANDLERS, name) ? HANDLERS[name] : undefined;
  if (!handler && !TRANSACTION_COMMANDS.has(name)) return new CommandError(59, 'CommandNotFound', `no such command: '${name}'`).toReply();
  try {
    const streaming = changeStreamGetMore(command, context);
    if (streaming) return streaming;
    if (command.autocommit === false && name === 'aggregate' && namesChangeStream(command.pipeline)) {
      context.transactions.abandon(command);
      throw new CommandError(263, 'OperationNotSupportedInTransaction', "Cannot run a '$changeStream' aggregate in a multi-document transaction.");
    }
    const replicaSet = context.identity.replicaSet !== undefined;
    checkWriteConcern(command.writeConcern, replicaSet, command.autocommit === false && !TRANSACTION_COMMANDS.has(name));
    const target: Namespace | undefined = WRITE_COMMANDS.has(name) && typeof command[name] === 'string' ? [context.db, command[name]] : undefined;
    return context.transactions.run(name, target, command, replicaSet, (engine) => handler!(stripEnvelope(command), { ...context, engine }));
  } catch (error) {
    return asCommandError(error).toReply();
  }
}
