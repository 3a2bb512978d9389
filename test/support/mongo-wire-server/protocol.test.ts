// The wire test server's framing: bytes in, requests out, as MongoDB's wire protocol lays them out.
import { BSON } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { encodeReply, MessageFramer, OP_MSG, OP_QUERY, OP_REPLY, parseRequest } from './protocol.ts';

function header(length: number, requestId: number, opCode: number): Buffer {
  const bytes = Buffer.alloc(16);
  bytes.writeInt32LE(length, 0);
  bytes.writeInt32LE(requestId, 4);
  bytes.writeInt32LE(opCode, 12);
  return bytes;
}

function opMsg(flags: number, sections: Buffer[], checksum = false): Buffer {
  const flagBytes = Buffer.alloc(4);
  flagBytes.writeUInt32LE(flags);
  const body = Buffer.concat([flagBytes, ...sections, checksum ? Buffer.alloc(4, 0xee) : Buffer.alloc(0)]);
  return Buffer.concat([header(16 + body.length, 7, OP_MSG), body]);
}

const kind0 = (doc: Record<string, unknown>) => Buffer.concat([Buffer.from([0]), Buffer.from(BSON.serialize(doc))]);

function kind1(identifier: string, docs: Record<string, unknown>[]): Buffer {
  const payload = Buffer.concat([Buffer.from(`${identifier}\0`), ...docs.map((doc) => Buffer.from(BSON.serialize(doc)))]);
  const size = Buffer.alloc(4);
  size.writeInt32LE(4 + payload.length);
  return Buffer.concat([Buffer.from([1]), size, payload]);
}

function opQuery(namespace: string, query: Record<string, unknown>): Buffer {
  const body = Buffer.concat([Buffer.alloc(4), Buffer.from(`${namespace}\0`), Buffer.alloc(8), Buffer.from(BSON.serialize(query))]);
  return Buffer.concat([header(16 + body.length, 9, OP_QUERY), body]);
}

describe('parseRequest', () => {
  it.each([
    ['an OP_MSG body section', opMsg(0, [kind0({ ping: 1, $db: 'admin' })]), { ping: 1, $db: 'admin' }, 'admin', true],
    [
      'an OP_MSG document sequence, merged into the body under its identifier',
      opMsg(0, [kind0({ insert: 'things', $db: 'app' }), kind1('documents', [{ id: 1 }, { id: 2 }])]),
      { insert: 'things', $db: 'app', documents: [{ id: 1 }, { id: 2 }] },
      'app',
      true,
    ],
    ['an OP_MSG with a checksum', opMsg(1, [kind0({ ping: 1, $db: 'admin' })], true), { ping: 1, $db: 'admin' }, 'admin', true],
    ['an OP_MSG with moreToCome, which wants no reply', opMsg(2, [kind0({ ping: 1, $db: 'x' })]), { ping: 1, $db: 'x' }, 'x', false],
    ['a legacy OP_QUERY handshake', opQuery('admin.$cmd', { ismaster: 1, helloOk: true }), { ismaster: 1, helloOk: true }, 'admin', true],
    ['a legacy OP_QUERY wrapped in $query', opQuery('admin.$cmd', { $query: { ismaster: 1 }, $readPreference: { mode: 'primary' } }), { ismaster: 1 }, 'admin', true],
  ])('decodes %s', (_name, message, command, db, expectsReply) => {
    const request = parseRequest(message);
    expect(request.command).toEqual(command);
    expect(request.db).toBe(db);
    expect(request.expectsReply).toBe(expectsReply);
  });

  it('refuses compressed messages, since compression is never offered', () => {
    expect(() => parseRequest(header(16, 1, 2012))).toThrow(/compression was not offered/);
  });
});

describe('MessageFramer', () => {
  it('yields whole messages however the bytes are split', () => {
    const first = opMsg(0, [kind0({ ping: 1, $db: 'a' })]);
    const second = opMsg(0, [kind0({ ping: 2, $db: 'b' })]);
    const stream = Buffer.concat([first, second]);
    const framer = new MessageFramer();
    const messages = [stream.subarray(0, 3), stream.subarray(3, first.length + 5), stream.subarray(first.length + 5)].flatMap((chunk) =>
      framer.push(chunk),
    );
    expect(messages.map((message) => parseRequest(message).db)).toEqual(['a', 'b']);
  });

  it('rejects a length no message can have', () => {
    expect(() => new MessageFramer().push(header(3, 1, OP_MSG))).toThrow(/invalid message length/);
  });
});

describe('encodeReply', () => {
  it.each([
    ['OP_MSG for OP_MSG', opMsg(0, [kind0({ ping: 1, $db: 'a' })]), OP_MSG, 21],
    ['OP_REPLY for OP_QUERY', opQuery('admin.$cmd', { ismaster: 1 }), OP_REPLY, 36],
  ])('answers %s, echoing the request id', (_name, message, opCode, bodyOffset) => {
    const request = parseRequest(message);
    const reply = encodeReply(request, 42, { ok: 1 });
    expect(reply.readInt32LE(0)).toBe(reply.length);
    expect(reply.readInt32LE(8)).toBe(request.requestId);
    expect(reply.readInt32LE(12)).toBe(opCode);
    expect(BSON.deserialize(reply.subarray(bodyOffset))).toEqual({ ok: 1 });
  });
});
