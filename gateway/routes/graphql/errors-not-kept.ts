// An answer with errors -> marked so the response cache never serves it again.
import type { Plugin } from 'graphql-yoga';
import type { ServerContext } from './context.ts';

/**
 * An answer with errors is not served again from the response cache: a deadline or a failing
 * database is not the content's answer.
 */
export const errorsAreNotKept: Plugin<Record<string, unknown>, ServerContext> = {
  onResultProcess({ result, serverContext }) {
    const results = Array.isArray(result) ? result : [result];
    if (results.some((one) => Symbol.asyncIterator in one || (one.errors?.length ?? 0) > 0)) serverContext.exchange.uncacheable = true;
  },
};
