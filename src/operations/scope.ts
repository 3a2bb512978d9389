// A request's scope: what every operation of one request runs with. Built in two steps, each once
// and never assigned to afterwards: the base at the edge (who calls, with which rights, locales,
// deadline and pacing), then, once the document is known, the scope (the store held to the
// deadline and narrowed to the document's fields, and the request's own DataLoaders).
import type { Access } from '../access/access.ts';
import type { LocaleSettings } from '../auth/settings.ts';
import { createLoaders, type Loaders } from '../query/loaders.ts';
import { Pacing } from '../query/pacing.ts';
import type { PublicationState } from '../query/read.ts';
import { Deadline } from '../limits/deadline.ts';
import type { ContentModel } from '../model/types.ts';
import type { CollectionReads } from '../store/collection-reads.ts';
import { withDeadline } from '../store/deadline-store.ts';
import type { Doc, ReadStore } from '../store/store.ts';
import type { Uploads } from '../upload/store-file.ts';
import { withProjections, type Projections } from '../query/projection.ts';
import type { AuthServices } from './auth/services.ts';
import type { EventCaller } from './events.ts';
import type { Writer } from './write/writer.ts';

/** What a request brings, read once at the edge. */
export interface RequestBase {
  readonly model: ContentModel;
  /** The gateway's store; the scope's own is held to the deadline. */
  readonly store: ReadStore;
  /** What the caller may do and read (src/access/access.ts). */
  readonly access: Access;
  /** Who may share answers with this caller (its role, or an API token's own key): plans and caches are kept per key. */
  readonly accessKey: string;
  /** The logged-in user a users-permissions JWT names, for `me`. */
  readonly user?: Doc;
  /** REST's `/api/users/me` only: the user entry this request may read without `findOne`. */
  readonly self?: number;
  readonly locales: LocaleSettings;
  readonly deadline: Deadline;
  /** Holds a large answer's entries between slices of work; DataLoader batches wait for it. */
  readonly pacing: Pacing;
  /** The store's write side; absent where nothing may be written (tools). */
  readonly writer?: Writer;
  /** users-permissions' services (JWTs, mail, its settings, the auth limit); absent where nobody signs in (tools). */
  readonly auth?: AuthServices;
  /** Who the request comes from, as per-client limits count it (its address, as `trustProxy` says). */
  readonly client?: string;
  /** Where uploaded files are stored, and how; absent where none may be uploaded (tools). */
  readonly uploads?: Uploads;
}

/** Everything an operation runs with. */
export interface RequestScope extends RequestBase {
  /** Reads stop once the deadline has passed; narrowed to the document's fields when projections were given. */
  readonly store: ReadStore;
  readonly loaders: Loaders;
  /**
   * REST's `publicationState` (LIVE unless asked), the state of the whole request: it holds where
   * a GraphQL field takes no such argument (a root or relation field of a type without drafts), so
   * a relation filter there sees drafts in the preview as populate does. Undefined for GraphQL
   * requests, whose fields read in the state of their branch (src/graphql/resolve/branch-state.ts).
   */
  readonly publicationState?: PublicationState;
}

/**
 * The base of a request; without a deadline (tools, tests) its reads never time out. With `reads`,
 * every read of the request is recorded there (what the response cache tags a kept answer with).
 */
export function requestBase(
  base: Omit<RequestBase, 'deadline' | 'pacing' | 'accessKey'> & { deadline?: Deadline; accessKey?: string; reads?: CollectionReads },
): RequestBase {
  const { reads, ...rest } = base;
  const deadline = rest.deadline ?? Deadline.none();
  const store = reads ? reads.recording(rest.store) : rest.store;
  return Object.freeze({ ...rest, store, deadline, pacing: new Pacing(deadline), accessKey: rest.accessKey ?? `role:${rest.access.role}` });
}

/** The scope one document runs in; `projections` narrow its finds to the fields the document needs. */
export function createScope(base: RequestBase, projections?: Projections, publicationState?: PublicationState): RequestScope {
  const store = withDeadline(projections ? withProjections(base.store, projections) : base.store, base.deadline);
  const loaders = createLoaders(base.model, store, base.access, { schedule: base.pacing.schedule, publicationState });
  return Object.freeze({ ...base, store, loaders, publicationState });
}

/** Who runs a request's operations, as its lifecycle events name the caller. */
export function eventCaller(base: Pick<RequestBase, 'access' | 'user'>): EventCaller {
  return base.user ? { role: base.access.role, userId: base.user.id } : { role: base.access.role };
}
