// A document the façade built -> its text, compact: the key under which plans of one shape share
// one document (plan.ts). graphql's `print` spends 15-60 µs on a façade document (a visitor that
// calls a function for each node and joins arrays at each level), and a request whose values
// differ from every earlier one (a page, an id, a filter value) pays it. This writes the node
// kinds ast.ts builds straight into one string; a document holding any other kind (a directive,
// a fragment definition) is printed by graphql. The text parses back to the same document.
import { Kind, print, type ASTNode, type DocumentNode } from 'graphql';

/** `document` as compact GraphQL text. */
export function documentText(document: DocumentNode): string {
  const text = write(document);
  return text === undefined ? print(document) : text;
}

/** The node's text, or undefined when it (or a node inside it) is of a kind the façade never builds. */
function write(node: ASTNode): string | undefined {
  switch (node.kind) {
    case Kind.DOCUMENT:
      return all(node.definitions, ' ');
    case Kind.OPERATION_DEFINITION: {
      if (node.directives?.length) return undefined;
      const variables = node.variableDefinitions?.length ? all(node.variableDefinitions, ',') : '';
      const selections = write(node.selectionSet);
      if (variables === undefined || selections === undefined) return undefined;
      return `${node.operation}${node.name ? ` ${node.name.value}` : ''}${variables ? `(${variables})` : ''}${selections}`;
    }
    case Kind.VARIABLE_DEFINITION: {
      if (node.directives?.length || node.defaultValue) return undefined;
      const type = write(node.type);
      return type === undefined ? undefined : `$${node.variable.name.value}:${type}`;
    }
    case Kind.SELECTION_SET: {
      const selections = all(node.selections, ' ');
      return selections === undefined ? undefined : `{${selections}}`;
    }
    case Kind.FIELD: {
      if (node.directives?.length) return undefined;
      const args = node.arguments?.length ? all(node.arguments, ',') : '';
      const selections = node.selectionSet ? write(node.selectionSet) : '';
      if (args === undefined || selections === undefined) return undefined;
      return `${node.alias ? `${node.alias.value}:` : ''}${node.name.value}${args ? `(${args})` : ''}${selections}`;
    }
    case Kind.INLINE_FRAGMENT: {
      if (node.directives?.length) return undefined;
      const selections = write(node.selectionSet);
      return selections === undefined ? undefined : `...${node.typeCondition ? ` on ${node.typeCondition.name.value}` : ''}${selections}`;
    }
    default:
      return writeValueOrType(node);
  }
}

/** An argument's or a variable's side: values, variables and types. */
function writeValueOrType(node: ASTNode): string | undefined {
  switch (node.kind) {
    case Kind.ARGUMENT:
    case Kind.OBJECT_FIELD: {
      const value = write(node.value);
      return value === undefined ? undefined : `${node.name.value}:${value}`;
    }
    case Kind.VARIABLE:
      return `$${node.name.value}`;
    case Kind.NAMED_TYPE:
      return node.name.value;
    case Kind.LIST_TYPE:
    case Kind.LIST: {
      const items = node.kind === Kind.LIST ? all(node.values, ',') : write(node.type);
      return items === undefined ? undefined : `[${items}]`;
    }
    case Kind.NON_NULL_TYPE: {
      const type = write(node.type);
      return type === undefined ? undefined : `${type}!`;
    }
    case Kind.OBJECT: {
      const fields = all(node.fields, ',');
      return fields === undefined ? undefined : `{${fields}}`;
    }
    case Kind.INT:
    case Kind.FLOAT:
    case Kind.ENUM:
      return node.value;
    case Kind.BOOLEAN:
      return String(node.value);
    case Kind.NULL:
      return 'null';
    // JSON's escapes are GraphQL's, and two strings never share one text.
    case Kind.STRING:
      return JSON.stringify(node.value);
    default:
      return undefined;
  }
}

/** The nodes' texts joined by `separator`, or undefined when one has none. */
function all(nodes: readonly ASTNode[], separator: string): string | undefined {
  let text = '';
  for (let index = 0; index < nodes.length; index += 1) {
    const written = write(nodes[index]!);
    if (written === undefined) return undefined;
    text += index === 0 ? written : separator + written;
  }
  return text;
}
