// A `<Type>FiltersInput` value -> a MongoDB filter document. Scalars and components become
// paths on the document; a relation becomes an id set found by one store query on its target.
import { ValidationError } from '../../errors/errors.ts';
import type { AttributeOwner, ContentModel, ContentType, RelationAttribute, ScalarType } from '../../model/types.ts';
import type { Filter } from '../../store/store.ts';
import { fieldMeaning } from './fields.ts';

/** Reads ids from the store for a relation filter: `field` of every `ct` entry matching `filter`. */
export type IdLookup = (ct: ContentType, filter: Filter, field: string) => Promise<unknown[]>;

export interface FilterScope {
  model: ContentModel;
  lookup: IdLookup;
}

type Input = Record<string, unknown>;

export async function compileFilters(scope: FilterScope, owner: AttributeOwner, input: Input | null | undefined, prefix = ''): Promise<Filter> {
  if (!input) return {};
  const clauses: Filter[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    clauses.push(await compileKey(scope, owner, key, value, prefix));
  }
  return all(clauses);
}

async function compileKey(scope: FilterScope, owner: AttributeOwner, key: string, value: unknown, prefix: string): Promise<Filter> {
  switch (key) {
    case 'and':
      return { $and: await Promise.all(asList(value).map((v) => compileFilters(scope, owner, v as Input, prefix))) };
    case 'or':
      return { $or: await Promise.all(asList(value).map((v) => compileFilters(scope, owner, v as Input, prefix))) };
    case 'not':
      return { $nor: [await compileFilters(scope, owner, value as Input, prefix)] };
  }
  const meaning = fieldMeaning(owner, key, prefix);
  switch (meaning.kind) {
    case 'scalar':
      return compileOperators(meaning.path, meaning.type, value as Input);
    case 'component':
      return compileFilters(scope, scope.model.components.get(meaning.component)!, value as Input, `${meaning.path}.`);
    case 'relation':
      return compileRelation(scope, meaning.attribute, meaning.path, prefix, value as Input);
    case 'none':
      throw new ValidationError(`Invalid parameter ${key}`);
  }
}

async function compileRelation(scope: FilterScope, attribute: RelationAttribute, path: string, prefix: string, input: Input): Promise<Filter> {
  const target = scope.model.contentTypes.get(attribute.target)!;
  const presence = relationPresence(input);
  if (presence !== undefined) return compilePresence(scope, attribute, target, path, prefix, presence);
  const targetFilter = await compileFilters(scope, target, input);
  if (attribute.side === 'owner') return { [path]: { $in: await scope.lookup(target, targetFilter, 'id') } };
  const owners = await scope.lookup(target, targetFilter, attribute.inverseField!);
  return { [`${prefix}id`]: { $in: owners.flat().filter((id) => id !== null && id !== undefined) } };
}

/**
 * `{ id: { null: true } }` asks whether an entry has no related entry at all, as a SQL left join
 * answers it (Strapi's behaviour); an id set read from the target cannot say that.
 * Returns whether the relation must be present, or undefined for any other filter.
 */
function relationPresence(input: Input): boolean | undefined {
  const keys = Object.keys(input ?? {});
  const id = input?.id as Input | undefined;
  if (keys.length !== 1 || keys[0] !== 'id' || !id || typeof id !== 'object') return undefined;
  const ops = Object.keys(id);
  if (ops.length !== 1 || (ops[0] !== 'null' && ops[0] !== 'notNull')) return undefined;
  return ops[0] === 'null' ? !id.null : Boolean(id.notNull);
}

