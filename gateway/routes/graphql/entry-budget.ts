// The validated document's filters, sorts and entry estimate -> refused before execution when past the limits.
import type { Plugin } from 'graphql-yoga';
import { checkEntryBudget } from '../../../src/graphql/cost.ts';
import { checkArgumentSizes } from '../../../src/limits/request-limits.ts';
import { requestLog, type GraphQLRouteDeps } from './context.ts';
import { requestError } from './request-error.ts';

/** Filters and sorts as large as REST allows, and the entry budget: checked on the validated document. */
export function entryBudget(deps: GraphQLRouteDeps): Plugin {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      try {
        checkArgumentSizes(args.schema, args.document, args.variableValues ?? undefined);
        checkEntryBudget(args.schema, await deps.costs(), deps.limits.maxEntries, args.document, args.variableValues ?? undefined, args.operationName);
      } catch (error) {
        setResultAndStopExecution({ errors: [requestError(error, requestLog(args.contextValue))] });
      }
    },
  };
}
