// A request that cannot run (syntax, validation, a limit, a variable) -> HTTP 400, as Strapi's Apollo answers.
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { withCode } from '../../../src/errors/map.ts';
import { requestLog } from './context.ts';

/**
 * A request that cannot run answers HTTP 400, as Strapi's Apollo server does (yoga answers 200 to
 * `Accept: application/json` for a syntax or validation error); a variable the schema's types
 * refuse is `BAD_USER_INPUT`, Strapi's code for it.
 */
export function requestErrorsAre400(): Plugin {
  return {
    onExecute: ({ args }) => ({
      onExecuteDone({ result, setResult }) {
        if (Symbol.asyncIterator in result || result.data !== undefined || !result.errors) return;
        setResult({ errors: result.errors.map((error) => withCode(error, 'BAD_USER_INPUT', requestLog(args.contextValue))) });
      },
    }),
    onResultProcess: httpStatus400,
  };
}

/** A result without data answers HTTP 400 unless an error names another status. */
const httpStatus400: NonNullable<Plugin['onResultProcess']> = ({ result }) => {
  if (Array.isArray(result) || Symbol.asyncIterator in result || result.data !== undefined) return;
  for (const error of result.errors ?? []) {
    if (!(error instanceof GraphQLError)) continue;
    const extensions = error.extensions as Record<string, unknown>;
    const http = extensions.http as { status?: number } | undefined;
    extensions.http = { ...http, spec: false, status: http?.status ?? 400 };
  }
};
