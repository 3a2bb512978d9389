// A validated document -> executed in the request scope made for it (projections, loaders), compiled when used often.
import { execute } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { projectionsFor } from '../../../src/graphql/projection.ts';
import { createScope, type RequestBase } from '../../../src/operations/scope.ts';
import type { GraphQLRouteDeps } from './context.ts';

/**
 * Each operation runs in a scope made for its document, once: the request's base with its reads
 * narrowed to what the document needs, and its own loaders. A document used often runs compiled
 * (graphql-jit, see src/graphql/compile.ts), any other on graphql-js's `execute`, as REST's do.
 * Not on yoga's own executor (@graphql-tools/executor): it builds each object in the order its
 * fields' promises settle, so an answer's field order followed the store's timing instead of the
 * selection set (GraphQL spec §7.2.2).
 */
export function scopedExecution(deps: GraphQLRouteDeps): Plugin {
  return {
    onExecute({ args, setExecuteFn }) {
      const base = args.contextValue as unknown as RequestBase;
      const scope = createScope(base, deps.projectReads ? projectionsFor(deps.model, args.schema, args.document) : undefined);
      const compiled = deps.compiler.compiledFor(args.document, args.variableValues ?? {});
      setExecuteFn((execution) =>
        compiled ? compiled.query(execution.rootValue, scope, execution.variableValues ?? {}) : execute({ ...execution, contextValue: scope }),
      );
    },
  };
}
