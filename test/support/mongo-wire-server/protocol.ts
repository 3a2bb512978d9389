// MongoDB wire protocol framing: socket bytes in, decoded requests out; reply documents in,
// reply bytes out. OP_MSG (sections of kind 0 and 1) and the legacy OP_QUERY handshake only.
import { CommandError } from './errors.ts';
import { decodeDocument, encodeDocument, type EngineDoc } from './values.ts';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

const HEADER_SIZE = 16;
const MAX_MESSAGE_SIZE = 48_000_000;
const CHECKSUM_PRESENT = 1 << 0;
const MORE_TO_COME = 1 << 1;

export interface Request {
  requestId: number;
  opCode: typeof OP_MSG | typeof OP_QUERY;
  db: string;
  command: EngineDoc;
  /** False for an OP_MSG with moreToCome (an unacknowledged write): send nothing back. */
  expectsReply: boolean;
}

/** Splits a byte stream into whole messages. */
export class MessageFramer {
  private buffered: Buffer = Buffer.alloc(0);

  /** Adds bytes; returns every message now complete. Throws on an impossible length. */
  push(chunk: Buffer): Buffer[] {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const messages: Buffer[] = [];
    while (this.buffered.length >= 4) {
      const length = this.buffered.readInt32LE(0);
      if (length < HEADER_SIZE || length > MAX_MESSAGE_SIZE) throw new Error(`invalid message length ${length}`);
      if (this.buffered.length < length) break;
      messages.push(this.buffered.subarray(0, length));
      this.buffered = this.buffered.subarray(length);
    }
    return messages;
  }
}

/** Decodes one whole message. Opcodes other than OP_MSG and OP_QUERY are refused. */
export function parseRequest(message: Buffer): Request {
  const requestId = message.readInt32LE(4);
  const opCode = message.readInt32LE(12);
  if (opCode === OP_MSG) return parseOpMsg(message, requestId);
  if (opCode === OP_QUERY) return parseOpQuery(message, requestId);
  throw new Error(`unsupported opCode ${opCode}${opCode === OP_COMPRESSED ? ' (compression was not offered)' : ''}`);
}

function parseOpMsg(message: Buffer, requestId: number): Request {
  const flags = message.readUInt32LE(HEADER_SIZE);
  const end = flags & CHECKSUM_PRESENT ? message.length - 4 : message.length;
  let offset = HEADER_SIZE + 4;
  let command: EngineDoc | undefined;
  const sequences: Array<[string, EngineDoc[]]> = [];
  while (offset < end) {
    const kind = message.readUInt8(offset);
    offset += 1;
    if (kind === 0) {
      const size = message.readInt32LE(offset);
      command = decodeDocument(message.subarray(offset, offset + size));
      offset += size;
    } else if (kind === 1) {
      // A document sequence: size (including itself), identifier, then documents to its end.
      const sectionEnd = offset + message.readInt32LE(offset);
      const nameEnd = message.indexOf(0, offset + 4);
      const identifier = message.toString('utf8', offset + 4, nameEnd);
      const docs: EngineDoc[] = [];
      for (let at = nameEnd + 1; at < sectionEnd; at += message.readInt32LE(at)) {
        docs.push(decodeDocument(message.subarray(at, at + message.readInt32LE(at))));
      }
      sequences.push([identifier, docs]);
      offset = sectionEnd;
    } else {
      throw new Error(`unknown OP_MSG section kind ${kind}`);
    }
  }
  if (!command) throw new Error('OP_MSG without a body section');
  for (const [identifier, docs] of sequences) command[identifier] = docs;
  const db = command.$db;
  if (typeof db !== 'string') throw new CommandError(40414, 'Location40414', "BSON field '$db' is missing but a required field");
  return { requestId, opCode: OP_MSG, db, command, expectsReply: (flags & MORE_TO_COME) === 0 };
}

/** The legacy handshake: a query on `<db>.$cmd`, possibly wrapped as `{ $query: ... }`. */
function parseOpQuery(message: Buffer, requestId: number): Request {
  const nameStart = HEADER_SIZE + 4;
  const nameEnd = message.indexOf(0, nameStart);
  const namespace = message.toString('utf8', nameStart, nameEnd);
  const queryStart = nameEnd + 1 + 8; // skip numberToSkip and numberToReturn
  const query = decodeDocument(message.subarray(queryStart, queryStart + message.readInt32LE(queryStart)));
  const command = (query.$query as EngineDoc | undefined) ?? query;
  return { requestId, opCode: OP_QUERY, db: namespace.split('.')[0], command, expectsReply: true };
}

/** The reply to `request`: OP_MSG for OP_MSG, OP_REPLY for the legacy OP_QUERY. */
export function encodeReply(request: Request, replyId: number, reply: EngineDoc): Buffer {
  const body = Buffer.from(encodeDocument(reply));
  const prefix = request.opCode === OP_MSG ? opMsgPrefix() : opReplyPrefix();
  const header = Buffer.alloc(HEADER_SIZE);
  header.writeInt32LE(HEADER_SIZE + prefix.length + body.length, 0);
  header.writeInt32LE(replyId, 4);
  header.writeInt32LE(request.requestId, 8);
  header.writeInt32LE(request.opCode === OP_MSG ? OP_MSG : OP_REPLY, 12);
  return Buffer.concat([header, prefix, body]);
}

/** flagBits 0, then the kind-0 section marker. */
function opMsgPrefix(): Buffer {
  return Buffer.alloc(5);
}

/** responseFlags, cursorID (int64), startingFrom, numberReturned = 1. */
function opReplyPrefix(): Buffer {
  const prefix = Buffer.alloc(20);
  prefix.writeInt32LE(1, 16);
  return prefix;
}
