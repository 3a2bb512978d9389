// A request's base and scope for tests that run the schema or the REST handler without the
// gateway's edge: one role's rights under Strapi's own access rules.
import { AccessPolicy } from '../../src/access/access.ts';
import type { Role } from '../../src/auth/roles.ts';
import type { LocaleSettings } from '../../src/auth/settings.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { createScope, requestBase, type RequestBase, type RequestScope } from '../../src/operations/scope.ts';
import type { ReadStore } from '../../src/store/store.ts';

export interface BaseParts {
  model: ContentModel;
  store: ReadStore;
  role: Role;
  locales: LocaleSettings;
}

/** The access of `role` under Strapi's own rules (private and password attributes hidden). */
export const accessOf = (model: ContentModel, role: Role) => new AccessPolicy(model).forRole(role);

export function baseFor({ model, store, role, locales }: BaseParts): RequestBase {
  return requestBase({ model, store, access: accessOf(model, role), locales });
}

export function scopeFor(parts: BaseParts): RequestScope {
  return createScope(baseFor(parts));
}
