// A mutation's coerced `data` argument -> the raw `data` a REST body would carry, which the write
// operations check: ids as numbers, Long as its decimal digits, DateTime as ISO text, components
// and dynamic zone items (already `{ __component, ... }`, schema/scalars.ts) walked alike.
import { assertNever, isScalar, type Attribute, type AttributeOwner, type ContentModel } from '../../model/types.ts';

type Data = Record<string, unknown>;

/**
 * `data` as REST would send it for `owner`. What the operation checks (ids that name nothing,
 * values out of range) is left for it; only GraphQL's own forms are rewritten. A null or absent
 * `data` stays as it is, for the operation to refuse.
 */
export function restWriteData(model: ContentModel, owner: AttributeOwner, data: unknown): unknown {
  if (!isData(data)) return data;
  const raw: Data = {};
  for (const [name, value] of Object.entries(data)) {
    const attribute = owner.attributes.get(name);
    raw[name] = attribute ? attributeValue(model, attribute, value) : plainValue(value);
  }
  return raw;
}

function attributeValue(model: ContentModel, attribute: Attribute, value: unknown): unknown {
  if (isScalar(attribute)) return plainValue(value);
  switch (attribute.type) {
    case 'relation':
    case 'media':
      return Array.isArray(value) ? value.map(idValue) : idValue(value);
    case 'component': {
      const component = model.components.get(attribute.component)!;
      return Array.isArray(value) ? value.map((item) => componentItem(model, component, item)) : componentItem(model, component, value);
    }
    case 'dynamiczone':
      return Array.isArray(value) ? value.map((item) => zoneItem(model, item)) : value;
    default:
      return assertNever(attribute, 'attribute');
  }
}

function componentItem(model: ContentModel, component: AttributeOwner, item: unknown): unknown {
  if (!isData(item)) return item;
  const raw = restWriteData(model, component, item) as Data;
  return 'id' in item ? { ...raw, id: idValue(item.id) } : raw;
}

/** A zone item names its component by `__component`; one naming none is left for the operation to refuse. */
function zoneItem(model: ContentModel, item: unknown): unknown {
  if (!isData(item)) return item;
  const component = typeof item.__component === 'string' ? model.components.get(item.__component) : undefined;
  return component ? componentItem(model, component, item) : item;
}

/** An `ID` GraphQL read as text: a canonical integer becomes the number REST sends; anything else stays, to be refused. */
function idValue(value: unknown): unknown {
  return typeof value === 'string' && /^(0|[1-9]\d{0,15})$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : value;
}

/** GraphQL's parsed scalars as JSON: Long (bigint) as its digits, DateTime (Date) as ISO 8601. */
function plainValue(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  return value;
}

function isData(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
