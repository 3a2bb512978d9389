// Stored user and role entries -> users-permissions' REST answers: plain objects (`{ id, username,
// email, …, createdAt, updatedAt }`), only the attributes the caller may read (never the password
// or the tokens), each value as REST answers its kind; a role as the plugin shows it.
import type { Access } from '../access/access.ts';
import { assertNever, isScalar, USER_UID, contentType, type ContentModel, type ScalarAttribute } from '../model/types.ts';
import type { Doc } from '../store/store.ts';

type Json = Record<string, unknown>;

/** A stored value of a scalar kind as REST answers it (docs/storage.md has the stored forms). */
function answered(attribute: ScalarAttribute, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (attribute.type) {
    case 'string': case 'text': case 'richtext': case 'email': case 'password': case 'uid': case 'enumeration':
    case 'integer': case 'float': case 'decimal': case 'boolean': case 'date': case 'time':
      return value;
    case 'biginteger': {
      const big = BigInt(value as bigint);
      return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big.toString();
    }
    case 'datetime':
      return value instanceof Date ? value.toISOString() : value;
    case 'timestamp':
      // REST answers a timestamp as epoch milliseconds in text, as Strapi does (docs/decisions.md).
      return value instanceof Date ? String(value.getTime()) : value;
    case 'json':
      return typeof value === 'string' ? JSON.parse(value) : value;
    default:
      return assertNever(attribute, 'scalar attribute');
  }
}

const instant = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * A user as the plugin's `sanitizeUser` answers it: its id, every scalar attribute the caller may
 * read in the schema's order, its timestamps; its role when given (populated, and the caller may
 * read roles).
 */
export function plainUser(model: ContentModel, access: Pick<Access, 'readable'>, user: Doc, role?: Doc | null): Json {
  const type = contentType(model, USER_UID);
  const answer: Json = { id: user.id };
  for (const attribute of type.attributes.values()) {
    if (isScalar(attribute) && access.readable(type, attribute.name)) answer[attribute.name] = answered(attribute, user[attribute.name]);
  }
  answer.createdAt = instant(user.createdAt);
  answer.updatedAt = instant(user.updatedAt);
  if (role) answer.role = plainRole(role);
  return answer;
}

/** A role as the plugin answers it: `{ id, name, description, type, createdAt, updatedAt }`. */
export function plainRole(role: Doc): Json {
  return {
    id: role.id,
    name: role.name ?? null,
    description: role.description ?? null,
    type: role.type ?? null,
    createdAt: instant(role.createdAt),
    updatedAt: instant(role.updatedAt),
  };
}
