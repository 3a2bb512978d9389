// What the /graphql route is built from (the gateway's parts), and what the edge hands yoga with
// each request: the types its plugins read.
import type { GraphQLSchema } from 'graphql';
import type { CostModel } from '../../../src/graphql/cost.ts';
import type { DocumentCompiler } from '../../../src/graphql/compile.ts';
import type { DocumentCache } from '../../../src/graphql/document-cache.ts';
import type { RequestLimits } from '../../../src/limits/request-limits.ts';
import type { ContentModel } from '../../../src/model/types.ts';
import type { RequestBase } from '../../../src/operations/scope.ts';
import type { Uploads } from '../../../src/upload/store-file.ts';
import type { Exchange } from '../../http/pipeline.ts';

export interface GraphQLRouteDeps {
  model: ContentModel;
  schema: GraphQLSchema;
  /** The request's base (caller, rights, locales, deadline), read once at the edge. */
  baseFor(request: Request, exchange: Exchange): Promise<RequestBase>;
  /** Reads the caller's credentials (once per exchange, shared with `baseFor`); rejects as they are refused. */
  credentials(request: Request, exchange: Exchange): Promise<unknown>;
  /** Read only the fields a document needs (MongoDB); whole documents otherwise. */
  projectReads?: boolean;
  limits: RequestLimits;
  /** The entry estimate's model, bounded by the data as last measured. */
  costs(): Promise<CostModel>;
  /** Compiles documents used often; shared with REST. */
  compiler: DocumentCompiler;
  /** Parsed and validated documents, by their text. */
  documents: DocumentCache;
  /** Whether a browser asking GET /graphql gets GraphiQL. */
  graphiql: boolean;
  /** GraphiQL's first query, before the user typed any. */
  defaultQuery?: string;
  /** Where uploaded files go, and the limits of a multipart request; multipart requests are refused when absent. */
  uploads?: Uploads;
}

/** What the edge hands yoga with each request. */
export interface ServerContext {
  exchange: Exchange;
  /** A multipart request's operations, its files in place (multipart-uploads.ts). */
  uploaded?: unknown;
}

/**
 * The request's error log, from the context yoga hands a plugin (the edge's exchange is in every
 * one the gateway makes); standard error for a request made without the edge.
 */
export function requestLog(context: unknown): (error: unknown) => void {
  return (context as Partial<ServerContext> | undefined)?.exchange?.log ?? console.error;
}
