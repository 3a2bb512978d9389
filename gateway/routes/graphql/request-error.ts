// Our errors met before execution -> GraphQL errors in Strapi's codes, with the HTTP status yoga answers.
import type { GraphQLError } from 'graphql';
import { toGraphQLRequestError } from '../../../src/errors/map.ts';

/** A refusal before execution: our error in Strapi's codes, answered with HTTP `status`. */
export function requestError(error: unknown, log: (e: unknown) => void): GraphQLError {
  return toGraphQLRequestError(error, log).error;
}
