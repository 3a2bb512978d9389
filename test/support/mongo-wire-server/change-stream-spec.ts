// An aggregate opening a change stream: its namespace and `$changeStream` stage in, a checked
// stream specification out (what it watches, where it starts, what follows the stage), refusing
// what MongoDB 7.0 refuses with its codes. Resume tokens are the device's own encoding of a
// position, opaque to clients as MongoDB's are.
import { BSON } from 'mongodb';
import type { ChangeLog, Position } from './change-log.ts';
import { CommandError } from './errors.ts';
import type { Stage } from './query.ts';
import { isPlainObject, type EngineDoc } from './values.ts';

/** What a stream watches: one collection, one database (`aggregate: 1`), or every database (on admin). */
export type Scope = { kind: 'collection'; db: string; coll: string } | { kind: 'database'; db: string } | { kind: 'cluster' };

export interface StreamSpec {
  scope: Scope;
  /** `updateLookup`: update events carry the document as it is when the event is read. */
  fullDocument: 'default' | 'updateLookup';
  /** Entries after this position are the stream's. */
  after: Position;
  /** The stages after `$changeStream`. */
  stages: Stage[];
}

/** A change stream's cursor: what it watches and how far it has read. */
export interface TailingCursor {
  spec: StreamSpec;
  ns: string;
  after: Position;
}

/** A token names a position, and whether it is an event's, a high-water mark, or an invalidate's. */
export type TokenKind = 'event' | 'mark' | 'invalidate';
const KIND_CODES: Record<TokenKind, string> = { mark: '00', event: '01', invalidate: '02' };

const hex = (n: number) => n.toString(16).padStart(8, '0');

export function encodeToken(at: Position, kind: TokenKind): { _data: string } {
  return { _data: `82${hex(at.t)}${hex(at.i)}${hex(at.op)}${KIND_CODES[kind]}` };
}

function decodeToken(token: unknown): { at: Position; kind: TokenKind } {
  const data = isPlainObject(token) ? token._data : undefined;
  const match = typeof data === 'string' ? /^82([0-9a-f]{8})([0-9a-f]{8})([0-9a-f]{8})(0[012])$/.exec(data) : null;
  if (!match) throw new CommandError(50811, 'Location50811', 'KeyString format error: the resume token cannot be parsed');
  const kind = (Object.keys(KIND_CODES) as TokenKind[]).find((each) => KIND_CODES[each] === match[4])!;
  return { at: { t: parseInt(match[1], 16), i: parseInt(match[2], 16), op: parseInt(match[3], 16) }, kind };
}

/** The stages MongoDB lets follow `$changeStream`. */
const ALLOWED_AFTER = new Set(['$addFields', '$match', '$project', '$replaceRoot', '$replaceWith', '$redact', '$set', '$unset', '$changeStreamSplitLargeEvent']);
const SPEC_FIELDS = new Set(['allChangesForCluster', 'fullDocument', 'fullDocumentBeforeChange', 'resumeAfter', 'startAfter', 'startAtOperationTime', 'showExpandedEvents']);
const FULL_DOCUMENT = new Set(['default', 'updateLookup', 'whenAvailable', 'required']);
const INTERNAL_DATABASES = new Set(['admin', 'config', 'local']);

/** Whether a pipeline names `$changeStream` anywhere at its top level. */
export function namesChangeStream(pipeline: unknown): boolean {
  return Array.isArray(pipeline) && pipeline.some((stage) => isPlainObject(stage) && '$changeStream' in stage);
}

/**
 * The stream an aggregate opens. `collection` is undefined for `aggregate: 1`; `replicaSet`
 * false is a standalone, which has no oplog to stream.
 */
export function parseStreamSpec(db: string, collection: string | undefined, pipeline: readonly Stage[], replicaSet: boolean, log: ChangeLog): StreamSpec {
  checkStages(pipeline);
  const raw = pipeline[0].$changeStream;
  if (!isPlainObject(raw)) throw new CommandError(50808, 'Location50808', '$changeStream stage expects a document as argument');
  checkFields(raw);
  if (!replicaSet) throw new CommandError(40573, 'Location40573', 'The $changeStream stage is only supported on replica sets');
  const scope = scopeOf(db, collection, raw.allChangesForCluster === true);
  return { scope, fullDocument: fullDocumentOf(raw.fullDocument), ...startOf(raw, log), stages: pipeline.slice(1) };
}

function checkStages(pipeline: readonly Stage[]): void {
  const names = pipeline.map((stage) => Object.keys(stage)[0] ?? '');
  if (names.lastIndexOf('$changeStream') > 0) throw new CommandError(40602, 'Location40602', '$changeStream is only valid as the first stage in a pipeline.');
  const refused = names.slice(1).find((name) => !ALLOWED_AFTER.has(name));
  if (refused) throw new CommandError(20, 'IllegalOperation', `${refused} is not permitted in a $changeStream pipeline`);
}

