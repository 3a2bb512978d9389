// A validated document -> its executor compiled by graphql-jit, or undefined where compiling is
// not safe: graphql-jit generates code for a variable's input type by expanding it, without end
// for a recursive one such as `ArticleFiltersInput` (graphql-jit issue #81), so documents with
// such a variable run on graphql-js; so do documents of several operations. Compiled documents
// are kept for the documents used often (both protocols hand the same document object to each
// request of one shape: REST's plans, yoga's parser cache).
import { getNamedType, isInputObjectType, Kind, typeFromAST, type DocumentNode, type GraphQLInputObjectType, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';

/** How many compiled documents are kept; each is about 200 KB of generated code. */
export const COMPILED_DOCUMENTS = 100;
/**
 * Uses of a document before it is compiled (3 to 8 ms of work): a document seen once or twice,
 * such as a request varied on purpose, never costs a compilation.
 */
export const COMPILE_AFTER_USES = 3;

export class DocumentCompiler {
  private readonly uses = new WeakMap<DocumentNode, number>();
  private readonly compiled = new LRUCache<DocumentNode, CompiledQuery | 'not compilable'>({ max: COMPILED_DOCUMENTS });

  constructor(private readonly schema: GraphQLSchema) {}

  /** The document's compiled executor once it is used often, where compiling is safe; counts this use. */
  compiledFor(document: DocumentNode): CompiledQuery | undefined {
    const uses = (this.uses.get(document) ?? 0) + 1;
    this.uses.set(document, uses);
    if (uses < COMPILE_AFTER_USES) return undefined;
    let compiled = this.compiled.get(document);
    if (compiled === undefined) {
      compiled = compileDocument(this.schema, document) ?? 'not compilable';
      this.compiled.set(document, compiled);
    }
    return compiled === 'not compilable' ? undefined : compiled;
  }
}

export function compileDocument(schema: GraphQLSchema, document: DocumentNode): CompiledQuery | undefined {
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1) return undefined;
  for (const definition of operations) {
    for (const variable of definition.variableDefinitions ?? []) {
      const type = typeFromAST(schema, variable.type as never);
      const named = type && getNamedType(type);
      if (named && isInputObjectType(named) && reachesItself(named)) return undefined;
    }
  }
  const compiled = compileQuery(schema, document);
  return isCompiledQuery(compiled) ? compiled : undefined;
}

const recursive = new WeakMap<GraphQLInputObjectType, boolean>();

/** Whether an input object type holds itself, through any depth of its fields' types. */
function reachesItself(type: GraphQLInputObjectType): boolean {
  const known = recursive.get(type);
  if (known !== undefined) return known;
  const seen = new Set<GraphQLInputObjectType>();
  const pending = [type];
  let found = false;
  while (pending.length > 0 && !found) {
    for (const field of Object.values(pending.pop()!.getFields())) {
      const inner = getNamedType(field.type);
      if (!isInputObjectType(inner)) continue;
      if (inner === type) found = true;
      else if (!seen.has(inner)) {
        seen.add(inner);
        pending.push(inner);
      }
    }
  }
  recursive.set(type, found);
  return found;
}
