// Custom scalars of Strapi's GraphQL schema: JSON, Long, Date, Time, DateTime, plus the
// I18NLocaleCode and Upload names clients reference. Each validates input and says why it refused.
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

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

function stringScalar(name: string, description: string, pattern: RegExp, expected: string) {
  const parse = (value: unknown): string => {
    if (typeof value === 'string' && pattern.test(value)) return value;
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

export const DateScalar = stringScalar('Date', 'A date string, such as 2007-12-03.', /^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

export const TimeScalar = stringScalar('Time', 'A time string with format HH:mm:ss.SSS', /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/, 'a time HH:mm:ss.SSS');

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'A date-time string at UTC, such as 2007-12-03T10:15:30Z.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : value),
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined),
});

function parseDateTime(value: unknown): Date {
  if (typeof value === 'string' && ISO_DATETIME.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw new GraphQLError(`DateTime cannot represent ${JSON.stringify(value)}: expected an ISO 8601 date-time`);
}

export const I18NLocaleCodeScalar = stringScalar('I18NLocaleCode', 'A string used to identify an i18n locale', /^[A-Za-z0-9_-]+$/, 'a locale code');

export const UploadScalar = new GraphQLScalarType({
  name: 'Upload',
  description: 'The `Upload` scalar type represents a file upload.',
  serialize: () => {
    throw new GraphQLError('Upload is an input-only scalar');
  },
  parseValue: () => {
    throw new GraphQLError('Uploads are not accepted: this gateway serves the read API');
  },
  parseLiteral: () => {
    throw new GraphQLError('Uploads are not accepted: this gateway serves the read API');
  },
});

export const scalarResolvers = {
  JSON: JSONScalar,
  Long: LongScalar,
  Date: DateScalar,
  Time: TimeScalar,
  DateTime: DateTimeScalar,
  I18NLocaleCode: I18NLocaleCodeScalar,
  Upload: UploadScalar,
};
