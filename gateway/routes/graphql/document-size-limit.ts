// A document's text past `maxDocumentBytes` -> a 413 before it is parsed.
import type { Plugin } from 'graphql-yoga';
import { PayloadTooLargeError } from '../../../src/errors/errors.ts';
import type { RequestLimits } from '../../../src/limits/request-limits.ts';
import { requestLog } from './context.ts';
import { requestError } from './request-error.ts';

/**
 * A document past `maxDocumentBytes` is refused before it is parsed (413): parsing it, and
 * holding it meanwhile, would cost in proportion to a length no token limit sees.
 */
export function documentSizeLimit(limits: RequestLimits): Plugin {
  return {
    onParams({ params, setResult, context }) {
      const { query } = params;
      // UTF-8 takes at most three bytes per UTF-16 unit: a short text needs no counting.
      if (typeof query !== 'string' || 3 * query.length <= limits.maxDocumentBytes) return;
      const bytes = Buffer.byteLength(query);
      if (bytes <= limits.maxDocumentBytes) return;
      const error = new PayloadTooLargeError(
        `The GraphQL document is ${bytes} bytes long, past the limit of ${limits.maxDocumentBytes} (maxDocumentBytes)`,
        { limit: 'maxDocumentBytes', maxDocumentBytes: limits.maxDocumentBytes, bytes },
      );
      setResult({ errors: [requestError(error, requestLog(context))] });
    },
  };
}
