// The content API's route table: every HTTP route under /api is a row saying its method and path,
// the permission action it needs (Strapi's name), what it does (read entries, write an entry, or
// run any other operation) and how it is documented. The router, a 405's `Allow`, the OpenAPI
// document and the access check all read these rows; adding a route is adding a row.
import type { Access } from '../access/access.ts';
import type { ContentModel, ContentType } from '../model/types.ts';
import type { Operation } from '../operations/operation.ts';
import type { OperationResult } from '../operations/run.ts';
import type { ReceivedFile } from '../upload/multipart.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How a read's answer is shaped: `entries` in Strapi's `{ data, meta }` envelope; `files` and
 * `users` as plain objects, as the upload and users-permissions plugins answer.
 */
export type ReadShape = 'entries' | 'files' | 'users';

/** What a read route reads: a page of entries, one by its `:id`, a single type's entry, or the logged-in user. */
export type ReadKind = 'findMany' | 'findOne' | 'findSingle' | 'me';

export type WriteKind = 'create' | 'update' | 'delete' | 'createLocalization';

/** What a route's request brings, read at the protocol's edge. */
export interface CallInput {
  /** The path's parameters (`:id`), decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** The query string, parsed as Strapi parses it (qs). */
  readonly query: Readonly<Record<string, unknown>>;
  /**
   * The body: parsed JSON, or `{}` when there is none. A `multipart` row's multipart body gives its
   * text fields here (`{ name: value }`, a name sent several times: the list of its values).
   */
  readonly body: unknown;
  /** The caller's rights, for a row that reads the query string's names as REST does (users' count). */
  readonly rights: CallRights;
  /** A `multipart` row's files, streamed to temporary files the edge removes after the call; none otherwise. */
  readonly files: readonly ReceivedFile[];
}

/** What the caller may read: the model and its access. */
export interface CallRights {
  readonly model: ContentModel;
  readonly access: Pick<Access, 'may' | 'readable'>;
}

/** What a call's answer is made with besides the operation's result. */
export interface AnswerContext {
  /** What the caller may read of the result. */
  readonly rights: CallRights;
  /** Reads back an entry the call wrote, as a GET of it answers it. */
  readonly read: ReadBack;
  /** What the row's `before` read, when it has one. */
  readonly before?: unknown;
}

/** A call's answer other than a 200 with a JSON body: another status, a redirect, headers. */
export class CallReply {
  /** @param body JSON of the answer; a string for a `text` reply; undefined for none (204). */
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly kind: 'json' | 'text' = 'json',
  ) {}

  /** A 302 to `location`, answered as Koa answers Strapi's `ctx.redirect` (`Redirecting to /.`). */
  static redirect(location: string): CallReply {
    const shown = location.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    return new CallReply(302, `Redirecting to ${shown}.`, { location, 'content-type': 'text/html; charset=utf-8' }, 'text');
  }
}

/**
 * How a call's body is read: `json` (the default) within the gateway's body limit; `multipart`
 * streams a multipart/form-data body's files to temporary files within the upload limits (any
 * other body is read as `json`).
 */
export type CallBody = 'json' | 'multipart';

/** Reads back an entry a call wrote, as a GET of it on a row of `shape` answers it, for the caller. */
export type ReadBack = (target: ContentType, shape: ReadShape, id: number) => Promise<unknown>;

export type RouteHandler =
  /** Entries read through a GraphQL document on the schema (src/rest), shaped as `shape` says. */
  | { readonly kind: 'read'; readonly target: ContentType; readonly read: ReadKind; readonly shape: ReadShape }
  /** An entry written, then read back as a GET of it would read it. */
  | { readonly kind: 'write'; readonly target: ContentType; readonly write: WriteKind }
  /** Any other operation: built from the request, run by the operation layer, its result answered as `answer` makes it. */
  | {
    readonly kind: 'call';
    operation(input: CallInput): Operation;
    /** The answer's JSON body (a 200), or a {@link CallReply}. */
    answer(result: OperationResult, context: AnswerContext): unknown | Promise<unknown>;
    /** Reads what the answer shows before the operation runs (a delete answers the entry as it was). */
    before?(input: CallInput, read: ReadBack): Promise<unknown>;
    readonly body?: CallBody;
    readonly doc: CallDoc;
  };

/** How a call appears in the OpenAPI document (reads and writes are documented from their content-type). */
export interface CallDoc {
  readonly operationId: string;
  readonly summary: string;
  readonly tag: string;
  /** JSON Schemas of the request body (none: the call takes no body) and of the answer. */
  readonly requestBody?: Readonly<Record<string, unknown>>;
  readonly response: Readonly<Record<string, unknown>>;
  /** The status of a successful answer (201 for a new user, 302 for a redirect); 200 when absent. */
  readonly status?: number;
  /** Counted against the per-client auth limit (429 past it). */
  readonly limited?: boolean;
}

export interface RouteRow {
  readonly method: Method;
  /** Under the origin, `:name` for a parameter: `/api/articles/:id`. A parameter named `id` is a positive integer. */
  readonly path: string;
  /** The permission action the caller needs, by Strapi's name (`api::article.article.find`). */
  readonly action: string;
  readonly handler: RouteHandler;
}

export type RouteTable = readonly RouteRow[];
