// The error mapper is total: any thrown value (strings, null, objects without `extensions`,
// GraphQLErrors without an original error, errors whose getters or traps throw) becomes an answer
// in Strapi's REST envelope and a GraphQL error with `extensions.code`, and the mapper never throws.
import fc from 'fast-check';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError, ValidationError } from '../../src/errors/errors.ts';
import { INTERNAL_SERVER_ERROR, originalError, toGraphQLError, toGraphQLRequestError, toRestError, withCode } from '../../src/errors/map.ts';

/** An object every read of which throws: a getter, or a proxy's traps. */
function throwingGetters(): unknown {
  const error = new Error('boom');
  for (const key of ['message', 'name', 'extensions', 'originalError', 'status', 'details']) {
    Object.defineProperty(error, key, { get: () => { throw new TypeError(`reading ${key}`); } });
  }
  return error;
}
const trap = () => { throw new TypeError('trap'); };
const hostileProxy = () => new Proxy({}, { get: trap, getPrototypeOf: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap });
const revokedProxy = () => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; };
function ourErrorWithThrowingDetails(): unknown {
  const error = new ValidationError('bad');
  Object.defineProperty(error, 'details', { get: () => { throw new TypeError('details'); } });
  return error;
}

/** Thrown values, each made inside the property (fast-check itself cannot look at a hostile proxy). */
const odd: fc.Arbitrary<() => unknown> = fc.oneof(
  fc.anything().map((value) => () => value),
  fc.string().map((message) => () => new Error(message)),
  fc.constantFrom<() => unknown>(
    () => null, () => undefined, () => 'a string', () => 42, () => Symbol('s'), () => 10n, () => ({ message: 'no extensions' }),
    () => ({ extensions: null }), () => ({ extensions: { code: 5 } }), () => Object.create(null),
    () => new GraphQLError('no original error'), () => new GraphQLError('wraps a string', { originalError: 'x' as unknown as Error }),
    () => new GraphQLError('wraps ours', { originalError: new NotFoundError('Not Found') }),
    () => new GraphQLError('wraps a plain error', { originalError: new TypeError("Cannot read properties of undefined (reading 'code')") }),
    () => new ForbiddenError('Forbidden'), throwingGetters, hostileProxy, revokedProxy, ourErrorWithThrowingDetails,
  ),
);

const silent = () => undefined;
const loud = () => { throw new Error('the log itself fails'); };

describe('the error mapper', () => {
  it('answers any thrown value in the REST envelope, never throwing', () => {
    fc.assert(fc.property(odd, fc.boolean(), (make, failingLog) => {
      const error = make();
      const { status, body } = toRestError(error, failingLog ? loud : silent);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(body).toEqual({ data: null, error: { status, name: expect.any(String), message: expect.any(String), details: expect.any(Object) } });
    }), { numRuns: 2000 });
  });

  it('answers any thrown value as a GraphQL error with a code, never throwing', () => {
    fc.assert(fc.property(odd, fc.boolean(), (make, failingLog) => {
      const error = make();
      const log = failingLog ? loud : silent;
      // graphql-js's own errors pass toGraphQLError as they are; withCode gives them theirs.
      const passed = toGraphQLError(error, log);
      expect(passed).toBeInstanceOf(GraphQLError);
      if (passed !== error) expect(passed.extensions.code).toEqual(expect.any(String));
      for (const mapped of [withCode(error, INTERNAL_SERVER_ERROR, log), toGraphQLRequestError(error, log).error]) {
        expect(mapped).toBeInstanceOf(GraphQLError);
        expect(mapped.extensions.code).toEqual(expect.any(String));
        expect(() => JSON.stringify(mapped)).not.toThrow();
      }
    }), { numRuns: 2000 });
  });

  it.each([
    ['our error', () => new NotFoundError('Not Found'), 404, 'NotFoundError', 'STRAPI_NOT_FOUND_ERROR'],
    ['our error inside a GraphQLError', () => new GraphQLError('x', { originalError: new ValidationError('bad') }), 400, 'ValidationError', 'BAD_USER_INPUT'],
    ['a plain error', () => new TypeError('internal detail'), 500, 'InternalServerError', INTERNAL_SERVER_ERROR],
    ['a string', () => 'internal detail', 500, 'InternalServerError', INTERNAL_SERVER_ERROR],
    ['an error whose getters throw', throwingGetters, 500, 'InternalServerError', INTERNAL_SERVER_ERROR],
    ['our error whose details cannot be read', ourErrorWithThrowingDetails, 500, 'InternalServerError', INTERNAL_SERVER_ERROR],
  ])('maps %s to its status, name and code', (_name, make, status, name, code) => {
    const error = make();
    const logged: unknown[] = [];
    expect(toRestError(error, (e) => logged.push(e))).toMatchObject({ status, body: { error: { name } } });
    expect(toGraphQLError(error, (e) => logged.push(e)).extensions.code).toBe(code);
    // What is not ours is logged, and its message never reaches the client.
    expect(logged.length).toBe(status === 500 ? 2 : 0);
    if (status === 500) expect(JSON.stringify(toGraphQLError(error, silent))).not.toContain('internal detail');
  });

  it.each([
    ['keeps a code the error names', new GraphQLError('x', { extensions: { code: 'GRAPHQL_PARSE_FAILED' } }), 'GRAPHQL_PARSE_FAILED'],
    ['gives the fallback to a GraphQLError without extensions.code', new GraphQLError('Variable "$x" of required type "ID!" was not provided.'), 'BAD_USER_INPUT'],
    ['answers a plain object as an internal error', { message: 'no extensions' }, INTERNAL_SERVER_ERROR],
  ])('withCode %s', (_name, error, code) => {
    expect(withCode(error, 'BAD_USER_INPUT', silent).extensions.code).toBe(code);
  });

  it('finds our error however deep GraphQLErrors wrap it', () => {
    const ours = new ValidationError('bad');
    const wrapped = new GraphQLError('a', { originalError: new GraphQLError('b', { originalError: ours }) });
    expect(originalError(wrapped)).toBe(ours);
  });
});
