// A mutation -> its answer marked so the response cache never keeps it.
import { getOperationAST, OperationTypeNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { ServerContext } from './context.ts';

/** A mutation's answer is never kept, so an identical mutation runs again instead of being answered from the cache. */
export const mutationsAreNotKept: Plugin<Record<string, unknown>, ServerContext> = {
  onExecute({ args }) {
    const { exchange } = args.contextValue as Partial<ServerContext>;
    if (exchange && getOperationAST(args.document, args.operationName)?.operation === OperationTypeNode.MUTATION) exchange.uncacheable = true;
  },
};
