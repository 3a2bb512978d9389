// Small builders for type-definition AST nodes, so the schema is assembled as a DocumentNode
// from names the naming module produced, never by concatenating SDL text.
import {
  Kind,
  parseConstValue,
  parseType,
  type ConstValueNode,
  type DefinitionNode,
  type EnumTypeDefinitionNode,
  type FieldDefinitionNode,
  type InputObjectTypeDefinitionNode,
  type InputValueDefinitionNode,
  type NameNode,
  type ObjectTypeDefinitionNode,
  type ScalarTypeDefinitionNode,
  type UnionTypeDefinitionNode,
} from 'graphql';
import { assertName } from 'graphql';

const name = (value: string): NameNode => ({ kind: Kind.NAME, value: assertName(value) });

/** An argument or input field: `name: Type = default`. `type` is a type expression such as `[String]!`. */
export function inputValue(fieldName: string, type: string, defaultValue?: string): InputValueDefinitionNode {
  return {
    kind: Kind.INPUT_VALUE_DEFINITION,
    name: name(fieldName),
    type: parseType(type),
    defaultValue: defaultValue === undefined ? undefined : (parseConstValue(defaultValue) as ConstValueNode),
  };
}

export function field(fieldName: string, type: string, args: InputValueDefinitionNode[] = []): FieldDefinitionNode {
  return { kind: Kind.FIELD_DEFINITION, name: name(fieldName), type: parseType(type), arguments: args };
}

export function objectType(typeName: string, fields: FieldDefinitionNode[]): ObjectTypeDefinitionNode {
  return { kind: Kind.OBJECT_TYPE_DEFINITION, name: name(typeName), fields };
}

export function inputType(typeName: string, fields: InputValueDefinitionNode[]): InputObjectTypeDefinitionNode {
  return { kind: Kind.INPUT_OBJECT_TYPE_DEFINITION, name: name(typeName), fields };
}

export function unionType(typeName: string, members: string[]): UnionTypeDefinitionNode {
  return {
    kind: Kind.UNION_TYPE_DEFINITION,
    name: name(typeName),
    types: members.map((m) => ({ kind: Kind.NAMED_TYPE, name: name(m) })),
  };
}

export function enumType(typeName: string, values: string[]): EnumTypeDefinitionNode {
  return {
    kind: Kind.ENUM_TYPE_DEFINITION,
    name: name(typeName),
    values: values.map((v) => ({ kind: Kind.ENUM_VALUE_DEFINITION, name: name(v) })),
  };
}

export function scalarType(typeName: string): ScalarTypeDefinitionNode {
  return { kind: Kind.SCALAR_TYPE_DEFINITION, name: name(typeName) };
}

export type Definition = DefinitionNode;
