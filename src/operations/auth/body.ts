// A users-permissions request body (or query) as received -> its text fields, checked as the
// plugin's yup schemas check them in strict mode, or Strapi's ValidationError listing every
// problem in its order and words (recorded: ../recordings/users-permissions/12-…19-*.json).
import { isRecord } from '../../model/problems.ts';
import { isEmail } from '../write/scalars.ts';
import { issue, typeIssue, validationError, type Issue } from '../write/validation-errors.ts';

/** One field of a body schema; fields are listed in the order Strapi reports their problems. */
export interface FieldRule {
  readonly name: string;
  readonly required?: boolean;
  /** Text that must read as an email address (yup's `email()`, which lets an empty text through). */
  readonly email?: boolean;
  /** Fewest characters (yup's `min`). */
  readonly min?: number;
  /** Another field this one must equal (yup's `oneOf([ref(…)])`), with Strapi's message. */
  readonly equals?: { readonly field: string; readonly message: string };
  /** Any value but a missing one (a relation given as an id or `{ connect }`): not checked as text. */
  readonly anyValue?: boolean;
}

export interface BodySchema {
  readonly fields: readonly FieldRule[];
  /** Keys the schema does not name are refused (yup's `noUnknown()`). */
  readonly noUnknown?: boolean;
}

/** A body that passed its schema: each field's text (or value), undefined when absent. */
export type CheckedBody = Readonly<Record<string, unknown>>;

/** @throws ValidationError with every problem of `raw`, as Strapi words them. */
export function checkBody(raw: unknown, schema: BodySchema): CheckedBody {
  if (!isRecord(raw)) throw validationError([typeIssue([], 'object', raw)]);
  const issues = schema.fields.flatMap((rule) => fieldIssues(rule, raw));
  if (schema.noUnknown) {
    const known = new Set(schema.fields.map((rule) => rule.name));
    const unknown = Object.keys(raw).filter((key) => !known.has(key));
    if (unknown.length > 0) issues.push({ path: [], message: `this field has unspecified keys: ${unknown.join(', ')}` });
  }
  if (issues.length > 0) throw validationError(issues);
  return Object.fromEntries(schema.fields.map((rule) => [rule.name, raw[rule.name]]));
}

/** The problems of one field: its type first (strict: no casting), then `required`, then its tests. */
function fieldIssues(rule: FieldRule, raw: Readonly<Record<string, unknown>>): Issue[] {
  const value = raw[rule.name];
  const path = [rule.name];
  if (value === undefined || (value === '' && rule.required)) return rule.required ? [issue(path, 'is a required field')] : [];
  if (rule.anyValue) return value === null ? [issue(path, 'is a required field')] : [];
  if (typeof value !== 'string') return [typeIssue(path, 'string', value)];
  const issues: Issue[] = [];
  if (rule.min !== undefined && value.length < rule.min) issues.push(issue(path, `must be at least ${rule.min} characters`));
  if (rule.email && value !== '' && !isEmail(value)) issues.push(issue(path, 'must be a valid email'));
  if (rule.equals && value !== raw[rule.equals.field]) issues.push({ path, message: rule.equals.message });
  return issues;
}

const text = (name: string): FieldRule => ({ name, required: true });
const email: FieldRule = { name: 'email', required: true, email: true };
const MISMATCH = 'Passwords do not match';

/** The plugin's schemas, by route (its `validation/auth.js` and `validation/user.js`). */
export const AUTH_BODIES = {
  callback: { fields: [text('identifier'), text('password')] },
  register: { fields: [email, text('username'), text('password')] },
  changePassword: {
    fields: [{ name: 'passwordConfirmation', required: true, equals: { field: 'password', message: MISMATCH } }, text('password'), text('currentPassword')],
    noUnknown: true,
  },
  resetPassword: { fields: [text('passwordConfirmation'), text('password'), text('code')], noUnknown: true },
  forgotPassword: { fields: [email], noUnknown: true },
  sendEmailConfirmation: { fields: [email] },
  emailConfirmation: { fields: [text('confirmation')] },
  createUser: { fields: [email, { name: 'username', required: true, min: 1 }, { name: 'password', required: true, min: 1 }, { name: 'role', required: true, anyValue: true }] },
  updateUser: { fields: [{ name: 'email', email: true, min: 1 }, { name: 'username', min: 1 }, { name: 'password', min: 1 }] },
} as const satisfies Record<string, BodySchema>;

export { MISMATCH as PASSWORDS_DO_NOT_MATCH };
