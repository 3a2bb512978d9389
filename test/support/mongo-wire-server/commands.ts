// Command dispatch: one decoded command document in, one reply document out (always with `ok`).
// Unknown commands answer CommandNotFound, as a real server does.
import { catalogCommands } from './catalog-commands.ts';
import type { CursorRegistry } from './cursors.ts';
import type { Engine } from './engine.ts';
import { asCommandError, CommandError } from './errors.ts';
import { buildInfoReply, helloReply, type ServerIdentity } from './handshake.ts';
import { readCommands } from './read-commands.ts';
import type { EngineDoc } from './values.ts';
import { writeCommands } from './write-commands.ts';

export interface CommandContext {
  engine: Engine;
  cursors: CursorRegistry;
  /** The database the command names (`$db`, or the namespace of a legacy OP_QUERY). */
  db: string;
  connectionId: number;
  identity: ServerIdentity;
}

export type Reply = Record<string, unknown>;
export type CommandHandler = (command: EngineDoc, context: CommandContext) => Reply;

/** Envelope fields that say how, not what: sessions, gossip, routing. The device ignores them. */
const ENVELOPE_FIELDS = ['$db', 'lsid', '$clusterTime', 'txnNumber', '$readPreference'];

const handshake: CommandHandler = (_command, context) => helloReply(context.identity, context.connectionId);

const adminCommands: Record<string, CommandHandler> = {
  hello: handshake,
  isMaster: handshake,
  ismaster: handshake,
  ping: () => ({ ok: 1 }),
  buildInfo: () => buildInfoReply(),
  buildinfo: () => buildInfoReply(),
  endSessions: () => ({ ok: 1 }),
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
  if (!handler) return new CommandError(59, 'CommandNotFound', `no such command: '${name}'`).toReply();
  try {
    return handler(stripEnvelope(command), context);
  } catch (error) {
    return asCommandError(error).toReply();
  }
}
