// Write statements against the engine: insert/update/delete/findAndModify command bodies in,
// MongoDB-shaped write results out. Unique indexes (and `_id`) are enforced (unique.ts). Each
// document changed is recorded as the oplog would (insert, replace, update, delete); an update
// that changes nothing is not.
import { BSON } from 'mongodb';
import type { CollectionData, Engine } from './engine.ts';
import { asCommandError } from './errors.ts';
import { compareValues, sortDocuments, type SortSpec } from './order.ts';
import { compileFilter, runPipeline, type Filter } from './query.ts';
import { applyUpdate, isReplacement, seedFromQuery } from './update.ts';
import { assertUnique } from './unique.ts';
import { cloneValue, type EngineDoc } from './values.ts';

/** One statement's failure, as MongoDB answers it in `writeErrors` (a duplicate key adds keyPattern and keyValue). */
export interface WriteError {
  index: number;
  code: number;
  errmsg: string;
  keyPattern?: Record<string, unknown>;
  keyValue?: Record<string, unknown>;
}

export interface WriteResult {
  n: number;
  nModified?: number;
  upserted?: Array<{ index: number; _id: unknown }>;
  writeErrors?: WriteError[];
}

/** Runs each statement; an ordered write stops at the first failure, as MongoDB's does. */
function eachStatement<T>(statements: readonly T[], ordered: boolean, run: (statement: T, index: number) => void): WriteError[] {
  const errors: WriteError[] = [];
  for (const [index, statement] of statements.entries()) {
    try {
      run(statement, index);
    } catch (error) {
      const failure = asCommandError(error);
      const { keyPattern, keyValue } = failure.extra as Pick<WriteError, 'keyPattern' | 'keyValue'>;
      errors.push({ index, code: failure.code, errmsg: failure.message, ...(keyPattern ? { keyPattern, keyValue } : {}) });
      if (ordered) break;
    }
  }
  return errors;
}

function withErrors(result: WriteResult, errors: WriteError[]): WriteResult {
  return errors.length ? { ...result, writeErrors: errors } : result;
}

export function insertDocuments(engine: Engine, db: string, name: string, documents: readonly EngineDoc[], ordered = true): WriteResult {
  const { data } = engine.createCollection(db, name);
  let n = 0;
  const errors = eachStatement(documents, ordered, (document) => {
    const doc = document._id === undefined ? { _id: new BSON.ObjectId(), ...cloneValue(document) } : cloneValue(document);
    assertUnique(data, `${db}.${name}`, doc);
    data.docs.push(doc);
    engine.record({ op: 'insert', db, coll: name, id: doc._id, doc });
    n += 1;
  });
  return withErrors({ n }, errors);
}

interface UpdateStatement {
  q?: Filter;
  u?: unknown;
  upsert?: boolean;
  multi?: boolean;
}

export function updateDocuments(engine: Engine, db: string, name: string, statements: readonly UpdateStatement[], ordered = true): WriteResult {
  let matched = 0;
  let modified = 0;
  const upserted: Array<{ index: number; _id: unknown }> = [];
  const errors = eachStatement(statements, ordered, (statement, index) => {
    const data = engine.collection(db, name);
    const matches = compileFilter(statement.q);
    const targets = (data?.docs ?? []).filter(matches).slice(0, statement.multi ? undefined : 1);
    for (const target of targets) {
      const next = applyUpdate(target, statement.u, false);
      modified += replaceDocument(engine, { db, name, data: data! }, target, next, statement.u) ? 1 : 0;
      matched += 1;
    }
    if (targets.length === 0 && statement.upsert) {
      upserted.push({ index, _id: upsert(engine, db, name, statement.q ?? {}, statement.u)._id });
    }
  });
  const result: WriteResult = { n: matched + upserted.length, nModified: modified };
  return withErrors(upserted.length ? { ...result, upserted } : result, errors);
}

interface DeleteStatement {
  q?: Filter;
  limit?: number;
}

export function deleteDocuments(engine: Engine, db: string, name: string, statements: readonly DeleteStatement[], ordered = true): WriteResult {
  let n = 0;
  const errors = eachStatement(statements, ordered, (statement) => {
    const data = engine.collection(db, name);
    if (!data) return;
    const matches = compileFilter(statement.q);
    const doomed = data.docs.filter(matches).slice(0, statement.limit === 1 ? 1 : undefined);
    data.docs = data.docs.filter((doc) => !doomed.includes(doc));
    for (const doc of doomed) engine.record({ op: 'delete', db, coll: name, id: doc._id });
    n += doomed.length;
  });
  return withErrors({ n }, errors);
}

export interface FindAndModifyCommand {
  query?: Filter;
  sort?: SortSpec;
  remove?: boolean;
  update?: unknown;
  new?: boolean;
  fields?: Record<string, unknown>;
  upsert?: boolean;
}

/** findAndModify's `{ value, lastErrorObject }`; failures throw CommandError. */
export function findAndModify(engine: Engine, db: string, name: string, command: FindAndModifyCommand) {
  const data = engine.collection(db, name);
  const matches = (data?.docs ?? []).filter(compileFilter(command.query));
  const [target] = command.sort ? sortDocuments(matches, command.sort) : matches;
  const project = (doc: EngineDoc | undefined) =>
    doc && command.fields && Object.keys(command.fields).length ? runPipeline([cloneValue(doc)], [{ $project: command.fields }], () => [])[0] : doc;
  if (command.remove) {
    if (target) {
      data!.docs = data!.docs.filter((doc) => doc !== target);
      engine.record({ op: 'delete', db, coll: name, id: target._id });
    }
    return { value: project(target) ?? null, lastErrorObject: { n: target ? 1 : 0 } };
  }
  if (target) {
    const next = applyUpdate(target, command.update, false);
    replaceDocument(engine, { db, name, data: data! }, target, next, command.update);
    return { value: project(command.new ? next : target) ?? null, lastErrorObject: { n: 1, updatedExisting: true } };
  }
  if (command.upsert) {
    const created = upsert(engine, db, name, command.query ?? {}, command.update);
    return {
      value: command.new ? project(created) : null,
      lastErrorObject: { n: 1, updatedExisting: false, upserted: created._id },
    };
  }
  return { value: null, lastErrorObject: { n: 0, updatedExisting: false } };
}

/** Inserts the document an upsert creates: the query's equalities, then the update. */
function upsert(engine: Engine, db: string, name: string, query: Filter, update: unknown): EngineDoc {
  const seed = seedFromQuery(query);
  const start = isReplacement(update) ? (seed._id === undefined ? {} : { _id: seed._id }) : seed;
  const created = applyUpdate(start, update, true);
  const { data } = engine.createCollection(db, name);
  assertUnique(data, `${db}.${name}`, created);
  data.docs.push(created);
  engine.record({ op: 'insert', db, coll: name, id: created._id, doc: created });
  return created;
}

/** A collection and where it lives. */
interface Place {
  db: string;
  name: string;
  data: CollectionData;
}

/** Swaps `next` in for `target` and records it, a replacement or an update as `update` was; says whether anything changed. */
function replaceDocument(engine: Engine, { db, name, data }: Place, target: EngineDoc, next: EngineDoc, update: unknown): boolean {
  assertUnique(data, `${db}.${name}`, next, target);
  data.docs[data.docs.indexOf(target)] = next;
  if (compareValues(target, next) === 0) return false;
  const change = { db, coll: name, id: next._id, doc: next };
  engine.record(isReplacement(update) ? { op: 'replace', ...change } : { op: 'update', ...change, before: target });
  return true;
}
