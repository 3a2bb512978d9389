// find, getMore, killCursors, aggregate and count: command documents in, cursor replies out. An
// aggregate whose pipeline opens with `$changeStream` opens a change stream (change-streams.ts).
import { arrayArg, bigintArg, collectionArg, documentArg, numberArg } from './args.ts';
import { namesChangeStream, parseStreamSpec } from './change-stream-spec.ts';
import type { CommandHandler } from './commands.ts';
import { CommandError } from './errors.ts';
import type { SortSpec } from './order.ts';
import type { Stage } from './query.ts';

const find: CommandHandler = (command, { engine, cursors, db }) => {
  const name = collectionArg(command, 'find');
  const limit = numberArg(command.limit) ?? 0;
  const docs = engine.find(db, name, {
    filter: documentArg(command.filter, 'filter'),
    sort: documentArg(command.sort, 'sort') as SortSpec | undefined,
    skip: numberArg(command.skip),
    limit,
    projection: documentArg(command.projection, 'projection'),
  });
  const ns = `${db}.${name}`;
  // A negative limit asks for one batch and no cursor.
  const batch = cursors.openCursor(ns, docs, numberArg(command.batchSize), command.singleBatch === true || limit < 0);
  return { cursor: { firstBatch: batch.docs, id: batch.id, ns }, ok: 1 };
};

const getMore: CommandHandler = (command, { cursors }) => {
  const id = bigintArg(command.getMore);
  const batch = cursors.getMore(id, numberArg(command.batchSize));
  if (!batch) throw new CommandError(43, 'CursorNotFound', `cursor id ${id} not found`);
  return { cursor: { nextBatch: batch.docs, id: batch.id, ns: batch.ns }, ok: 1 };
};

const killCursors: CommandHandler = (command, { cursors, log }) => {
  const { killed, notFound } = cursors.kill(arrayArg(command.cursors, 'cursors').map(bigintArg));
  // A change stream's getMore waiting on a killed cursor ends now, as MongoDB interrupts it.
  log.wake();
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
};

/** `aggregate: <collection>` or `aggregate: 1` with a leading `$changeStream`. */
const openChangeStream: CommandHandler = (command, { cursors, db, identity, log, streams }) => {
  const name = command.aggregate === 1 ? undefined : collectionArg(command, 'aggregate');
  const pipeline = arrayArg(command.pipeline, 'pipeline') as Stage[];
  const cursorOptions = documentArg(command.cursor, 'cursor');
  if (!cursorOptions) throw new CommandError(9, 'FailedToParse', "The 'cursor' option is required");
  const spec = parseStreamSpec(db, name, pipeline, identity.replicaSet !== undefined, log);
  return streams.open(spec, `${db}.${name ?? '$cmd.aggregate'}`, cursors, numberArg(cursorOptions.batchSize));
};

const aggregate: CommandHandler = (command, context) => {
  if (namesChangeStream(command.pipeline)) return openChangeStream(command, context);
  const { engine, cursors, db } = context;
  const name = collectionArg(command, 'aggregate');
  const pipeline = arrayArg(command.pipeline, 'pipeline') as Stage[];
  for (const stage of pipeline) {
    if ('$out' in stage || '$merge' in stage) {
      throw new CommandError(2, 'BadValue', '$out and $merge are not supported by the wire test server');
    }
  }
  const cursorOptions = documentArg(command.cursor, 'cursor');
  if (!cursorOptions) throw new CommandError(9, 'FailedToParse', "The 'cursor' option is required");
  const ns = `${db}.${name}`;
  const batch = cursors.openCursor(ns, engine.aggregate(db, name, pipeline), numberArg(cursorOptions.batchSize));
  return { cursor: { firstBatch: batch.docs, id: batch.id, ns }, ok: 1 };
};

const count: CommandHandler = (command, { engine, db }) => {
  const name = collectionArg(command, 'count');
  const n = engine.count(db, name, documentArg(command.query, 'query'), numberArg(command.skip), numberArg(command.limit));
  return { n, ok: 1 };
};

export const readCommands: Record<string, CommandHandler> = { find, getMore, killCursors, aggregate, count };
