// The per-request context both protocols execute with: the model, the store's reads held to the
// request's deadline, the caller's role and a fresh set of DataLoaders. One is made per HTTP
// request, never shared between requests.
import type { Role } from '../auth/roles.ts';
import { Deadline } from '../limits/deadline.ts';
import type { ContentModel } from '../model/types.ts';
import { withDeadline } from '../store/deadline-store.ts';
import type { Doc, ReadStore } from '../store/store.ts';
import { createLoaders, type Loaders } from './loaders.ts';

/** Locales known to the gateway; `defaultLocale` answers requests that name none. */
export interface LocaleSettings {
  codes: readonly string[];
  defaultLocale: string;
}

export interface GatewayContext {
  model: ContentModel;
  /** Reads stop once the deadline has passed. */
  store: ReadStore;
  role: Role;
  /** Who may share answers with this caller (the role, or an API token's own key): plans and caches are kept per key. */
  accessKey: string;
  deadline: Deadline;
  /** The logged-in user a users-permissions JWT names, for `me`. */
  user?: Doc;
  /** Set by REST's `/api/users/me` only: the user entry this request may read without findOne. */
  self?: number;
  locales: LocaleSettings;
  loaders: Loaders;
}

/**
 * A request's context; without a deadline (tools, tests) its reads never time out, without an
 * access key callers of one role share one.
 */
export function createContext(base: Omit<GatewayContext, 'loaders' | 'deadline' | 'accessKey'> & { deadline?: Deadline; accessKey?: string }): GatewayContext {
  const deadline = base.deadline ?? Deadline.none();
  const store = withDeadline(base.store, deadline);
  const accessKey = base.accessKey ?? `role:${base.role.name}`;
  return { ...base, store, deadline, accessKey, loaders: createLoaders(base.model, store, base.role, { schedule: deadline.schedule }) };
}
