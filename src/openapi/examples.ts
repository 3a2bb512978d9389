// A content-type -> example query strings for each REST parameter and each of its forms, built
// from the type's own attributes, so every example is one the gateway answers (given a role that
// may read the related types). Each example is the literal query string and its qs reading.
import { exposedAttribute, isExposed } from '../access/rules.ts';
import qs from 'qs';
import { componentUid } from '../model/naming.ts';
import { isScalar, type Attribute, type ContentModel, type ContentType } from '../model/types.ts';
import { defaultFields } from '../rest/attributes.ts';

/** One example of one parameter: a title, the query string a client sends, and its parsed value. */
export interface QueryExample {
  summary: string;
  query: string;
  value: unknown;
}

export type Parameter = 'fields' | 'populate' | 'filters' | 'sort' | 'pagination' | 'start' | 'limit' | 'locale' | 'publicationState';

const example = (parameter: string, summary: string, query: string): QueryExample => ({
  summary,
  query,
  value: (qs.parse(query) as Record<string, unknown>)[parameter],
});

/** Attributes worth showing in examples, found once per content-type. */
function samples(model: ContentModel, target: ContentType) {
  const visible = [...target.attributes.keys()].map((name) => exposedAttribute(target, name)).filter((a) => a !== undefined);
  const scalars = defaultFields(target, exposedAttribute).filter((name) => target.attributes.get(name)?.type !== 'json');
  const textual = visible.find((a) => ['string', 'text', 'email', 'uid'].includes(a.type))?.name;
  const numeric = visible.find((a) => ['integer', 'float', 'decimal'].includes(a.type))?.name;
  const relations = visible.flatMap((a) => (a.type === 'relation' ? [a] : []));
  // Sorting follows a relation only from the side that stores it (the planner joins on its ids).
  const related = (toMany: boolean, ownerSideOnly = false) => {
    const relation = relations.find((r) => r.toMany === toMany && (!ownerSideOnly || r.side === 'owner'));
    const relatedType = relation && model.contentTypes.get(relation.target);
    const field = relatedType && [...relatedType.attributes.values()].find((a) => isScalar(a) && ['string', 'text', 'email', 'uid'].includes(a.type) && isExposed(relatedType, a));
    return relation && field ? { name: relation.name, field: field.name } : undefined;
  };
  return {
    scalars,
    textual,
    numeric,
    toOne: related(false),
    toMany: related(true),
    sortable: related(false, true),
    media: visible.find((a) => a.type === 'media')?.name,
    dotPath: componentDotPath(model, visible),
    component: visible.find((a) => a.type === 'component')?.name,
    zone: visible.flatMap((a) => (a.type === 'dynamiczone' ? [a] : []))[0],
  };
}

/** `seo.shareImage`: a single component's relation or media, populated by its dot path. */
function componentDotPath(model: ContentModel, visible: readonly Attribute[]): string | undefined {
  for (const attribute of visible) {
    if (attribute.type !== 'component' || attribute.repeatable) continue;
    const component = model.components.get(attribute.component)!;
    const inner = [...component.attributes.values()].find((a) => (a.type === 'media' || a.type === 'relation') && isExposed(component, a));
    if (inner) return `${attribute.name}.${inner.name}`;
  }
  return undefined;
}

