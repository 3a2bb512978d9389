// insert, update, delete and findAndModify: command documents in, write results out.
import { arrayArg, collectionArg, documentArg } from './args.ts';
import type { CommandHandler } from './commands.ts';
import type { SortSpec } from './order.ts';
import type { EngineDoc } from './values.ts';
import { deleteDocuments, findAndModify as findAndModifyIn, insertDocuments, updateDocuments } from './writes.ts';

/** Write commands are ordered unless they say otherwise. */
const isOrdered = (command: EngineDoc) => command.ordered !== false;

const insert: CommandHandler = (command, { engine, db }) => {
  const docs = arrayArg(command.documents, 'documents') as EngineDoc[];
  return { ...insertDocuments(engine, db, collectionArg(command, 'insert'), docs, isOrdered(command)), ok: 1 };
};

const update: CommandHandler = (command, { engine, db }) => {
  const statements = arrayArg(command.updates, 'updates') as EngineDoc[];
  return { ...updateDocuments(engine, db, collectionArg(command, 'update'), statements, isOrdered(command)), ok: 1 };
};

const remove: CommandHandler = (command, { engine, db }) => {
  const statements = arrayArg(command.deletes, 'deletes') as EngineDoc[];
  return { ...deleteDocuments(engine, db, collectionArg(command, 'delete'), statements, isOrdered(command)), ok: 1 };
};

const findAndModify =
  (field: string): CommandHandler =>
  (command, { engine, db }) => {
    const result = findAndModifyIn(engine, db, collectionArg(command, field), {
      query: documentArg(command.query, 'query'),
      sort: documentArg(command.sort, 'sort') as SortSpec | undefined,
      remove: command.remove === true,
      update: command.update,
      new: command.new === true,
      fields: documentArg(command.fields, 'fields'),
      upsert: command.upsert === true,
    });
    return { ...result, ok: 1 };
  };

export const writeCommands: Record<string, CommandHandler> = {
  insert,
  update,
  delete: remove,
  findAndModify: findAndModify('findAndModify'),
  findandmodify: findAndModify('findandmodify'),
};
