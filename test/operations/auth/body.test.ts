// users-permissions' bodies checked as the plugin's yup schemas check them (strict): each problem
// in Strapi's order and words, as recorded from Strapi v4.25 (../recordings/users-permissions/).
import { describe, expect, it } from 'vitest';
import { AUTH_BODIES, checkBody } from '../../../src/operations/auth/body.ts';

/** The errors `checkBody` refuses a body with: the message and each issue's path and message. */
function refusal(raw: unknown, schema: keyof typeof AUTH_BODIES): { message: string; errors: Array<[string, string]> } | 'accepted' {
  try {
    checkBody(raw, AUTH_BODIES[schema]);
    return 'accepted';
  } catch (error) {
    const { message, details } = error as { message: string; details: { errors: Array<{ path: string[]; message: string }> } };
    return { message, errors: details.errors.map((issue) => [issue.path.join('.'), issue.message]) };
  }
}

describe('checkBody', () => {
  it.each([
    ['sign-in, both fields missing', 'callback', {}, { message: '2 errors occurred', errors: [['identifier', 'identifier is a required field'], ['password', 'password is a required field']] }],
    ['sign-in, an empty text is missing', 'callback', { identifier: '', password: 'x' }, { message: 'identifier is a required field', errors: [['identifier', 'identifier is a required field']] }],
    ['sign-in, a number is no text (strict: no casting)', 'callback', { identifier: 12345, password: 'x' }, { message: 'identifier must be a `string` type, but the final value was: `12345`.', errors: [['identifier', 'identifier must be a `string` type, but the final value was: `12345`.']] }],
    ['sign-in, an operator object printed as Strapi prints it', 'callback', { identifier: { $ne: 'x' }, password: 'x' }, { message: 'identifier must be a `string` type, but the final value was: `{\n  "$ne": "\\"x\\""\n}`.', errors: [['identifier', 'identifier must be a `string` type, but the final value was: `{\n  "$ne": "\\"x\\""\n}`.']] }],
    ['sign-in, null', 'callback', { identifier: null, password: 'x' }, { message: 'identifier must be a `string` type, but the final value was: `null`.', errors: [['identifier', 'identifier must be a `string` type, but the final value was: `null`.']] }],
    ['registration, in Strapi\'s order', 'register', { username: '', email: '', password: '' }, { message: '3 errors occurred', errors: [['email', 'email is a required field'], ['username', 'username is a required field'], ['password', 'password is a required field']] }],
    ['registration, an invalid email', 'register', { username: 'u', email: 'not-an-email', password: 'p' }, { message: 'email must be a valid email', errors: [['email', 'email must be a valid email']] }],
    ['a password change, confirmation first', 'changePassword', {}, { message: '3 errors occurred', errors: [['passwordConfirmation', 'passwordConfirmation is a required field'], ['password', 'password is a required field'], ['currentPassword', 'currentPassword is a required field']] }],
    ['a password change, a confirmation that differs', 'changePassword', { currentPassword: 'a', passwordConfirmation: 'b' }, { message: '2 errors occurred', errors: [['passwordConfirmation', 'Passwords do not match'], ['password', 'password is a required field']] }],
    ['a password change, an unknown key', 'changePassword', { currentPassword: 'a', password: 'b', passwordConfirmation: 'b', nope: 1 }, { message: 'this field has unspecified keys: nope', errors: [['', 'this field has unspecified keys: nope']] }],
    ['a reset, in Strapi\'s order', 'resetPassword', {}, { message: '3 errors occurred', errors: [['passwordConfirmation', 'passwordConfirmation is a required field'], ['password', 'password is a required field'], ['code', 'code is a required field']] }],
    ['a forgotten password, an unknown key', 'forgotPassword', { email: 'a@b.cd', x: 1 }, { message: 'this field has unspecified keys: x', errors: [['', 'this field has unspecified keys: x']] }],
    ['a user to create, its role required', 'createUser', {}, { message: '4 errors occurred', errors: [['email', 'email is a required field'], ['username', 'username is a required field'], ['password', 'password is a required field'], ['role', 'role is a required field']] }],
    ['a user to change, an empty password', 'updateUser', { password: '' }, { message: 'password must be at least 1 characters', errors: [['password', 'password must be at least 1 characters']] }],
    ['a user to change, a null password', 'updateUser', { password: null }, { message: 'password must be a `string` type, but the final value was: `null`.', errors: [['password', 'password must be a `string` type, but the final value was: `null`.']] }],
    ['a body that is a list', 'callback', [], { message: 'this must be a `object` type, but the final value was: `[]`.', errors: [['', 'this must be a `object` type, but the final value was: `[]`.']] }],
  ])('refuses %s', (_name, schema, raw, expected) => {
    expect(refusal(raw, schema as keyof typeof AUTH_BODIES)).toEqual(expected);
  });

  it.each([
    ['a sign-in with a provider Strapi ignores', 'callback', { identifier: 'a', password: 'b', provider: 'github' }],
    ['a confirmation request with a key Strapi lets through', 'sendEmailConfirmation', { email: 'a@b.cd', x: 1 }],
    ['a user to create with its role as a connect', 'createUser', { email: 'a@b.cd', username: 'u', password: 'p', role: { connect: [{ id: 1 }] } }],
    ['a user to change with nothing', 'updateUser', {}],
  ])('accepts %s', (_name, schema, raw) => {
    expect(refusal(raw, schema as keyof typeof AUTH_BODIES)).toBe('accepted');
  });
});