/** Examples of every form of every parameter `target`'s routes take. */
export function queryExamples(model: ContentModel, target: ContentType, locales: readonly string[]): Record<Parameter, QueryExample[]> {
  const s = samples(model, target);
  const [a, b = 'id'] = s.scalars.length > 0 ? s.scalars : ['createdAt'];
  const populated = [s.toOne?.name, s.media, s.component].filter((n): n is string => n !== undefined).slice(0, 2);
  return {
    fields: [
      example('fields', 'A list', `fields[0]=${a}&fields[1]=${b}`),
      example('fields', 'One field', `fields=${a}`),
      example('fields', 'Comma-separated', `fields=${a},${b}`),
      example('fields', 'Every field (the default)', 'fields=*'),
    ],
    populate: [
      example('populate', 'Every relation, media, component and dynamic zone, one level', 'populate=*'),
      ...(populated.length > 0
        ? [
            example('populate', 'A list', populated.map((name, i) => `populate[${i}]=${name}`).join('&')),
            example('populate', 'Comma-separated', `populate=${populated.join(',')}`),
          ]
        : []),
      ...(s.toOne
        ? [
            example('populate', 'Object form: fields of the related entry', `populate[${s.toOne.name}][fields][0]=${s.toOne.field}`),
            example('populate', 'Object form: a level deeper', `populate[${s.toOne.name}][populate]=*`),
          ]
        : []),
      ...(s.dotPath ? [example('populate', 'Inside a component, as a dot path', `populate[0]=${s.dotPath}`)] : []),
      ...(s.toMany
        ? [example('populate', 'Filtered and sorted relation', `populate[${s.toMany.name}][filters][${s.toMany.field}][$containsi]=a&populate[${s.toMany.name}][sort][0]=${s.toMany.field}:asc`)]
        : []),
      ...(s.zone
        ? [
            example('populate', 'Dynamic zone, every component and what they hold', `populate[${s.zone.name}][populate]=*`),
            example('populate', "Dynamic zone, per component (Strapi's `on`)", `populate[${s.zone.name}][on][${componentUid(model.components.get(s.zone.components[0])!)}][populate]=*`),
          ]
        : []),
    ],
    filters: [
      ...(s.textual
        ? [
            example('filters', 'Equality, implicit', `filters[${s.textual}]=example`),
            example('filters', 'An operator', `filters[${s.textual}][$eq]=example`),
            example('filters', 'Contains, case-insensitive', `filters[${s.textual}][$containsi]=a`),
            example('filters', 'Logical `$or`', `filters[$or][0][${s.textual}][$containsi]=a&filters[$or][1][id][$eq]=1`),
            example('filters', 'Negation and presence', `filters[$not][${s.textual}][$null]=true`),
          ]
        : []),
      ...(s.numeric ? [example('filters', 'A comparison', `filters[${s.numeric}][$gte]=0`)] : []),
      example('filters', 'Logical `$and`', 'filters[$and][0][id][$gte]=1&filters[$and][1][id][$lte]=10'),
      example('filters', 'In a list', 'filters[id][$in][0]=1&filters[id][$in][1]=2'),
      example('filters', 'Between two values', 'filters[id][$between][0]=1&filters[id][$between][1]=10'),
      ...(s.toOne ? [example('filters', 'Through a relation', `filters[${s.toOne.name}][${s.toOne.field}][$containsi]=a`)] : []),
    ],
    sort: [
      example('sort', 'One field, ascending', `sort=${a}`),
      example('sort', 'Descending', `sort=${a}:desc`),
      example('sort', 'A list', `sort[0]=${a}:asc&sort[1]=id:desc`),
      example('sort', 'Comma-separated', `sort=${a},id:desc`),
      example('sort', 'Colon percent-encoded', `sort=${a}%3Adesc`),
      ...(s.sortable ? [example('sort', 'Through a to-one relation', `sort=${s.sortable.name}.${s.sortable.field}:asc`)] : []),
    ],
    pagination: [
      example('pagination', 'Page form', 'pagination[page]=1&pagination[pageSize]=10'),
      example('pagination', 'Offset form', 'pagination[start]=0&pagination[limit]=5'),
      example('pagination', 'Without the count', 'pagination[page]=1&pagination[withCount]=false'),
    ],
    start: [example('start', 'Skip the first ten', 'start=10')],
    limit: [example('limit', 'At most five', 'limit=5')],
    locale: [...locales.slice(0, 1).map((code) => example('locale', 'One locale', `locale=${code}`)), example('locale', 'Every locale', 'locale=all')],
    publicationState: [
      example('publicationState', 'Published entries only (the default)', 'publicationState=live'),
      example('publicationState', 'Drafts too', 'publicationState=preview'),
    ],
  };
}
