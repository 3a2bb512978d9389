// An execution result -> its JSON written in slices within the request's deadline, or the 503 alone.
import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { stringifyInSlices } from '../../../src/limits/stringify.ts';
import type { RequestBase } from '../../../src/operations/scope.ts';
import { requestLog } from './context.ts';
import { requestError } from './request-error.ts';

/**
 * The answer's JSON written in slices, within the deadline. Past the deadline, or when the client
 * left, the answer is a 503 alone: whatever part was resolved is dropped, not sent half-done.
 */
export function slicedAnswer(): Plugin {
  return {
    async onExecutionResult({ result, setResult, context }) {
      const { deadline, pacing } = context as Partial<RequestBase>;
      if (!deadline || !result || Symbol.asyncIterator in result) return;
      const single = result as ExecutionResult;
      try {
        deadline.check();
        if (single.data == null) return;
        const data = await stringifyInSlices(single.data, { deadline, entries: pacing?.entries });
        setResult({ ...single, stringify: (sanitized: ExecutionResult) => withData(sanitized, data) });
      } catch (error) {
        setResult({ errors: [requestError(deadline.passed ? deadline.reason : error, requestLog(context))] });
      }
    },
  };
}

/** `result` as JSON with `data` already written: yoga's sanitised errors first, as graphql-js orders them. */
function withData(result: ExecutionResult, data: string): string {
  const { data: _written, ...rest } = result as ExecutionResult & { stringify?: unknown };
  const head = JSON.stringify(rest);
  return head === '{}' ? `{"data":${data}}` : `${head.slice(0, -1)},"data":${data}}`;
}
