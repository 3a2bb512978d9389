// Custom scalars of Strapi's GraphQL schema: JSON, Long, Date, Time, DateTime, the I18NLocaleCode
// and Upload names clients reference, and each dynamic zone's input. Each validates input and
// says why it refused.
import { GraphQLError, GraphQLScalarType, Kind, valueFromASTUntyped, type ValueNode } from 'graphql';
import { calendarDate, isoText, rfc3339, timeWithSeconds } from '../../model/temporal.ts';
import { UploadValue } from '../../upload/upload-value.ts';

function literalValue(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.ENUM:
      return ast.value;
    case Kind.INT:
      return Number(ast.value);
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map(literalValue);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literalValue(f.value)]));
    case Kind.VARIABLE:
      throw new GraphQLError('Variables inside JSON literals are not supported');
  }
}

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'The `JSON` scalar type represents JSON values as specified by ECMA-404.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literalValue,
});

const LONG = /^-?\d+$/;

/**
 * biginteger: a JSON number out, as Strapi answers it, while the value is a safe integer (below
 * 2^53 in size); past that, its exact decimal digits as a string rather than a rounded number.
 */
export const LongScalar = new GraphQLScalarType({
  name: 'Long',
  description: 'The `BigInt` scalar type represents non-fractional signed whole numeric values.',
  serialize: serializeLong,
  parseValue: parseLong,
  parseLiteral: (ast) => parseLong(ast.kind === Kind.INT || ast.kind === Kind.STRING ? ast.value : undefined),
});

function serializeLong(value: unknown): number | string | null {
  if (value === null || value === undefined) return null;
  const big = typeof value === 'bigint' ? value : BigInt(String(value));
  return big >= -MAX_SAFE && big <= MAX_SAFE ? Number(big) : big.toString();
}
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function parseLong(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'string' && LONG.test(value)) return BigInt(value);
  throw new GraphQLError(`Long cannot represent ${JSON.stringify(value)}: expected a whole number or a string of digits`);
}

function stringScalar(name: string, description: string, read: (text: string) => string | undefined, expected: string) {
  const parse = (value: unknown): string => {
    const parsed = typeof value === 'string' ? read(value) : undefined;
    if (parsed !== undefined) return parsed;
    throw new GraphQLError(`${name} cannot represent ${JSON.stringify(value)}: expected ${expected}`);
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => value,
    parseValue: parse,
    parseLiteral: (ast) => parse(ast.kind === Kind.STRING ? ast.value : undefined),
  });
}

export const DateScalar = stringScalar('Date', 'A date string, such as 2007-12-03.', calendarDate, 'a date YYYY-MM-DD on the calendar');

export const TimeScalar = stringScalar('Time', 'A time string with format HH:mm:ss.SSS', timeWithSeconds, 'a time HH:mm:ss or HH:mm:ss.SSS');

/**
 * Frozen dates belong to documents a store keeps and are read again and again: each is written
 * out once. Others are read once (a page of a large collection): remembering them would only cost
 * a weak entry each for the garbage collector.
 */
const isoTexts = new WeakMap<Date, string>();
function serializeDateTime(value: unknown): unknown {
  if (!(value instanceof Date)) return value;
  if (!Object.isFrozen(value)) return dateTimeText(value);
  let text = isoTexts.get(value);
  if (text === undefined) {
    text = dateTimeText(value);
    isoTexts.set(value, text);
  }
  return text;
}

function dateTimeText(value: Date): string {
  return isoText(value.getTime()) ?? value.toISOString();
}

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'A date-time string at UTC, such as 2007-12-03T10:15:30Z.',
  serialize: serializeDateTime,
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined),
});

function parseDateTime(value: unknown): Date {
  const instant = typeof value === 'string' ? rfc3339(value) : undefined;
  if (instant) return instant;
  throw new GraphQLError(`DateTime cannot represent ${JSON.stringify(value)}: expected an RFC 3339 date-time with a zone, like "2024-04-15T10:30:00Z", years 0000-9999`);
}

export const I18NLocaleCodeScalar = stringScalar('I18NLocaleCode', 'A string used to identify an i18n locale', (text) => (/^[A-Za-z0-9_-]{1,35}$/.test(text) ? text : undefined), 'a locale code');

const UPLOAD_EXPECTED = 'Upload values are files of a multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec): send the file as a part the `map` field assigns to this variable';

/** A file a multipart request sent; any other value (JSON, a literal in the document) is refused. */
export const UploadScalar = new GraphQLScalarType({
  name: 'Upload',
  description: 'The `Upload` scalar type represents a file upload.',
  serialize: () => {
    throw new GraphQLError('Upload is an input-only scalar');
  },
  parseValue: (value) => {
    if (value instanceof UploadValue) return value;
    throw new GraphQLError(UPLOAD_EXPECTED);
  },
  parseLiteral: () => {
    throw new GraphQLError(UPLOAD_EXPECTED);
  },
});

/** A component a dynamic zone allows: its GraphQL type name and its uid. */
export interface ZoneMember {
  readonly typeName: string;
  readonly uid: string;
}

/**
 * `<Owner><Zone>DynamicZoneInput`: one item of a dynamic zone in a write, a JSON object naming its
 * component by `__typename`, read as the REST item (`{ __component: "blocks.quote", ... }`). An
 * item naming no component of the zone is refused while the document is validated, as Strapi's
 * plugin refuses it (`Component not found. expected one of: ...`); a literal that is no object
 * gets graphql-js's own message.
 */
export function dynamicZoneInputScalar(name: string, members: readonly ZoneMember[]): GraphQLScalarType {
  const read = (value: unknown) => {
    const member = isObject(value) ? members.find((m) => m.typeName === value.__typename) : undefined;
    // Not a GraphQLError: graphql-js then prefixes the value and type refused, as Strapi's answers read.
    if (!member) throw new TypeError(`Component not found. expected one of: ${members.map((m) => m.typeName).join(', ')}`);
    const { __typename: _, ...fields } = value as Record<string, unknown>;
    return { __component: member.uid, ...fields };
  };
  return new GraphQLScalarType({
    name,
    serialize: () => {
      throw new GraphQLError(`${name} is an input-only scalar`);
    },
    parseValue: read,
    parseLiteral: (ast, variables) => (ast.kind === Kind.OBJECT ? read(valueFromASTUntyped(ast, variables)) : undefined),
  });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const scalarResolvers = {
  JSON: JSONScalar,
  Long: LongScalar,
  Date: DateScalar,
  Time: TimeScalar,
  DateTime: DateTimeScalar,
  I18NLocaleCode: I18NLocaleCodeScalar,
  Upload: UploadScalar,
};
