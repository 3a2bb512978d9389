// One entry's or component item's attribute values (`unknown`) -> CheckedFields in stored form,
// reporting every value that does not fit its attribute, with the attribute's path.
import { describe, isRecord } from '../model/problems.ts';
import { MEDIA_UID, type Attribute, type AttributeOwner, type ContentModel } from '../model/types.ts';
import type { CheckedFields, CheckedItem, CheckedValue } from './checked.ts';
import { storedScalar } from './scalar-values.ts';

export interface FieldContext {
  model: ContentModel;
  /** Ids the seed gives, by content-type uid (media rows under `plugin::upload.file`). */
  ids: ReadonlyMap<string, ReadonlySet<number>>;
  /** Drafts may leave required attributes empty, as Strapi allows. */
  draft: boolean;
  /** Records a problem; the text names the attribute by its path (`seo.metaSocial[0].title`). */
  report(text: string): void;
}

const value = (stored: unknown): CheckedValue => ({ kind: 'value', value: stored });

/** Checks every key of `values` against `owner`'s attributes; absent attributes become empty. */
export function checkFields(owner: AttributeOwner, values: Readonly<Record<string, unknown>>, ctx: FieldContext, prefix = ''): CheckedFields {
  for (const key of Object.keys(values)) {
    // Values of attributes the API never answers (relations to admin::user) are accepted and dropped.
    if (!owner.attributes.has(key) && !owner.omitted.has(key)) ctx.report(`unknown attribute "${prefix}${key}"`);
  }
  const fields = new Map<string, CheckedValue>();
  for (const attribute of owner.attributes.values()) {
    const path = `${prefix}${attribute.name}`;
    // An attribute left out takes its schema default, as Strapi does on create; an explicit null stays null.
    const given = values[attribute.name] === undefined && 'default' in attribute ? attribute.default : values[attribute.name];
    const report = (text: string) => ctx.report(`attribute "${path}": ${text}`);
    // Strapi leaves `required` on relations unenforced, and a mappedBy side cannot be given at all.
    const enforced = attribute.required && attribute.type !== 'relation' && !ctx.draft;
    if (enforced && (given === undefined || given === null)) report('is required');
    const checked = checkAttribute(attribute, given, path, ctx, report);
    if (checked) fields.set(attribute.name, checked);
  }
  return fields;
}

function checkAttribute(
  attribute: Attribute,
  given: unknown,
  path: string,
  ctx: FieldContext,
  report: (text: string) => void,
): CheckedValue | undefined {
  switch (attribute.type) {
    case 'relation': {
      if (attribute.side === 'inverse') {
        if (given !== undefined && given !== null && !(Array.isArray(given) && given.length === 0)) {
          report(
            `is the mappedBy side of the relation; set it on the owning side, ` +
              `${attribute.target} attribute "${attribute.inverseField}"`,
          );
        }
        return undefined;
      }
      return value(checkIds(given, attribute.toMany, attribute.target, ctx, report));
    }
    case 'media':
      return value(checkIds(given, attribute.multiple, MEDIA_UID, ctx, report));
    case 'component':
      if (attribute.repeatable) {
        if (given === undefined || given === null) return { kind: 'components', items: [] };
        if (!Array.isArray(given)) {
          report(`a repeatable component takes an array of objects; got ${describe(given)}`);
          return undefined;
        }
        return { kind: 'components', items: checkItems(given, () => attribute.component, false, path, ctx) };
      }
      if (given === undefined || given === null) return { kind: 'component', item: null };
      if (!isRecord(given)) {
        report(`a single component takes an object or null; got ${describe(given)}`);
        return undefined;
      }
      return { kind: 'component', item: checkItem(given, attribute.component, false, `${path}.`, ctx) };
    case 'dynamiczone': {
      if (given === undefined || given === null) return { kind: 'components', items: [] };
      if (!Array.isArray(given)) {
        report(`a dynamic zone takes an array of objects with "__component"; got ${describe(given)}`);
        return undefined;
      }
      const pick = (item: Record<string, unknown>, at: string) => {
        const uid = item.__component;
        if (typeof uid !== 'string') ctx.report(`attribute "${at}": a dynamic-zone item needs "__component"`);
        else if (!attribute.components.includes(uid)) {
          const why = ctx.model.components.has(uid) ? 'is not allowed in this zone' : 'is not a component';
          ctx.report(`attribute "${at}": "__component" ${JSON.stringify(uid)} ${why} (allowed: ${attribute.components.join(', ')})`);
        } else return uid;
        return undefined;
      };
      return { kind: 'components', items: checkItems(given, pick, true, path, ctx) };
    }
    default: {
      // Every other kind is a scalar: `storedScalar` switches over them exhaustively.
      if (given === undefined || given === null) return value(null);
      const converted = storedScalar(attribute, given, { draft: ctx.draft });
      if (!converted.ok) report(converted.problem);
      return value(converted.ok ? converted.value : null);
    }
  }
}

function checkItems(
  given: readonly unknown[],
  pick: (item: Record<string, unknown>, at: string) => string | undefined,
  zone: boolean,
  path: string,
  ctx: FieldContext,
): CheckedItem[] {
  const items: CheckedItem[] = [];
  given.forEach((item, index) => {
    const at = `${path}[${index}]`;
    if (!isRecord(item)) {
      ctx.report(`attribute "${at}": expected an object; got ${describe(item)}`);
      return;
    }
    const uid = pick(item, at);
    if (uid !== undefined) items.push(checkItem(item, uid, zone, `${at}.`, ctx));
  });
  return items;
}

function checkItem(given: Record<string, unknown>, uid: string, zone: boolean, prefix: string, ctx: FieldContext): CheckedItem {
  const { id, __component, ...values } = given;
  if (id !== undefined) ctx.report(`attribute "${prefix}id": component items get their ids at import; remove "id"`);
  if (!zone && __component !== undefined) ctx.report(`attribute "${prefix}__component": only dynamic-zone items name their component`);
  const component = ctx.model.components.get(uid)!;
  return { component: uid, zone, fields: checkFields(component, values, ctx, prefix) };
}

/** Relation or media ids: one id or null, or a list of distinct ids; each must be in the seed. */
function checkIds(given: unknown, many: boolean, target: string, ctx: FieldContext, report: (text: string) => void): unknown {
  const known = ctx.ids.get(target) ?? new Set<number>();
  const where = target === MEDIA_UID ? 'the seed\'s "media"' : target;
  const exists = (id: unknown): id is number => {
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
      report(`expected ${many ? 'an array of ids' : 'an id or null'}; got ${describe(id)}`);
      return false;
    }
    if (!known.has(id)) report(`${where} has no entry ${id}`);
    return known.has(id);
  };
  if (!many) {
    if (given === undefined || given === null) return null;
    return exists(given) ? given : null;
  }
  if (given === undefined || given === null) return [];
  if (!Array.isArray(given)) {
    report(`expected an array of ids; got ${describe(given)}`);
    return [];
  }
  const ids = given.filter(exists);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) report(`lists entry ${repeated} twice`);
  return [...new Set(ids)];
}
