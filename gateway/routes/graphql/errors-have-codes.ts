// Every error of an answer -> one carrying `extensions.code` (INTERNAL_SERVER_ERROR when nothing
// named one), as the README promises and Strapi's Apollo answers; what a masked error hid is
// logged here, with the request's id.
import type { Plugin } from 'graphql-yoga';
import { INTERNAL_SERVER_ERROR, withCode } from '../../../src/errors/map.ts';
import { requestLog } from './context.ts';
import type { MaskedErrors } from './masked-errors.ts';

/** The last word on an answer's errors: each names a code, whatever raised it. */
export function errorsHaveCodes(masked: MaskedErrors): Plugin {
  return {
    onResultProcess({ result, setResult, serverContext }) {
      if (Array.isArray(result) || Symbol.asyncIterator in result || !result.errors?.length) return;
      const log = requestLog(serverContext);
      for (const error of result.errors) masked.report(error, log);
      setResult({ ...result, errors: result.errors.map((error) => withCode(error, INTERNAL_SERVER_ERROR, log)) });
    },
  };
}
