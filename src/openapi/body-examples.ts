// A content-type -> example bodies of its write routes, built from its own attributes: a value of
// every attribute kind in a form the input schemas take, relations and media by id 1, every
// component and dynamic zone filled in, so a client sees each form once.
import { componentUid } from '../model/naming.ts';
import { assertNever, isScalar, type Attribute, type Component, type ContentModel, type ContentType, type ScalarAttribute } from '../model/types.ts';

/** One example of a write's body. */
export interface BodyExample {
  summary: string;
  value: unknown;
}

/** An example value of a scalar, as a body gives it. */
export function scalarExample(attribute: ScalarAttribute): unknown {
  switch (attribute.type) {
    case 'string':
      return `An example ${attribute.name}`;
    case 'text':
    case 'richtext':
      return 'Some text.';
    case 'email':
      return 'someone@example.com';
    case 'password':
      return 'a-long-secret-phrase';
    case 'uid':
      return `an-example-${attribute.name.toLowerCase()}`;
    case 'enumeration':
      return attribute.values[0];
    case 'date':
      return '2024-06-01';
    case 'time':
      return '09:30:00.000';
    case 'datetime':
    case 'timestamp':
      return '2024-06-01T09:30:00.000Z';
    case 'integer':
      return 3;
    case 'biginteger':
      return '9007199254740993';
    case 'float':
      return 4.5;
    case 'decimal':
      return 12.5;
    case 'boolean':
      return true;
    case 'json':
      return { any: ['JSON', 1] };
    default:
      return assertNever(attribute, 'scalar type');
  }
}

/** An attribute's example; `depth` stops components that hold themselves. */
function attributeExample(model: ContentModel, attribute: Attribute, depth: number): unknown {
  if (isScalar(attribute)) return scalarExample(attribute);
  switch (attribute.type) {
    case 'relation':
      return attribute.toMany ? [1] : 1;
    case 'media':
      return attribute.multiple ? [1] : 1;
    case 'component': {
      const item = attributesExample(model, model.components.get(attribute.component)!, depth + 1);
      return attribute.repeatable ? [item] : item;
    }
    case 'dynamiczone':
      return attribute.components.map((uid) => {
        const component = model.components.get(uid)!;
        return { __component: componentUid(component), ...attributesExample(model, component, depth + 1) };
      });
    default:
      return assertNever(attribute, 'attribute');
  }
}

function attributesExample(model: ContentModel, owner: ContentType | Component, depth: number): Record<string, unknown> {
  const entries = [...owner.attributes.values()]
    .filter((a) => depth < 3 || (a.type !== 'component' && a.type !== 'dynamiczone'))
    .map((a) => [a.name, attributeExample(model, a, depth)]);
  return Object.fromEntries(entries);
}

/** Examples of a create's and an update's body, and of a localization's in `locale`. */
export function bodyExamples(model: ContentModel, target: ContentType, locale: string): { create: BodyExample[]; update: BodyExample[]; localization: BodyExample[] } {
  const data = attributesExample(model, target, 0);
  const required = Object.fromEntries(Object.entries(data).filter(([name]) => target.attributes.get(name)?.required));
  const first = [...target.attributes.values()].find((a) => isScalar(a) && a.type !== 'json' && a.type !== 'password');
  const relation = [...target.attributes.values()].find((a) => a.type === 'relation' && a.toMany);
  const update: BodyExample[] = first ? [{ summary: `Change ${first.name} only (the rest is kept)`, value: { data: { [first.name]: data[first.name] } } }] : [];
  if (relation) {
    update.push({ summary: `Add to ${relation.name}, first in the list`, value: { data: { [relation.name]: { connect: [{ id: 1, position: { start: true } }] } } } });
  }
  if (target.draftAndPublish) update.push({ summary: 'Unpublish (back to a draft)', value: { data: { publishedAt: null } } });
  return {
    create: [
      { summary: 'Every attribute', value: { data } },
      ...(target.draftAndPublish ? [{ summary: 'A draft, with the required attributes only', value: { data: { ...required, publishedAt: null } } }] : []),
    ],
    update,
    localization: [{ summary: 'The new locale’s fields at the top level', value: { ...data, locale } }],
  };
}