async function compilePresence(scope: FilterScope, attribute: RelationAttribute, target: ContentType, path: string, prefix: string, present: boolean): Promise<Filter> {
  if (attribute.side === 'inverse') {
    const owners = (await scope.lookup(target, { [attribute.inverseField!]: { $ne: null } }, attribute.inverseField!)).flat();
    return { [`${prefix}id`]: { [present ? '$in' : '$nin']: [...new Set(owners.filter((id) => id != null))] } };
  }
  if (!attribute.toMany) return { [path]: present ? { $ne: null } : { $eq: null } };
  return present ? { [`${path}.0`]: { $exists: true } } : { $or: [{ [path]: { $eq: null } }, { [path]: { $size: 0 } }] };
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function all(clauses: Filter[]): Filter {
  const nonEmpty = clauses.filter((c) => Object.keys(c).length > 0);
  if (nonEmpty.length === 0) return {};
  return nonEmpty.length === 1 ? nonEmpty[0] : { $and: nonEmpty };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Stored form of a filter value, so comparisons happen on what the store holds. */
function stored(type: ScalarType | 'id', value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'id': {
      const id = Number(value);
      if (!Number.isInteger(id)) throw new ValidationError(`Invalid id ${JSON.stringify(value)}: expected an integer`);
      return id;
    }
    case 'json':
      return JSON.stringify(value);
    case 'datetime':
    case 'timestamp':
      return value instanceof Date ? value : new Date(String(value));
    default:
      return value;
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
}

const regex = (pattern: string, caseInsensitive: boolean) => ({ $regex: pattern, ...(caseInsensitive ? { $options: 'i' } : {}) });

/** `{ eq: 1, gt: 0 }` on `path` -> `{ $and: [{ path: { $eq: 1 } }, { path: { $gt: 0 } }] }`. */
export function compileOperators(path: string, type: ScalarType | 'id', operators: Input): Filter {
  if (operators === null || typeof operators !== 'object' || Array.isArray(operators)) {
    return { [path]: { $eq: stored(type, operators) } };
  }
  const clauses: Filter[] = [];
  const on = (condition: unknown) => clauses.push({ [path]: condition });
  const raw = (value: unknown) => (type === 'json' ? text(value) : String(value));
  for (const [operator, value] of Object.entries(operators)) {
    if (value === undefined) continue;
    switch (operator) {
      case 'eq': on({ $eq: stored(type, value) }); break;
      case 'ne': on({ $ne: stored(type, value) }); break;
      case 'eqi': on(regex(`^${escapeRegex(raw(value))}$`, true)); break;
      case 'nei': on({ $not: regex(`^${escapeRegex(raw(value))}$`, true) }); break;
      case 'lt': case 'lte': case 'gt': case 'gte': on({ [`$${operator}`]: stored(type, value) }); break;
      case 'in': on({ $in: asList(value).map((v) => stored(type, v)) }); break;
      case 'notIn': on({ $nin: asList(value).map((v) => stored(type, v)) }); break;
      case 'between': {
        const [low, high] = asList(value);
        if (low === undefined || high === undefined) throw new ValidationError(`Invalid between on ${path}: expected two values`);
        on({ $gte: stored(type, low), $lte: stored(type, high) });
        break;
      }
      case 'contains': on(regex(escapeRegex(raw(value)), false)); break;
      case 'containsi': on(regex(escapeRegex(raw(value)), true)); break;
      case 'notContains': on({ $not: regex(escapeRegex(raw(value)), false) }); break;
      case 'notContainsi': on({ $not: regex(escapeRegex(raw(value)), true) }); break;
      case 'startsWith': on(regex(`^${escapeRegex(raw(value))}`, false)); break;
      case 'startsWithi': on(regex(`^${escapeRegex(raw(value))}`, true)); break;
      case 'endsWith': on(regex(`${escapeRegex(raw(value))}$`, false)); break;
      case 'endsWithi': on(regex(`${escapeRegex(raw(value))}$`, true)); break;
      case 'null': on(value ? { $eq: null } : { $ne: null }); break;
      case 'notNull': on(value ? { $ne: null } : { $eq: null }); break;
      case 'or': clauses.push({ $or: asList(value).map((v) => ({ [path]: { $eq: stored(type, v) } })) }); break;
      case 'and': clauses.push({ $and: asList(value).map((v) => ({ [path]: { $eq: stored(type, v) } })) }); break;
      case 'not': clauses.push({ $nor: [compileOperators(path, type, value as Input)] }); break;
      default:
        throw new ValidationError(`Invalid parameter ${operator}`);
    }
  }
  return all(clauses);
}
