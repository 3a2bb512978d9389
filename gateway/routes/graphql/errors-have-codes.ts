// Every error of an answer -> one carrying `extensions.code` (INTERNAL_SERVER_ERROR when nothing
// named one), as the README promises and Strapi's Apollo answers.
import type { Plugin } from 'graphql-yoga';
import { INTERNAL_SERVER_ERROR, withCode } from '../../../src/errors/map.ts';

/** The last word on an answer's errors: each names a code, whatever raised it. */
export function errorsHaveCodes(log: (e: unknown) => void): Plugin {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || Symbol.asyncIterator in result || !result.errors?.length) return;
      setResult({ ...result, errors: result.errors.map((error) => withCode(error, INTERNAL_SERVER_ERROR, log)) });
    },
  };
}
