// Two GraphQL schemas -> every difference a client could see between them, walked from the root
// fields of Query and Mutation: root fields, then each type they reach, with its fields,
// arguments (type and default), input fields, union members and enum values, in both directions.
import {
  astFromValue,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  print,
  type GraphQLArgument,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
} from 'graphql';

export interface SchemaDiff {
  /** Everything compared: root types, types, fields, arguments, input fields, members, values. */
  readonly compared: number;
  /** One line per difference: `Query.article(publicationState: absent from Strapi's schema`. */
  readonly differences: string[];
}

/** An output field, an argument or an input field: what has a name, a type, maybe arguments and a default. */
interface Slot {
  readonly name: string;
  readonly type: GraphQLType;
  readonly args?: readonly GraphQLArgument[];
  readonly defaultValue?: unknown;
}

/** Compares `ours` with `theirs` (Strapi's) from the root fields of Query and Mutation. */
export function diffSchemas(theirs: GraphQLSchema, ours: GraphQLSchema): SchemaDiff {
  const walk = new Walk(ours);
  for (const root of ['Query', 'Mutation'] as const) {
    const theirRoot = root === 'Query' ? theirs.getQueryType() : theirs.getMutationType();
    const ourRoot = root === 'Query' ? ours.getQueryType() : ours.getMutationType();
    walk.compared += 1;
    if (theirRoot && ourRoot) walk.fields(root, theirRoot.getFields(), ourRoot.getFields());
    else if (theirRoot !== ourRoot) walk.differences.push(`${root}: ${theirRoot ? 'absent from ours' : "absent from Strapi's schema"}`);
  }
  for (let name = walk.queue.shift(); name !== undefined; name = walk.queue.shift()) walk.type(theirs.getType(name)!);
  return { compared: walk.compared, differences: walk.differences };
}

class Walk {
  compared = 0;
  readonly differences: string[] = [];
  /** Named types reached and not compared yet. */
  readonly queue: string[] = [];
  private readonly seen = new Set<string>(['Query', 'Mutation']);

  constructor(private readonly ours: GraphQLSchema) {}

  type(theirType: GraphQLNamedType): void {
    const ourType = this.ours.getType(theirType.name);
    this.compared += 1;
    if (!ourType) return void this.differences.push(`type ${theirType.name}: absent from ours`);
    if (kindOf(theirType) !== kindOf(ourType)) {
      return void this.differences.push(`type ${theirType.name}: ${kindOf(theirType)} in Strapi's schema, ${kindOf(ourType)} in ours`);
    }
    if (isObjectType(theirType) || isInputObjectType(theirType) || isInterfaceType(theirType)) {
      this.fields(theirType.name, theirType.getFields(), (ourType as typeof theirType).getFields());
    } else if (isUnionType(theirType) && isUnionType(ourType)) {
      theirType.getTypes().forEach((member) => this.reach(member));
      this.sameNames(theirType.name, ' | ', theirType.getTypes().map(String), ourType.getTypes().map(String));
    } else if (isEnumType(theirType) && isEnumType(ourType)) {
      this.sameNames(theirType.name, '.', theirType.getValues().map((v) => v.name), ourType.getValues().map((v) => v.name));
    }
  }

  fields(owner: string, theirs: Record<string, Slot>, ours: Record<string, Slot>): void {
    this.sameNames(owner, '.', Object.keys(theirs), Object.keys(ours));
    for (const [name, theirField] of Object.entries(theirs)) {
      this.reach(theirField.type);
      const ourField = ours[name];
      if (!ourField) continue;
      this.sameSlot(`${owner}.${name}`, theirField, ourField);
      const theirArgs = Object.fromEntries((theirField.args ?? []).map((arg) => [arg.name, arg]));
      const ourArgs = Object.fromEntries((ourField.args ?? []).map((arg) => [arg.name, arg]));
      this.sameNames(`${owner}.${name}`, '(', Object.keys(theirArgs), Object.keys(ourArgs));
      for (const [argName, arg] of Object.entries(theirArgs)) {
        this.reach(arg.type);
        if (ourArgs[argName]) this.sameSlot(`${owner}.${name}(${argName})`, arg, ourArgs[argName]);
      }
    }
  }

  private reach(type: GraphQLType): void {
    const { name } = getNamedType(type);
    if (!this.seen.has(name)) this.seen.add(name), this.queue.push(name);
  }

  /** The same names on both sides (fields, arguments, members, values), each counted once. */
  private sameNames(where: string, separator: string, theirs: readonly string[], ours: readonly string[]): void {
    this.compared += new Set([...theirs, ...ours]).size;
    for (const name of theirs.filter((x) => !ours.includes(x))) this.differences.push(`${where}${separator}${name}: absent from ours`);
    for (const name of ours.filter((x) => !theirs.includes(x))) this.differences.push(`${where}${separator}${name}: absent from Strapi's schema`);
  }

  /** The same type and default value. */
  private sameSlot(where: string, theirs: Slot, ours: Slot): void {
    if (String(theirs.type) !== String(ours.type)) this.differences.push(`${where}: ${theirs.type} in Strapi's schema, ${ours.type} in ours`);
    if (defaultText(theirs) !== defaultText(ours)) this.differences.push(`${where}: default ${defaultText(theirs)} in Strapi's schema, ${defaultText(ours)} in ours`);
  }
}

function kindOf(type: GraphQLNamedType): string {
  if (isObjectType(type)) return 'object';
  if (isInputObjectType(type)) return 'input';
  if (isInterfaceType(type)) return 'interface';
  if (isUnionType(type)) return 'union';
  if (isEnumType(type)) return 'enum';
  return 'scalar';
}

function defaultText(slot: Slot | GraphQLInputField): string {
  if (slot.defaultValue === undefined) return 'none';
  const ast = astFromValue(slot.defaultValue, slot.type as Parameters<typeof astFromValue>[1]);
  return ast ? print(ast) : 'none';
}
