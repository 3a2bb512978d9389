// The one place that decides what a caller may do: run an action on a content-type (role
// permissions, API token types and scopes), and read, filter, sort or populate an attribute
// (private and password attributes, and any rule added). Both protocols ask here, through the
// request scope; nothing else decides.
import type { Action, Role } from '../auth/roles.ts';
import type { Attribute, AttributeOwner, ContentModel } from '../model/types.ts';
import { schemaHiddenAttributes, type AttributeRule } from './rules.ts';

/** One caller's rights, made once per role and shared by its requests. */
export interface Access {
  /** The role's name, as rules and logs know it. */
  readonly role: string;
  /** Whether the caller may run `action` on the content-type `uid`. */
  may(action: Action, uid: string): boolean;
  /** `owner`'s attribute `name` when the caller may read it (select, filter, sort, populate); undefined otherwise. */
  readable(owner: AttributeOwner, name: string): Attribute | undefined;
  /**
   * `doc` as the caller may see it: without the attributes a rule hides from this role (the
   * schema's own hidden attributes are never asked for). The same object when nothing is hidden.
   */
  view<T extends Record<string, unknown>>(owner: AttributeOwner, doc: T): T;
}

/** What rules hide from one role: owner uid -> attribute names. */
interface Hidden {
  /** Every hidden attribute, the schema's own included: what may not be read, filtered or sorted on. */
  all: ReadonlyMap<string, ReadonlySet<string>>;
  /** Those only rules beyond the schema's hide: what an answer must drop. */
  extra: ReadonlyMap<string, ReadonlySet<string>>;
}

const NONE: ReadonlySet<string> = new Set();

/** Every caller's rights under one model and one set of rules. */
export class AccessPolicy {
  /** By role name: what rules hide depends on the name alone; grants come with each role. */
  readonly #hidden = new Map<string, Hidden>();

  /** @param rules the attribute rules; Strapi's own (private and password attributes) when absent. */
  constructor(
    private readonly model: ContentModel,
    private readonly rules: readonly AttributeRule[] = [schemaHiddenAttributes],
  ) {}

  /** The rights of a caller acting as `role`. */
  forRole(role: Role): Access {
    const { all, extra } = this.hiddenFrom(role.name);
    return {
      role: role.name,
      may: (action, uid) => role.can(action, uid),
      readable: (owner, name) => (all.get(owner.uid)?.has(name) ? undefined : owner.attributes.get(name)),
      view: (owner, doc) => {
        const names = extra.get(owner.uid) ?? NONE;
        if (names.size === 0) return doc;
        return Object.fromEntries(Object.entries(doc).filter(([key]) => !names.has(key))) as typeof doc;
      },
    };
  }

  private hiddenFrom(role: string): Hidden {
    let found = this.#hidden.get(role);
    if (!found) {
      const extra = this.rules.filter((rule) => rule !== schemaHiddenAttributes);
      found = { all: this.hiddenByOwner(role, this.rules), extra: this.hiddenByOwner(role, extra) };
      this.#hidden.set(role, found);
    }
    return found;
  }

  /** Owner uid -> names of its attributes `rules` hide from `role` (owners with none left out). */
  private hiddenByOwner(role: string, rules: readonly AttributeRule[]): Map<string, Set<string>> {
    const hidden = new Map<string, Set<string>>();
    if (rules.length === 0) return hidden;
    for (const owner of [...this.model.contentTypes.values(), ...this.model.components.values()]) {
      const names = [...owner.attributes.values()].filter((a) => rules.some((rule) => rule.hides(role, owner, a))).map((a) => a.name);
      if (names.length > 0) hidden.set(owner.uid, new Set(names));
    }
    return hidden;
  }
}
