// The write generator's actions and how often each is chosen: `fits` says which content-types an
// action applies to, `add` appends its steps.
import { isComponent, isDynamicZone } from '../live/model.mjs';
import { create, createOdd, position, positionable, relation, update, updateOdd } from './entry-actions.mjs';
import { caller, envelope, graphqlMissing, list, localization, remove, singleType } from './edge-actions.mjs';
import { componentEdit, draftEdit, zoneEdit } from './part-actions.mjs';

const collection = (t) => t.kind === 'collectionType';
const has = (test) => (t) => Object.values(t.attributes).some(test);

export const ACTIONS = [
  { name: 'create', weight: 14, fits: collection, add: create },
  { name: 'create-odd', weight: 12, fits: collection, add: createOdd },
  { name: 'update', weight: 10, fits: collection, add: update },
  { name: 'update-odd', weight: 8, fits: collection, add: updateOdd },
  { name: 'relation', weight: 10, fits: (t) => collection(t) && has((a) => a.type === 'relation')(t), add: relation },
  { name: 'position', weight: 3, fits: (t, state) => collection(t) && positionable(state, t).length > 0, add: position },
  { name: 'component', weight: 7, fits: has(isComponent), add: componentEdit },
  { name: 'zone', weight: 5, fits: has(isDynamicZone), add: zoneEdit },
  { name: 'draft', weight: 4, fits: (t) => t.draftAndPublish, add: draftEdit },
  { name: 'delete', weight: 4, fits: collection, add: remove },
  { name: 'single', weight: 6, fits: (t) => !collection(t), add: singleType },
  { name: 'localization', weight: 4, fits: (t) => t.localized, add: localization },
  { name: 'caller', weight: 7, fits: () => true, add: caller },
  { name: 'envelope', weight: 7, fits: () => true, add: envelope },
  { name: 'list', weight: 2, fits: collection, add: list },
  { name: 'graphql-missing', weight: 2, fits: collection, add: graphqlMissing },
];
