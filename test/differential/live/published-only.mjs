// A GraphQL case -> the same case with every filter that goes through a relation to a type with
// drafts asking for published entries there (`publishedAt: { notNull: true }` beside the related
// entry's conditions), so Strapi, whose relation filters see drafts, can be asked what the gateway
// answers in the live state when the root has no preview to ask it in. Our reading of the request.
import { Kind, parse, print } from 'graphql';
import { rootOf } from './case-filters.mjs';
import { MEDIA_UID, gqlComponentName } from './model.mjs';

const LOGICAL = new Set(['and', 'or', 'not']);
const ownerOf = (model, uid) => model.types.get(uid) ?? model.components.get(uid);
const name = (value) => ({ kind: Kind.NAME, value });
const PUBLISHED = { kind: Kind.OBJECT_FIELD, name: name('publishedAt'), value: { kind: Kind.OBJECT, fields: [{ kind: Kind.OBJECT_FIELD, name: name('notNull'), value: { kind: Kind.BOOLEAN, value: true } }] } };

/** The case asking Strapi for published related entries only; undefined when no filter goes through a type with drafts. */
export function publishedOnly(c, model) {
  const root = c.graphql && rootOf(c, model);
  if (!root?.field) return undefined;
  const walk = { model, changed: false };
  const document = parse(c.graphql);
  const definitions = document.definitions.map((definition) => {
    if (definition.kind !== Kind.OPERATION_DEFINITION) return definition;
    const selections = definition.selectionSet.selections.map((s) => (s.kind === Kind.FIELD && s.name.value === root.field ? fieldOf(s, root.uid, walk) : s));
    return { ...definition, selectionSet: { ...definition.selectionSet, selections } };
  });
  return walk.changed ? { ...c, graphql: print({ ...document, definitions }) } : undefined;
}

/** A field answering entries or items of `uid`: its `filters` and the fields it selects rewritten. */
function fieldOf(field, uid, walk) {
  const args = field.arguments?.map((a) => (a.name.value === 'filters' ? { ...a, value: filterOf(a.value, uid, walk) } : a));
  return { ...field, arguments: args, selectionSet: field.selectionSet && selectionsOf(field.selectionSet, uid, walk) };
}

function selectionsOf(selectionSet, uid, walk) {
  const attributes = ownerOf(walk.model, uid)?.attributes ?? {};
  const selections = selectionSet.selections.map((s) => {
    if (s.kind === Kind.INLINE_FRAGMENT) {
      const part = [...walk.model.components.keys()].find((key) => gqlComponentName(key) === s.typeCondition?.name.value);
      return { ...s, selectionSet: selectionsOf(s.selectionSet, part ?? uid, walk) };
    }
    if (s.kind !== Kind.FIELD || !s.selectionSet) return s;
    const a = s.name.value === 'localizations' ? { type: 'relation', target: uid } : attributes[s.name.value];
    if (s.name.value === 'data' || s.name.value === 'attributes' || a?.type === 'dynamiczone') return { ...s, selectionSet: selectionsOf(s.selectionSet, uid, walk) };
    if (a?.type === 'relation') return fieldOf(s, a.target, walk);
    if (a?.type === 'media') return fieldOf(s, MEDIA_UID, walk);
    if (a?.type === 'component') return fieldOf(s, a.component, walk);
    return s;
  });
  return { ...selectionSet, selections };
}

/** A filters literal on `uid` with published entries asked for behind each relation to a type with drafts. */
function filterOf(value, uid, walk) {
  if (value.kind === Kind.LIST) return { ...value, values: value.values.map((item) => filterOf(item, uid, walk)) };
  if (value.kind !== Kind.OBJECT) return value;
  const attributes = ownerOf(walk.model, uid)?.attributes ?? {};
  const fields = value.fields.map((field) => {
    const a = attributes[field.name.value];
    if (LOGICAL.has(field.name.value)) return { ...field, value: filterOf(field.value, uid, walk) };
    if (a?.type === 'component') return { ...field, value: filterOf(field.value, a.component, walk) };
    if (a?.type !== 'relation') return field;
    const inner = filterOf(field.value, a.target, walk);
    if (!walk.model.types.get(a.target)?.draftAndPublish || inner.kind !== Kind.OBJECT) return { ...field, value: inner };
    walk.changed = true;
    return { ...field, value: { ...inner, fields: [...inner.fields, PUBLISHED] } };
  });
  return { ...value, fields };
}
