// A compiled model -> problems with references between files: relation targets and their other
// side, component uids, components that contain themselves, and names used twice.
import type { Problems } from './problems.ts';
import {
  assertNever,
  isScalar,
  type Attribute,
  type AttributeOwner,
  type Component,
  type ContentModel,
  type ContentType,
  type RelationAttribute,
  type RelationKind,
} from './types.ts';

/** The kind the owning side must have, given the kind of the `mappedBy` side. */
const OWNER_KIND_FOR_INVERSE: Readonly<Partial<Record<RelationKind, RelationKind>>> = {
  oneToOne: 'oneToOne',
  oneToMany: 'manyToOne',
  manyToOne: 'oneToMany',
  manyToMany: 'manyToMany',
};

type Owner = AttributeOwner & { source: string };

/** What to tell about one attribute: a problem that stops loading, or a warning. */
interface Reporter {
  problem(text: string): void;
  warning(text: string): void;
}

/**
 * Checks every reference. A relation whose other side names no attribute is a warning, as Strapi
 * starts with one (FoodAdvisor's `user.articles`): a `mappedBy` side is left out of the content
 * API, an `inversedBy` side kept as a one-way relation.
 */
export function validateReferences(model: ContentModel, problems: Problems): void {
  const owners: Owner[] = [...model.contentTypes.values(), ...model.components.values()];
  for (const owner of owners) {
    for (const attribute of [...owner.attributes.values()]) {
      const where = `${owner.source}: attribute "${attribute.name}": `;
      const reporter: Reporter = { problem: (text) => problems.add(where + text), warning: (text) => problems.warn(where + text) };
      checkAttribute(model, owner, attribute, reporter);
    }
  }
  checkComponentCycles(model, problems);
  checkUniqueNames(model, problems);
}

/** Replaces or removes one attribute of an owner; the maps are the compiler's own, not yet handed out. */
function amend(owner: Owner, name: string, change: { replace: Attribute } | { omit: string }): void {
  const attributes = owner.attributes as Map<string, Attribute>;
  if ('replace' in change) attributes.set(name, change.replace);
  else {
    attributes.delete(name);
    (owner.omitted as Map<string, string>).set(name, change.omit);
  }
}

function checkAttribute(model: ContentModel, owner: Owner, attribute: Attribute, reporter: Reporter): void {
  const report = reporter.problem;
  if (isScalar(attribute)) return;
  switch (attribute.type) {
    case 'relation':
      if (!model.contentTypes.has(attribute.target)) {
        report(`relation target "${attribute.target}" is not a content-type (known: ${[...model.contentTypes.keys()].join(', ')})`);
      } else {
        checkOtherSide(model, owner, attribute, reporter);
      }
      return;
    case 'component':
      if (!model.components.has(attribute.component)) report(`component "${attribute.component}" does not exist`);
      return;
    case 'dynamiczone':
      for (const uid of attribute.components) {
        if (!model.components.has(uid)) report(`dynamic zone component "${uid}" does not exist`);
      }
      return;
    case 'media':
      return;
    default:
      assertNever(attribute, 'attribute');
  }
}

/** `mappedBy` and `inversedBy` must name each other, with matching kinds. */
function checkOtherSide(model: ContentModel, owner: Owner, attribute: RelationAttribute, reporter: Reporter): void {
  const report = reporter.problem;
  const ownerUid = owner.uid;
  const keyword = attribute.inverseField !== undefined ? 'mappedBy' : attribute.inversedBy !== undefined ? 'inversedBy' : undefined;
  const otherName = attribute.inverseField ?? attribute.inversedBy;
  if (keyword === undefined || otherName === undefined) return;
  const target = model.contentTypes.get(attribute.target)!;
  const other = target.attributes.get(otherName);
  const expected = keyword === 'mappedBy' ? 'inversedBy' : 'mappedBy';
  if (!other && keyword === 'mappedBy') {
    const why = `mappedBy "${otherName}" names no attribute of ${target.uid}`;
    reporter.warning(`${why}; nothing holds this relation, so it is left out of the API (Strapi answers errors for it)`);
    amend(owner, attribute.name, { omit: why });
    return;
  }
  if (!other) {
    reporter.warning(`inversedBy "${otherName}" names no attribute of ${target.uid}; served as a one-way relation`);
    const { inversedBy: _dropped, ...oneWay } = attribute;
    amend(owner, attribute.name, { replace: oneWay });
    return;
  }
  if (other.type !== 'relation') {
    report(`${keyword} "${otherName}" names a ${other.type} attribute of ${target.uid}, not a relation`);
    return;
  }
  const pointsBack = keyword === 'mappedBy' ? other.inversedBy : other.inverseField;
  if (other.target !== ownerUid || pointsBack !== attribute.name) {
    report(
      `${keyword} "${otherName}": ${target.uid} attribute "${otherName}" must target ${ownerUid} ` +
        `with ${expected} "${attribute.name}" (it targets ${other.target}` +
        `${pointsBack === undefined ? ` without ${expected}` : ` with ${expected} "${pointsBack}"`})`,
    );
    return;
  }
  if (keyword === 'mappedBy' && OWNER_KIND_FOR_INVERSE[attribute.relation] !== other.relation) {
    report(
      `a ${attribute.relation} relation's owning side must be ${OWNER_KIND_FOR_INVERSE[attribute.relation] ?? 'impossible'}, ` +
        `but ${target.uid} attribute "${otherName}" is ${other.relation}`,
    );
  }
}

/** Components nest through component attributes; a chain that comes back to its start never ends. */
function checkComponentCycles(model: ContentModel, problems: Problems): void {
  const done = new Set<string>();
  const reported = new Set<string>();
  const visit = (uid: string, path: string[]): void => {
    if (done.has(uid)) return;
    const start = path.indexOf(uid);
    if (start >= 0) {
      const cycle = [...path.slice(start), uid];
      const key = [...cycle.slice(0, -1)].sort().join(' ');
      if (reported.has(key)) return;
      reported.add(key);
      const first = model.components.get(cycle[0])!;
      const attribute = [...first.attributes.values()].find(
        (candidate) => candidate.type === 'component' && candidate.component === cycle[1],
      );
      problems.add(
        `${first.source}: attribute "${attribute?.name}": component "${cycle[0]}" contains itself: ${cycle.join(' -> ')}`,
      );
      return;
    }
    const component = model.components.get(uid);
    if (!component) return;
    for (const attribute of component.attributes.values()) {
      if (attribute.type === 'component') visit(attribute.component, [...path, uid]);
    }
    done.add(uid);
  };
  for (const uid of model.components.keys()) visit(uid, []);
}

/** GraphQL field names come from singular and plural names; stores use collection names. */
function checkUniqueNames(model: ContentModel, problems: Problems): void {
  const apiNames = new Map<string, ContentType>();
  for (const contentType of model.contentTypes.values()) {
    if (!contentType.uid.startsWith('api::')) continue;
    for (const name of new Set([contentType.singularName, contentType.pluralName])) {
      const first = apiNames.get(name);
      if (first) {
        problems.add(`${contentType.source}: the name "${name}" is already used by ${first.uid} (${first.source})`);
      } else {
        apiNames.set(name, contentType);
      }
    }
  }
  const collections = new Map<string, ContentType | Component>();
  for (const owner of [...model.contentTypes.values(), ...model.components.values()]) {
    const first = collections.get(owner.collectionName);
    if (first) {
      problems.add(`${owner.source}: collectionName "${owner.collectionName}" is already used by ${first.uid} (${first.source})`);
    } else {
      collections.set(owner.collectionName, owner);
    }
  }
}
