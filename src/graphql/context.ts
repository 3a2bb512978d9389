// The per-request context both protocols execute with: the model, the store's reads held to the
// request's deadline, the caller's role and a fresh set of DataLoaders. One is made per HTTP
// request, never shared between requests.
import type { Role } from '../auth/roles.ts';
import type { LocaleSettings } from '../auth/settings.ts';
import { Deadline } from '../limits/deadline.ts';
import type { ContentModel } from '../model/types.ts';
import { withDeadline } from '../store/deadline-store.ts';
import type { Doc, ReadStore } from '../store/store.ts';
import { createLoaders, type Loaders } from './loaders.ts';
import { Pacing } from './pacing.ts';
import type { Projections } from './projection.ts';

export interface GatewayContext {
  model: ContentModel;
  /** Reads stop once the deadline has passed. */
  store: ReadStore;
  role: Role;
  /** Who may share answers with this caller (the role, or an API token's own key): plans and caches are kept per key. */
  accessKey: string;
  deadline: Deadline;
  /** Holds a large answer's entries between slices of work; DataLoader batches wait for it. */
  pacing: Pacing;
  /** The logged-in user a users-permissions JWT names, for `me`. */
  user?: Doc;
  /** Set by REST's `/api/users/me` only: the user entry this request may read without findOne. */
  self?: number;
  locales: LocaleSettings;
  loaders: Loaders;
  /**
   * Set when reads are narrowed to the fields the document needs (MongoDB): the document's
   * projections, given once it is known (src/graphql/projection.ts).
   */
  projections?: { current?: Projections };
}

/**
 * A request's context; without a deadline (tools, tests) its reads never time out, without an
 * access key callers of one role share one.
 */
export function createContext(
  base: Omit<GatewayContext, 'loaders' | 'deadline' | 'pacing' | 'accessKey' | 'projections'> & { deadline?: Deadline; accessKey?: string; projectReads?: boolean },
): GatewayContext {
  const { projectReads, ...rest } = base;
  const deadline = base.deadline ?? Deadline.none();
  const projections = projectReads ? {} : undefined;
  const store = withDeadline(projections ? withProjections(base.store, projections) : base.store, deadline);
  const accessKey = base.accessKey ?? `role:${base.role.name}`;
  const pacing = new Pacing(deadline);
  return { ...rest, store, deadline, pacing, accessKey, projections, loaders: createLoaders(base.model, store, base.role, { schedule: pacing.schedule }) };
}

/** Finds that name no projection of their own read only the fields the current document needs. */
function withProjections(store: ReadStore, projections: { current?: Projections }): ReadStore {
  return {
    find: (collection, filter, options) => {
      const projection = options?.projection ? undefined : projections.current?.get(collection);
      return store.find(collection, filter, projection ? { ...options, projection } : options);
    },
    count: (collection, filter) => store.count(collection, filter),
    aggregate: (collection, pipeline) => store.aggregate(collection, pipeline),
  };
}
