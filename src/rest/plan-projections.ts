// A REST plan -> the store projections of its reads: its document's (src/graphql/projection.ts),
// with the listed entries' own scalar fields narrowed to those `fields` asked where the document
// selects every default field (Selection.selected) and no other part of it reads that type, so
// MongoDB still sends only what the answer shows.
import type { GraphQLSchema } from 'graphql';
import { projectionsFor } from '../graphql/projection.ts';
import { MEDIA_UID, assertNever, type ContentModel, type ContentType } from '../model/types.ts';
import type { Projections } from '../query/projection.ts';
import type { Plan } from './plan.ts';
import type { PopulateNode, Selection } from './query.ts';

const narrowed = new WeakMap<Plan, Projections>();

/** The projections of `plan`'s reads, `target` being the type it lists or finds (made once per plan). */
export function planProjections(model: ContentModel, schema: GraphQLSchema, plan: Plan, target: ContentType): Projections {
  const whole = projectionsFor(model, schema, plan.built.document);
  const { selection } = plan.query;
  if (!selection.selected) return whole;
  let found = narrowed.get(plan);
  if (!found) narrowed.set(plan, (found = narrow(whole, target, selection)));
  return found;
}

function narrow(whole: Projections, target: ContentType, selection: Selection): Projections {
  const fields = whole.get(target.collectionName);
  if (!fields || readsType(selection.populate, target.uid)) return whole;
  const shown = new Set(selection.fields);
  // Only optional attributes: the entry's own fields (dates, locale) are read whatever is shown,
  // and a required one is non-null in the schema, so the document's field must find its value.
  const unshown = new Set((selection.selected ?? []).filter((name) => !shown.has(name) && target.attributes.get(name)?.required === false));
  const kept = Object.fromEntries(Object.entries(fields).filter(([name]) => !unshown.has(name)));
  return new Map([...whole, [target.collectionName, kept]]);
}

/** Whether anything populated, at any depth, reads entries of `uid`. */
function readsType(populate: ReadonlyMap<string, PopulateNode>, uid: string): boolean {
  for (const node of populate.values()) {
    switch (node.kind) {
      case 'relation':
        if (node.target === uid || readsType(node.selection.populate, uid)) return true;
        break;
      case 'media':
        if (uid === MEDIA_UID || readsType(node.selection.populate, uid)) return true;
        break;
      case 'component':
        if (readsType(node.selection.populate, uid)) return true;
        break;
      case 'dynamiczone':
        for (const part of node.parts.values()) if (readsType(part.populate, uid)) return true;
        break;
      default:
        return assertNever(node, 'populate node');
    }
  }
  return false;
}
