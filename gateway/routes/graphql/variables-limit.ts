// Variables nested too deep or holding too many values -> refused before the schema coerces them.
import type { Plugin } from 'graphql-yoga';
import { checkVariablesSize, type RequestLimits } from '../../../src/limits/request-limits.ts';
import { requestLog } from './context.ts';
import { requestError } from './request-error.ts';

/** Variables too deep or too many for the schema's coercion, which recurses, are refused first. */
export function variablesLimit(limits: RequestLimits): Plugin {
  return {
    onParams({ params, setResult, context }) {
      try {
        checkVariablesSize(params.variables, limits);
      } catch (error) {
        setResult({ errors: [requestError(error, requestLog(context))] });
      }
    },
  };
}
