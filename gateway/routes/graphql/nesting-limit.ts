// A document nested past the limit -> refused before the (recursive) parser sees it.
import type { Plugin } from 'graphql-yoga';
import { checkDocumentNesting, type RequestLimits } from '../../../src/limits/request-limits.ts';
import { requestLog } from './context.ts';
import { requestError } from './request-error.ts';

/** A document nested too deep for the parser, which recurses, is refused before it is parsed. */
export function nestingLimit(limits: RequestLimits): Plugin {
  return {
    onParse({ params, context }) {
      try {
        checkDocumentNesting(typeof params.source === 'string' ? params.source : params.source.body, limits.maxNesting);
      } catch (error) {
        throw requestError(error, requestLog(context));
      }
    },
  };
}
