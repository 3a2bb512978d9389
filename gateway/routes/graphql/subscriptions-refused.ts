// A `subscription` operation -> Strapi's refusal (its schema has no subscriptions): 400 with
// `extensions.code`, or over GET the 405 Strapi's Apollo gives every operation but a query.
import { GraphQLError, getOperationAST, OperationTypeNode, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { INTERNAL_SERVER_ERROR } from '../../../src/errors/map.ts';

/** Strapi v4.25's answer to a subscription (test/fixtures/writes/strapi-writes/09-graphql-subscription.json). */
function refusal(document: DocumentNode, operationName: string | null | undefined, request: Request | undefined): GraphQLError | undefined {
  const operation = getOperationAST(document, operationName);
  if (operation?.operation !== OperationTypeNode.SUBSCRIPTION) return undefined;
  if (request?.method === 'GET') {
    return new GraphQLError('GET supports only query operation', { extensions: { code: INTERNAL_SERVER_ERROR, http: { status: 405, headers: { allow: 'POST' } } } });
  }
  return new GraphQLError('Schema is not configured for subscriptions.', { nodes: [operation], extensions: { code: INTERNAL_SERVER_ERROR } });
}

/** Refuses a subscription before yoga runs it, whichever way it would (execute or subscribe). */
export const subscriptionsRefused: Plugin = {
  onExecute({ args, setResultAndStopExecution }) {
    const error = refusal(args.document, args.operationName, (args.contextValue as { request?: Request }).request);
    if (error) setResultAndStopExecution({ errors: [error] });
  },
  onSubscribe({ args, setResultAndStopExecution }) {
    const error = refusal(args.document, args.operationName, (args.contextValue as { request?: Request }).request);
    if (error) setResultAndStopExecution({ errors: [error] });
  },
};
