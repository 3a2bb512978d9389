// Small constructors for graphql-js AST nodes, and the variables of one document: every user
// value enters a REST-built document through here, as a variable, never as text.
import { Kind } from 'graphql';
import type {
  ArgumentNode, FieldNode, InlineFragmentNode, SelectionNode, TypeNode, ValueNode,
  VariableDefinitionNode, VariableNode,
} from 'graphql';

export function name(value: string) {
  return { kind: Kind.NAME, value } as const;
}

export function field(fieldName: string, args: readonly ArgumentNode[] = [], selections?: readonly SelectionNode[]): FieldNode {
  return {
    kind: Kind.FIELD,
    name: name(fieldName),
    arguments: args,
    selectionSet: selections ? { kind: Kind.SELECTION_SET, selections } : undefined,
  };
}

export function inlineFragment(typeName: string, selections: readonly SelectionNode[]): InlineFragmentNode {
  return {
    kind: Kind.INLINE_FRAGMENT,
    typeCondition: { kind: Kind.NAMED_TYPE, name: name(typeName) },
    selectionSet: { kind: Kind.SELECTION_SET, selections },
  };
}

export function argument(argumentName: string, value: ValueNode): ArgumentNode {
  return { kind: Kind.ARGUMENT, name: name(argumentName), value };
}

export function namedType(typeName: string): TypeNode {
  return { kind: Kind.NAMED_TYPE, name: name(typeName) };
}

export function listType(item: TypeNode): TypeNode {
  return { kind: Kind.LIST_TYPE, type: item as Exclude<TypeNode, { kind: Kind.NON_NULL_TYPE }> };
}

/** An integer literal: only for bounds the façade itself sets, never for user values. */
export function intValue(value: number): ValueNode {
  return { kind: Kind.INT, value: String(value) };
}

export function objectValue(fields: Readonly<Record<string, ValueNode>>): ValueNode {
  return {
    kind: Kind.OBJECT,
    fields: Object.entries(fields).map(([key, value]) => ({ kind: Kind.OBJECT_FIELD, name: name(key), value })),
  };
}

/**
 * The variables of one operation. `add` declares a variable named after `hint` (made unique)
 * with its type and value, and returns the reference to put in an argument.
 */
export class Variables {
  readonly definitions: VariableDefinitionNode[] = [];
  readonly values: Record<string, unknown> = {};

  add(hint: string, type: TypeNode, value: unknown): VariableNode {
    const base = hint.replace(/[^_A-Za-z0-9]+/g, '_').replace(/^(?=[0-9])/, '_') || 'v';
    let variableName = base;
    for (let n = 2; variableName in this.values; n += 1) variableName = `${base}_${n}`;
    const variable: VariableNode = { kind: Kind.VARIABLE, name: name(variableName) };
    this.definitions.push({ kind: Kind.VARIABLE_DEFINITION, variable, type });
    this.values[variableName] = value;
    return variable;
  }
}
