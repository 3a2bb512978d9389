// The one place that decides what a caller may do: run an action on a content-type (role
// permissions, API token types and scopes), and read, filter, sort or populate an attribute
// (private and password attributes, and any rule added). Both protocols ask here, through the
// request scope; nothing else decides.
import type { Role } from '../auth/roles.ts';
import { contentAction, type ContentVerb } from './actions.ts';
import { ConfigurationError } from '../errors/errors.ts';
import type { Attribute, AttributeOwner, ContentModel } from '../model/types.ts';
import { schemaHiddenAttributes, type AttributeRule } from './rules.ts';

/** One caller's rights: made for each request from its role; what rules hide is worked out once per role name. */
export interface Access {
  /** The role's name, as rules and logs know it. */
  readonly role: string;
  /** Whether the caller may do `verb` to the entries of the content-type `uid`. */
  may(verb: ContentVerb, uid: string): boolean;
  /** Whether the caller may run the action Strapi names so (`plugin::users-permissions.auth.callback`). */
  allows(action: string): boolean;
  /** `owner`'s attribute `name` when the caller may read it (select, filter, sort, populate); undefined otherwise. */
  readable(owner: AttributeOwner, name: string): Attribute | undefined;
  /**
   * `doc` as the caller may see it: without the attributes a rule hides from this role (the
   * schema's own hidden attributes are never asked for). The same object when nothing is hidden.
   */
  view<T extends Record<string, unknown>>(owner: AttributeOwner, doc: T): T;
  /** Whether {@link view} may drop anything of `owner`'s items: when not, answers skip it. */
  changes(owner: AttributeOwner): boolean;
}

/** What rules hide: owner uid -> attribute names. */
type HiddenNames = ReadonlyMap<string, ReadonlySet<string>>;

/** What rules hide from one role. */
interface Hidden {
  /** Every hidden attribute, the schema's own included: what may not be read, filtered or sorted on. */
  all: HiddenNames;
  /** Those only rules beyond the schema's hide: what an answer must drop. */
  extra: HiddenNames;
}

const NONE: ReadonlySet<string> = new Set();

/** Every caller's rights under one model and one set of rules. */
export class AccessPolicy {
  /** What each rule hides, worked out once. */
  readonly #byRule: ReadonlyArray<readonly [AttributeRule, HiddenNames]>;
  /** By role name: what rules hide depends on the name alone; grants come with each role. */
  readonly #hidden = new Map<string, Hidden>();

  /**
   * @param rules the attribute rules; Strapi's own (private and password attributes) when absent.
   * @throws ConfigurationError for a rule that hides a required attribute, which GraphQL could
   *   not answer (its field is non-null).
   */
  constructor(model: ContentModel, rules: readonly AttributeRule[] = [schemaHiddenAttributes]) {
    this.#byRule = rules.map((rule) => [rule, hiddenBy(model, rule)] as const);
    for (const [rule, names] of this.#byRule) if (rule !== schemaHiddenAttributes) refuseRequired(model, rule, names);
  }

  /** The rights of a caller acting as `role`. */
  forRole(role: Role): Access {
    const { all, extra } = this.hiddenFrom(role.name);
    return {
      role: role.name,
      may: (verb, uid) => role.can(contentAction(uid, verb)),
      allows: (action) => role.can(action),
      readable: (owner, name) => (all.get(owner.uid)?.has(name) ? undefined : owner.attributes.get(name)),
      view: extra.size === 0 ? (_owner, doc) => doc : (owner, doc) => {
        const names = extra.get(owner.uid) ?? NONE;
        if (names.size === 0) return doc;
        return Object.fromEntries(Object.entries(doc).filter(([key]) => !names.has(key))) as typeof doc;
      },
      changes: (owner) => extra.has(owner.uid),
    };
  }

  private hiddenFrom(role: string): Hidden {
    let found = this.#hidden.get(role);
    if (!found) {
      const applying = this.#byRule.filter(([rule]) => rule.appliesTo(role));
      found = { all: union(applying.map(([, names]) => names)), extra: union(applying.filter(([rule]) => rule !== schemaHiddenAttributes).map(([, names]) => names)) };
      this.#hidden.set(role, found);
    }
    return found;
  }
}

/** Owner uid -> names of its attributes `rule` hides (owners with none left out). */
function hiddenBy(model: ContentModel, rule: AttributeRule): HiddenNames {
  const hidden = new Map<string, Set<string>>();
  for (const owner of [...model.contentTypes.values(), ...model.components.values()]) {
    const names = [...owner.attributes.values()].filter((attribute) => rule.hides(owner, attribute)).map((attribute) => attribute.name);
    if (names.length > 0) hidden.set(owner.uid, new Set(names));
  }
  return hidden;
}

function union(all: readonly HiddenNames[]): HiddenNames {
  const merged = new Map<string, Set<string>>();
  for (const names of all) for (const [uid, set] of names) merged.set(uid, new Set([...(merged.get(uid) ?? []), ...set]));
  return merged;
}

function refuseRequired(model: ContentModel, rule: AttributeRule, names: HiddenNames): void {
  for (const [uid, set] of names) {
    const owner = model.contentTypes.get(uid) ?? model.components.get(uid)!;
    const required = [...set].filter((name) => owner.attributes.get(name)?.required);
    if (required.length > 0) {
      throw new ConfigurationError(`Access rule "${rule.name}" hides the required attribute ${required.join(', ')} of ${uid}: only optional attributes can be hidden (GraphQL answers a hidden one null, and a required one's field is non-null)`);
    }
  }
}

/**
 * The caller reading back the entry its own write touched: a write's answer is that entry, which
 * needs no `find` or `findOne`; every attribute, relation and populate rule still holds.
 */
export function readingBack(access: Access, uid: string): Access {
  const reads = new Set([contentAction(uid, 'find'), contentAction(uid, 'findOne')]);
  return {
    ...access,
    may: (verb, target) => (target === uid && (verb === 'find' || verb === 'findOne')) || access.may(verb, target),
    allows: (action) => reads.has(action) || access.allows(action),
  };
}
