// Validation rules that bound what one document may ask for, so a hostile query is refused before
// it runs: nesting depth (each relation level costs three: field, data, attributes) and total
// field selections (alias flooding). Lists are already bounded by the maximum page size.
import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

export interface QueryLimits {
  maxDepth: number;
  maxFields: number;
}

/**
 * Twelve relation levels deep (each adds three: field, data, attributes; REST's populate stops
 * at ten), and far more fields than any real screen selects.
 */
export const DEFAULT_QUERY_LIMITS: QueryLimits = { maxDepth: 40, maxFields: 2000 };

export function queryLimitRule(limits: QueryLimits = DEFAULT_QUERY_LIMITS) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>(
      context.getDocument().definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
    );
    return {
      OperationDefinition(operation) {
        const measured = measure(operation.selectionSet, fragments, new Set());
        if (measured.depth > limits.maxDepth) {
          context.reportError(new GraphQLError(`Query is too deep: ${measured.depth} levels of fields, at most ${limits.maxDepth} are allowed`, { nodes: operation, extensions: { code: 'BAD_USER_INPUT' } }));
        }
        if (measured.fields > limits.maxFields) {
          context.reportError(new GraphQLError(`Query selects too many fields: ${measured.fields}, at most ${limits.maxFields} are allowed`, { nodes: operation, extensions: { code: 'BAD_USER_INPUT' } }));
        }
      },
    };
  };
}

function measure(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, visiting: Set<string>): { depth: number; fields: number } {
  let depth = 0;
  let fields = 0;
  for (const selection of set.selections) {
    let inner: { depth: number; fields: number } = { depth: 0, fields: 0 };
    if (selection.kind === Kind.FIELD) {
      fields += 1;
      if (selection.selectionSet) inner = measure(selection.selectionSet, fragments, visiting);
      depth = Math.max(depth, inner.depth + 1);
    } else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value);
      // A fragment spread cycle is reported by graphql-js's own rules; do not loop on it here.
      if (!fragment || (selection.kind === Kind.FRAGMENT_SPREAD && visiting.has(selection.name.value))) continue;
      if (selection.kind === Kind.FRAGMENT_SPREAD) visiting.add(selection.name.value);
      inner = measure(fragment.selectionSet, fragments, visiting);
      if (selection.kind === Kind.FRAGMENT_SPREAD) visiting.delete(selection.name.value);
      depth = Math.max(depth, inner.depth);
    }
    fields += inner.fields;
  }
  return { depth, fields };
}
