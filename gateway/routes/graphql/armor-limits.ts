// GraphQL Armor's plugins: the document's tokens, depth, aliases and directives bounded before it runs.
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { GraphQLError, type ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { RequestLimits } from '../../../src/limits/request-limits.ts';

/** GraphQL Armor's limits on the document; a refusal is a 400 naming the limit passed. */
export function documentLimits(limits: RequestLimits): Plugin[] {
  // Armor reports its limits as syntax errors; they are the caller's to fix, as BAD_USER_INPUT.
  const refuse = (setting: keyof RequestLimits) => (context: ValidationContext | null, error: GraphQLError) => {
    const refusal = new GraphQLError(`${error.message.replace(/^Syntax Error: /, '')} (${setting})`, {
      extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
    });
    if (context) context.reportError(refusal);
    else throw refusal;
  };
  const common = { exposeLimits: true, propagateOnRejection: false } as const;
  return [
    maxTokensPlugin({ n: limits.maxTokens, ...common, onReject: [refuse('maxTokens')] }),
    maxDepthPlugin({ n: limits.maxDepth, flattenFragments: true, ignoreIntrospection: true, ...common, onReject: [refuse('maxDepth')] }),
    maxAliasesPlugin({ n: limits.maxAliases, ...common, onReject: [refuse('maxAliases')] }),
    maxDirectivesPlugin({ n: limits.maxDirectives, ...common, onReject: [refuse('maxDirectives')] }),
  ];
}
