// A validated document -> its executor compiled by graphql-jit, or undefined where compiling is
// not possible (a document of several operations, or one graphql-jit refuses). graphql-jit
// generates the code that coerces a variable by expanding its input type, without end for a
// recursive one such as `ArticleFiltersInput` (graphql-jit issue #81), and leaves out the default
// of an input field (`UsersPermissionsLoginInput.provider = "local"`), then refuses the variable.
// Such variables are handed to graphql-jit as the opaque `JSON` scalar instead, and coerced by graphql-js before each run,
// exactly as graphql-js would coerce them itself; graphql-jit places a variable's value into the
// argument as it is. Compiled documents are kept for the documents used often (both protocols
// hand the same document object to each request of one shape: REST's plans, yoga's parser cache),
// within a bound in bytes; a document whose text is past the size kept is never compiled.
import {
  getNamedType,
  isInputObjectType,
  isScalarType,
  Kind,
  typeFromAST,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLInputObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type TypeNode,
} from 'graphql';
import { getVariableValues } from 'graphql/execution/values.js';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import type { LRUCache } from 'lru-cache';
import { deepFreeze } from '../deep-freeze.ts';
import { type CacheSize, byteBoundedCache, sizeOf } from '../limits/byte-cache.ts';
import { documentBytes, isKeptSize } from './document-cache.ts';

/** Heap bytes of a compiled document beside its document and code: graphql-jit's own objects. */
const COMPILED_BASE_BYTES = 16 * 1024;
/**
 * Uses of a document before it is compiled (3 to 8 ms of work): a document seen once or twice,
 * such as a request varied on purpose, never costs a compilation.
 */
export const COMPILE_AFTER_USES = 3;
/** The scalar a recursive variable is typed as for graphql-jit: every Strapi schema has it, and it takes any value as it is. */
const OPAQUE_SCALAR = 'JSON';

/** A compiled document: runs with the request's variables as sent, as graphql-js's `execute` would. */
export interface CompiledDocument {
  /**
   * Whether these variables run compiled. graphql-jit sets a variable that was not given to null
   * where it sits inside a literal (`{ title: $s }`), where GraphQL leaves the field out; so a
   * document runs compiled only when every variable without a default value is given.
   */
  runs(variables: Record<string, unknown>): boolean;
  query(root: unknown, context: unknown, variables: Record<string, unknown>): Promise<ExecutionResult> | ExecutionResult;
}

export interface CompilerBounds {
  /** Bytes of compiled documents kept at most, their documents included (an estimate, see {@link documentBytes}). */
  readonly maxBytes: number;
  /** A document whose text is longer (UTF-8 bytes) is never compiled. */
  readonly maxDocumentBytes: number;
}

export class DocumentCompiler {
  private readonly uses = new WeakMap<DocumentNode, number>();
  private readonly compiled: LRUCache<DocumentNode, CompiledDocument | 'not compilable'>;

  constructor(private readonly schema: GraphQLSchema, private readonly bounds: CompilerBounds) {
    // The key keeps the document alive, and the generated code grows with it: the document counts twice.
    this.compiled = byteBoundedCache(bounds.maxBytes, (compiled, document) => COMPILED_BASE_BYTES + (compiled === 'not compilable' ? 1 : 2) * documentBytes(document));
  }

  /** The compiled documents' bytes now, and the bound. */
  size(): CacheSize {
    return sizeOf(this.compiled);
  }

  /** The document's compiled executor once it is used often, where compiling is possible and it runs these variables; counts this use. */
  compiledFor(document: DocumentNode, variables: Record<string, unknown>): CompiledDocument | undefined {
    const uses = (this.uses.get(document) ?? 0) + 1;
    this.uses.set(document, uses);
    if (uses < COMPILE_AFTER_USES) return undefined;
    let compiled = this.compiled.get(document);
    if (compiled === undefined) {
      const source = document.loc?.source.body;
      if (source !== undefined && !isKeptSize(source, this.bounds.maxDocumentBytes)) return undefined;
      compiled = compileDocument(this.schema, document) ?? 'not compilable';
      this.compiled.set(document, compiled);
    }
    return compiled === 'not compilable' || !compiled.runs(variables) ? undefined : compiled;
  }
}