function checkFields(raw: EngineDoc): void {
  for (const field of Object.keys(raw)) {
    if (!SPEC_FIELDS.has(field)) throw new CommandError(40415, 'Location40415', `BSON field '$changeStream.${field}' is an unknown field.`);
  }
  for (const field of ['allChangesForCluster', 'showExpandedEvents']) {
    if (raw[field] !== undefined && typeof raw[field] !== 'boolean') throw wrongType(field, 'bool');
  }
  for (const field of ['fullDocument', 'fullDocumentBeforeChange']) {
    if (raw[field] !== undefined && typeof raw[field] !== 'string') throw wrongType(field, 'string');
  }
  for (const field of ['resumeAfter', 'startAfter']) {
    if (raw[field] !== undefined && !isPlainObject(raw[field])) throw wrongType(field, 'object');
  }
  if (raw.startAtOperationTime !== undefined && !(raw.startAtOperationTime instanceof BSON.Timestamp)) throw wrongType('startAtOperationTime', 'timestamp');
  if (raw.showExpandedEvents === true) throw unsupported('showExpandedEvents');
  if (raw.fullDocumentBeforeChange !== undefined && raw.fullDocumentBeforeChange !== 'off') throw unsupported(`fullDocumentBeforeChange: '${raw.fullDocumentBeforeChange}'`);
}

function wrongType(field: string, expected: string): CommandError {
  return new CommandError(14, 'TypeMismatch', `BSON field '$changeStream.${field}' is the wrong type, expected type '${expected}'`);
}

/** What MongoDB accepts and this device does not implement: refused, never answered wrongly. */
function unsupported(what: string): CommandError {
  return new CommandError(2, 'BadValue', `${what} is not supported by the wire test server (pre- and post-images, expanded events)`);
}

function fullDocumentOf(value: unknown): StreamSpec['fullDocument'] {
  if (value === undefined) return 'default';
  if (!FULL_DOCUMENT.has(value as string)) throw new CommandError(2, 'BadValue', `Enumeration value '${String(value)}' for field '$changeStream.fullDocument' is not a valid value.`);
  if (value === 'whenAvailable' || value === 'required') throw unsupported(`fullDocument: '${value}'`);
  return value as StreamSpec['fullDocument'];
}

function scopeOf(db: string, collection: string | undefined, allChangesForCluster: boolean): Scope {
  const ns = collection === undefined ? `${db}.$cmd.aggregate` : `${db}.${collection}`;
  if (allChangesForCluster && !(db === 'admin' && collection === undefined)) {
    throw new CommandError(72, 'InvalidOptions', `A $changeStream with 'allChangesForCluster:true' may only be opened on the 'admin' database, and with no collection name; found ${ns}`);
  }
  if (db === 'admin' ? !allChangesForCluster : INTERNAL_DATABASES.has(db)) {
    throw new CommandError(73, 'InvalidNamespace', `$changeStream may not be opened on the internal ${db} database`);
  }
  if (collection?.startsWith('system.')) throw new CommandError(73, 'InvalidNamespace', `$changeStream may not be opened on the internal ${ns} collection`);
  if (allChangesForCluster) return { kind: 'cluster' };
  return collection === undefined ? { kind: 'database', db } : { kind: 'collection', db, coll: collection };
}

/** Where the stream starts: after a token, at an operation time (inclusive), or after everything so far. */
function startOf(raw: EngineDoc, log: ChangeLog): Pick<StreamSpec, 'after'> {
  if (raw.resumeAfter !== undefined && raw.startAfter !== undefined) {
    throw new CommandError(50865, 'Location50865', "Do not specify both 'resumeAfter' and 'startAfter' in a $changeStream stage");
  }
  const token = raw.resumeAfter ?? raw.startAfter;
  if (token !== undefined && raw.startAtOperationTime !== undefined) {
    throw new CommandError(40674, 'Location40674', 'Only one type of resume option is allowed, but multiple were found');
  }
  if (token === undefined) {
    const time = raw.startAtOperationTime as BSON.Timestamp | undefined;
    const after = time ? { t: time.high, i: time.low, op: 0 } : log.latest();
    if (log.lostSince(after)) throw historyLost();
    return { after };
  }
  const { at, kind } = decodeToken(token);
  if (kind === 'invalidate' && raw.resumeAfter !== undefined) {
    throw new CommandError(260, 'InvalidResumeToken', "Attempting to resume a change stream using 'resumeAfter' is not allowed from an invalidate notification");
  }
  if (log.lostSince(at)) throw historyLost();
  if (kind === 'event' && !log.holds(at)) throw fatal('cannot resume stream; the resume token was not found.');
  return { after: at };
}

/** The stream cannot go on and must not be resumed: the driver gives up, as with MongoDB. */
export function fatal(message: string): CommandError {
  return new CommandError(280, 'ChangeStreamFatalError', message, { errorLabels: ['NonResumableChangeStreamError'] });
}

function historyLost(): CommandError {
  return new CommandError(286, 'ChangeStreamHistoryLost', 'Resume of change stream was not possible, as the resume point may no longer be in the oplog.', { errorLabels: ['NonResumableChangeStreamError'] });
}
