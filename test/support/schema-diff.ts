// Two GraphQL schemas -> every difference a client could see between them, walked from the root
// fields of Query and Mutation: root fields, then each type they reach, with its fields,
// arguments (type and default), input fields, union members and enum values, in both directions.
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  print,
  astFromValue,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
} from 'graphql';

export interface SchemaDiff {
  /** Everything compared: root fields, types, fields, arguments, input fields, members, values. */
  readonly compared: number;
  /** One line per difference: `Query.article(publicationState): absent from Strapi's schema`. */
  readonly differences: string[];
}

type Walked = Pick<GraphQLField<unknown, unknown>, 'name' | 'type' | 'args'> | GraphQLInputField;

/** Compares `ours` with `theirs` (Strapi's) from the root fields of Query and Mutation. */
export function diffSchemas(theirs: GraphQLSchema, ours: GraphQLSchema): SchemaDiff {
  const differences: string[] = [];
  let compared = 0;
  const seen = new Set<string>();
  const queue: string[] = [];
  const reach = (type: GraphQLType) => {
    const named = getNamedType(type).name;
    if (!seen.has(named)) queue.push(named), seen.add(named);
  };
  const sameMembers = (where: string, a: readonly string[], b: readonly string[], what: string) => {
    compared += new Set([...a, ...b]).size;
    for (const name of a.filter((x) => !b.includes(x))) differences.push(`${where}${what}${name}: absent from ours`);
    for (const name of b.filter((x) => !a.includes(x))) differences.push(`${where}${what}${name}: absent from Strapi's schema`);
  };
  const compareFields = (owner: string, a: Record<string, Walked>, b: Record<string, Walked>) => {
    sameMembers(owner, Object.keys(a), Object.keys(b), '.');
    for (const [name, theirField] of Object.entries(a)) {
      const ourField = b[name];
      reach(theirField.type);
      if (!ourField) continue;
      if (String(theirField.type) !== String(ourField.type)) differences.push(`${owner}.${name}: ${theirField.type} in Strapi's schema, ${ourField.type} in ours`);
      compareDefault(`${owner}.${name}`, theirField, ourField, differences);
      if (!('args' in theirField)) continue;
      const ourArgs = Object.fromEntries(((ourField as { args?: readonly GraphQLArgument[] }).args ?? []).map((arg) => [arg.name, arg]));
      const theirArgs = Object.fromEntries(theirField.args.map((arg) => [arg.name, arg]));
      sameMembers(`${owner}.${name}`, Object.keys(theirArgs), Object.keys(ourArgs), '(');
      for (const arg of theirField.args) {
        reach(arg.type);
        const ourArg = ourArgs[arg.name];
        if (!ourArg) continue;
        if (String(arg.type) !== String(ourArg.type)) differences.push(`${owner}.${name}(${arg.name}): ${arg.type} in Strapi's schema, ${ourArg.type} in ours`);
        compareDefault(`${owner}.${name}(${arg.name})`, arg, ourArg, differences);
      }
    }
  };
  for (const root of ['Query', 'Mutation'] as const) {
    const theirRoot = root === 'Query' ? theirs.getQueryType() : theirs.getMutationType();
    const ourRoot = root === 'Query' ? ours.getQueryType() : ours.getMutationType();
    compared += 1;
    if (!theirRoot || !ourRoot) {
      if (theirRoot !== ourRoot) differences.push(`${root}: ${theirRoot ? 'absent from ours' : "absent from Strapi's schema"}`);
      continue;
    }
    seen.add(root);
    compareFields(root, theirRoot.getFields(), ourRoot.getFields());
  }
  while (queue.length > 0) {
    const name = queue.shift()!;
    const theirType = theirs.getType(name)!;
    const ourType = ours.getType(name);
    compared += 1;
    if (!ourType) {
      differences.push(`type ${name}: absent from ours`);
      continue;
    }
    if (kindOf(theirType) !== kindOf(ourType)) {
      differences.push(`type ${name}: ${kindOf(theirType)} in Strapi's schema, ${kindOf(ourType)} in ours`);
      continue;
    }
    if (isObjectType(theirType) || isInputObjectType(theirType) || isInterfaceType(theirType)) {
      compareFields(name, theirType.getFields(), (ourType as typeof theirType).getFields());
    } else if (isUnionType(theirType) && isUnionType(ourType)) {
      theirType.getTypes().forEach(reach);
      sameMembers(name, theirType.getTypes().map(String), ourType.getTypes().map(String), ' | ');
    } else if (isEnumType(theirType) && isEnumType(ourType)) {
      sameMembers(name, theirType.getValues().map((v) => v.name), ourType.getValues().map((v) => v.name), '.');
    }
  }
  return { compared, differences };
}

function kindOf(type: GraphQLNamedType): string {
  if (isObjectType(type)) return 'object';
  if (isInputObjectType(type)) return 'input';
  if (isInterfaceType(type)) return 'interface';
  if (isUnionType(type)) return 'union';
  if (isEnumType(type)) return 'enum';
  return 'scalar';
}

function compareDefault(where: string, a: Walked | GraphQLArgument, b: Walked | GraphQLArgument, differences: string[]) {
  const text = (value: Walked | GraphQLArgument) => {
    if (!('defaultValue' in value) || value.defaultValue === undefined) return 'none';
    const ast = astFromValue(value.defaultValue, value.type);
    return ast ? print(ast) : 'none';
  };
  if (text(a) !== text(b)) differences.push(`${where}: default ${text(a)} in Strapi's schema, ${text(b)} in ours`);
}