export function compileDocument(schema: GraphQLSchema, document: DocumentNode): CompiledDocument | undefined {
  const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1) return undefined;
  const [operation] = operations;
  const definitions = operation.variableDefinitions ?? [];
  const recursive = definitions.filter((definition) => {
    const named = getNamedType(typeFromAST(schema, definition.type as never));
    return named !== undefined && isInputObjectType(named) && (isRecursive(named) || hasFieldDefault(named));
  });
  if (recursive.length > 0 && !isScalarType(schema.getType(OPAQUE_SCALAR))) return undefined;
  const opaque = new Set(recursive);
  const forJit: DocumentNode = recursive.length === 0 ? document : {
    ...document,
    definitions: document.definitions.map((definition) =>
      definition !== operation ? definition : { ...operation, variableDefinitions: definitions.map((one) => (opaque.has(one) ? { ...one, type: opaqueType(one.type) } : one)) },
    ),
  };
  const compiled = compileQuery(schema, forJit);
  if (!isCompiledQuery(compiled)) return undefined;
  const required = definitions.filter((definition) => definition.defaultValue === undefined).map((definition) => definition.variable.name.value);
  const runs = (variables: Record<string, unknown>) => required.every((name) => variables[name] !== undefined);
  if (recursive.length === 0) return { runs, query: (root, context, variables) => compiled.query(root, context, variables) };
  const names = recursive.map((definition) => definition.variable.name.value);
  // A REST plan hands the same (never modified) variables object to every request of its shape: coerced once.
  const coercions = new WeakMap<Record<string, unknown>, ReturnType<typeof getVariableValues>>();
  return {
    runs,
    query(root, context, variables) {
      // graphql-js coerces every variable (and reports errors as execute would); graphql-jit gets the opaque ones coerced.
      let coerced = coercions.get(variables);
      if (!coerced) {
        coerced = getVariableValues(schema, definitions, variables);
        // Shared by every request of the plan: frozen, so no resolver can change them for the next.
        if (coerced.coerced) deepFreeze(coerced.coerced);
        coercions.set(variables, coerced);
      }
      if (coerced.errors) return { errors: coerced.errors };
      const given = { ...variables };
      for (const name of names) {
        if (name in coerced.coerced) given[name] = coerced.coerced[name];
        else delete given[name];
      }
      return compiled.query(root, context, given);
    },
  };
}

/** The type with its named type replaced by the opaque scalar, its list and non-null wrappers kept. */
function opaqueType(type: TypeNode): TypeNode {
  if (type.kind === Kind.NAMED_TYPE) return { ...type, name: { ...type.name, value: OPAQUE_SCALAR } };
  return { ...type, type: opaqueType(type.type) } as TypeNode;
}

/** Whether an input object type, or one inside it, has a field with a default value (which graphql-jit does not apply). */
function hasFieldDefault(type: GraphQLInputObjectType, seen = new Set<GraphQLInputObjectType>()): boolean {
  if (seen.has(type)) return false;
  seen.add(type);
  return Object.values(type.getFields()).some((field) => {
    if (field.defaultValue !== undefined) return true;
    const inner = getNamedType(field.type);
    return isInputObjectType(inner) && hasFieldDefault(inner, seen);
  });
}

const recursiveTypes = new WeakMap<GraphQLInputObjectType, boolean>();

/** Whether expanding an input object type's fields, at any depth, meets a type already being expanded. */
function isRecursive(type: GraphQLInputObjectType, expanding = new Set<GraphQLInputObjectType>()): boolean {
  const known = recursiveTypes.get(type);
  if (known !== undefined) return known;
  if (expanding.has(type)) return true;
  expanding.add(type);
  let found = false;
  for (const field of Object.values(type.getFields())) {
    const inner = getNamedType(field.type);
    if (isInputObjectType(inner) && isRecursive(inner, expanding)) {
      found = true;
      break;
    }
  }
  expanding.delete(type);
  recursiveTypes.set(type, found);
  return found;
}
