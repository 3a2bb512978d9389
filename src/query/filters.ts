// A `<Type>FiltersInput` value -> a MongoDB filter document, answering as Strapi's SQL does:
// three-valued logic (see logic.ts), and relations as left joins, so a condition true of a row of
// NULLs (`author: { name: { null: true } }`) matches entries with no related entry. A relation
// becomes an id set read by one store query on its target, where the caller may `find` it only,
// and among published entries only in the live state.
import { ValidationError } from '../errors/errors.ts';
import type { AttributeOwner, ContentModel, ContentType, RelationAttribute } from '../model/types.ts';
import type { Filter } from '../store/store.ts';
import type { Access } from '../access/access.ts';
import { exposedAttribute } from '../access/rules.ts';
import { fieldMeaning } from '../model/fields.ts';
import { ALWAYS, NEVER, allOf, andTruth, anyOf, conjunction, disjunction, notTruth, orTruth, selects, type Polarity, type Truth } from './logic.ts';
import { checkFilterSize } from '../limits/input-sizes.ts';
import { operatorFilter, operatorsOnNull } from './operators.ts';

/** Reads `field` of every `ct` entry matching `filter` from the store. */
export type IdLookup = (ct: ContentType, filter: Filter, field: string) => Promise<unknown[]>;

export interface FilterScope {
  model: ContentModel;
  lookup: IdLookup;
  /**
   * The caller's rights: a relation to a content-type it may not `find`, and an attribute it may
   * not read, do not exist for it.
   */
  access: Pick<Access, 'may' | 'readable'>;
  /** The filter a related entry must pass to count: published only, in the live state. */
  visible(ct: ContentType): Filter;
}

type Input = Record<string, unknown>;

/** The entries of `owner` for which `input` is TRUE. @throws ValidationError past the input limits. */
export function compileFilters(scope: FilterScope, owner: AttributeOwner, input: Input | null | undefined, prefix = ''): Promise<Filter> {
  checkFilterSize(input);
  return compile(scope, owner, input, prefix, true);
}

async function compile(scope: FilterScope, owner: AttributeOwner, input: Input | null | undefined, prefix: string, polarity: Polarity): Promise<Filter> {
  if (!input) return ALWAYS;
  const parts: Filter[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    parts.push(await compileKey(scope, owner, key, value, prefix, polarity));
  }
  return conjunction(polarity, parts);
}

async function compileKey(scope: FilterScope, owner: AttributeOwner, key: string, value: unknown, prefix: string, polarity: Polarity): Promise<Filter> {
  switch (key) {
    case 'and':
      return conjunction(polarity, await Promise.all(asList(value).map((v) => compile(scope, owner, v as Input, prefix, polarity))));
    case 'or':
      return disjunction(polarity, await Promise.all(asList(value).map((v) => compile(scope, owner, v as Input, prefix, polarity))));
    case 'not':
      return compile(scope, owner, value as Input, prefix, !polarity);
  }
  const meaning = fieldMeaning(owner, key, scope.access.readable, prefix);
  switch (meaning.kind) {
    case 'scalar':
      return operatorFilter(meaning.path, meaning.type, value, polarity);
    case 'component':
      return compileComponent(scope, meaning.component, meaning.repeatable, meaning.path, value as Input, polarity);
    case 'relation':
      if (!scope.access.may('find', meaning.attribute.target)) throw new ValidationError(`Invalid parameter ${key}`);
      return compileRelation(scope, meaning.attribute, meaning.path, value as Input, polarity);
    case 'none':
      throw new ValidationError(`Invalid parameter ${key}`);
  }
}

/**
 * A single component's fields are paths in the entry; a repeatable component's conditions must
 * hold of one item (`$elemMatch`), as they hold of one joined row in SQL.
 */
