// Collections and indexes: create, drop, dropDatabase, listCollections, createIndexes,
// listIndexes and dropIndexes. Command documents in, reply documents out.
import { arrayArg, collectionArg, documentArg, numberArg } from './args.ts';
import type { CommandHandler } from './commands.ts';
import { CommandError } from './errors.ts';
import { parseIndexSpec } from './index-specs.ts';
import { compileFilter } from './query.ts';

const create: CommandHandler = (command, { engine, db }) => {
  const name = collectionArg(command, 'create');
  if (!engine.createCollection(db, name).created) {
    throw new CommandError(48, 'NamespaceExists', `Collection ${db}.${name} already exists.`);
  }
  return { ok: 1 };
};

/** MongoDB 7.0 answers ok when the collection does not exist; older servers said "ns not found". */
const drop: CommandHandler = (command, { engine, db }) => {
  const name = collectionArg(command, 'drop');
  const indexCount = engine.dropCollection(db, name);
  return indexCount === undefined ? { ok: 1 } : { ns: `${db}.${name}`, nIndexesWas: indexCount, ok: 1 };
};

const dropDatabase: CommandHandler = (_command, { engine, db }) => {
  engine.dropDatabase(db);
  return { dropped: db, ok: 1 };
};

const listCollections: CommandHandler = (command, { engine, cursors, db }) => {
  const matches = compileFilter(documentArg(command.filter, 'filter'));
  const nameOnly = command.nameOnly === true;
  const infos = engine
    .collectionNames(db)
    .map((name) =>
      nameOnly
        ? { name, type: 'collection' }
        : { name, type: 'collection', options: {}, info: { readOnly: false }, idIndex: { v: 2, key: { _id: 1 }, name: '_id_' } },
    )
    .filter(matches);
  const ns = `${db}.$cmd.listCollections`;
  const batch = cursors.openCursor(ns, infos, numberArg(documentArg(command.cursor, 'cursor')?.batchSize));
  return { cursor: { firstBatch: batch.docs, id: batch.id, ns }, ok: 1 };
};

const createIndexes: CommandHandler = (command, { engine, db }) => {
  const name = collectionArg(command, 'createIndexes');
  const specs = arrayArg(command.indexes, 'indexes').map(parseIndexSpec);
  const { before, after, created } = engine.createIndexes(db, name, specs);
  return { numIndexesBefore: before, numIndexesAfter: after, createdCollectionAutomatically: created, ok: 1 };
};

const listIndexes: CommandHandler = (command, { engine, cursors, db }) => {
  const name = collectionArg(command, 'listIndexes');
  const data = engine.collection(db, name);
  if (!data) throw new CommandError(26, 'NamespaceNotFound', `ns does not exist: ${db}.${name}`);
  const ns = `${db}.${name}`;
  const batch = cursors.openCursor(ns, data.indexes.map((index) => ({ ...index })), numberArg(documentArg(command.cursor, 'cursor')?.batchSize));
  return { cursor: { firstBatch: batch.docs, id: batch.id, ns }, ok: 1 };
};

const dropIndexes: CommandHandler = (command, { engine, db }) => {
  const nIndexesWas = engine.dropIndexes(db, collectionArg(command, 'dropIndexes'), command.index);
  return { nIndexesWas, ok: 1 };
};

export const catalogCommands: Record<string, CommandHandler> = {
  create,
  drop,
  dropDatabase,
  listCollections,
  createIndexes,
  listIndexes,
  dropIndexes,
};