async function compileComponent(scope: FilterScope, uid: string, repeatable: boolean, path: string, input: Input, polarity: Polarity): Promise<Filter> {
  const component = scope.model.components.get(uid)!;
  if (!repeatable) return compile(scope, component, input, `${path}.`, polarity);
  const inner = await compile(scope, component, input, '', polarity);
  if (inner === ALWAYS) return ALWAYS;
  const empty = selects(truthOnNull(scope.model, component, input), polarity) ? emptyList(path) : NEVER;
  return anyOf([inner === NEVER ? NEVER : { [path]: { $elemMatch: inner } }, empty]);
}

/**
 * Entries with a visible related entry for which `input` has the polarity's value, plus, when
 * `input` has that value on a row of NULLs, the entries with no visible related entry at all.
 */
async function compileRelation(scope: FilterScope, attribute: RelationAttribute, path: string, input: Input, polarity: Polarity): Promise<Filter> {
  const target = scope.model.contentTypes.get(attribute.target)!;
  const matching = allOf([scope.visible(target), await compile(scope, target, input, '', polarity)]);
  const withoutRelated = selects(truthOnNull(scope.model, target, input), polarity) ? await noRelated(scope, attribute, target, path) : NEVER;
  if (attribute.side === 'owner') {
    const ids = await scope.lookup(target, matching, 'id');
    return anyOf([{ [path]: { $in: ids } }, withoutRelated]);
  }
  const owners = (await scope.lookup(target, matching, attribute.inverseField!)).flat();
  return anyOf([{ id: { $in: unique(owners) } }, withoutRelated]);
}

/** Entries holding no visible entry of `target` in the relation (a draft is not one, live). */
async function noRelated(scope: FilterScope, attribute: RelationAttribute, target: ContentType, path: string): Promise<Filter> {
  const visible = scope.visible(target);
  if (attribute.side === 'inverse') {
    const field = attribute.inverseField!;
    const pointing = (await scope.lookup(target, allOf([visible, { [field]: { $ne: null } }]), field)).flat();
    return { id: { $nin: unique(pointing) } };
  }
  if (visible === ALWAYS) return attribute.toMany ? emptyList(path) : { [path]: { $eq: null } };
  const hidden = await scope.lookup(target, { $nor: [visible] }, 'id');
  if (!attribute.toMany) return { $or: [{ [path]: { $eq: null } }, { [path]: { $in: hidden } }] };
  return { $nor: [{ [path]: { $elemMatch: { $nin: hidden } } }] };
}

const emptyList = (path: string): Filter => ({ $or: [{ [path]: { $eq: null } }, { [path]: { $size: 0 } }] });

/**
 * The value of `input` on a row of NULLs, as a left join gives an entry with no related entry:
 * only `null`/`notNull` conditions are TRUE or FALSE there; nested relations are NULL rows too.
 */
export function truthOnNull(model: ContentModel, owner: AttributeOwner, input: Input | null | undefined): Truth {
  if (!input) return 'true';
  const values: Truth[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (key === 'and') values.push(andTruth(asList(value).map((v) => truthOnNull(model, owner, v as Input))));
    else if (key === 'or') values.push(orTruth(asList(value).map((v) => truthOnNull(model, owner, v as Input))));
    else if (key === 'not') values.push(notTruth(truthOnNull(model, owner, value as Input)));
    else values.push(keyOnNull(model, owner, key, value));
  }
  return andTruth(values);
}

function keyOnNull(model: ContentModel, owner: AttributeOwner, key: string, value: unknown): Truth {
  const meaning = fieldMeaning(owner, key, exposedAttribute);
  switch (meaning.kind) {
    case 'scalar':
      return operatorsOnNull(value);
    case 'component':
      return truthOnNull(model, model.components.get(meaning.component)!, value as Input);
    case 'relation':
      return truthOnNull(model, model.contentTypes.get(meaning.attribute.target)!, value as Input);
    case 'none':
      return 'unknown';
  }
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function unique(values: readonly unknown[]): unknown[] {
  return [...new Set(values.filter((value) => value !== null && value !== undefined))];
}

