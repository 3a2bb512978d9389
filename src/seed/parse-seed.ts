// Seed JSON (`unknown`) -> a Seed whose outer shape is checked: locales, roles, API tokens, media
// rows and entries by uid. Attribute values are checked against the model in `validate-seed.ts`.
import { describe, isRecord, Problems } from '../model/problems.ts';

export interface SeedLocale {
  code: string;
  name: string;
  isDefault: boolean;
}

/** One entry (or media row) as given: its id if any, and every other key unchecked. */
export interface SeedEntry {
  /** Position in its list, naming the entry in messages when it has no id. */
  index: number;
  id?: number;
  values: Readonly<Record<string, unknown>>;
}

/**
 * A users-permissions role, keyed by its `type` (`public`, `authenticated`, or a custom one): what
 * it grants, as the file says it (`find: ["api::article.article"]`: per verb, the subjects it
 * applies to; src/access/actions.ts spells them as actions), and optionally the id, name and
 * description of its entry.
 */
export interface SeedRole {
  id?: number;
  name?: string;
  description?: string;
  /** Verb -> subjects (content-type uids, or a plugin's controller: `plugin::users-permissions.auth`). */
  grants: Readonly<Record<string, readonly string[]>>;
}

/**
 * A Strapi API token: its `accessKey` (HMAC-SHA512 of the token with API_TOKEN_SALT, as a Strapi
 * database holds it), or the `token` itself, which the import turns into its access key.
 */
export interface SeedApiToken {
  index: number;
  id?: number;
  name: string;
  description: string;
  type: string;
  accessKey?: string;
  token?: string;
  permissions: string[];
  expiresAt: string | null;
}

export interface Seed {
  /** Exactly one has `isDefault`. Absent from the file: English (`en`) alone. */
  locales: SeedLocale[];
  roles: Record<string, SeedRole>;
  /**
   * API tokens (our extension to the format): a bearer token -> the name of the role it acts as.
   * Every role named is one of `roles`.
   */
  tokens: Record<string, string>;
  /** Strapi API tokens. */
  apiTokens: SeedApiToken[];
  /** Rows of the media library, `plugin::upload.file`. */
  media: SeedEntry[];
  /** Entries by content-type uid, in the order given. */
  entries: ReadonlyMap<string, SeedEntry[]>;
}

const DEFAULT_LOCALES: readonly SeedLocale[] = [{ code: 'en', name: 'English (en)', isDefault: true }];

/**
 * Checks a parsed seed file's outer shape.
 * @throws ConfigurationError listing every problem.
 */
export function parseSeed(raw: unknown, title = 'Invalid seed'): Seed {
  const problems = new Problems();
  const seed: Seed = { locales: [], roles: {}, tokens: {}, apiTokens: [], media: [], entries: new Map() };
  if (!isRecord(raw)) {
    problems.add(`the seed must be a JSON object; got ${describe(raw)}`);
    problems.throwIfAny(title);
    return seed;
  }
  const known = ['locales', 'roles', 'tokens', 'apiTokens', 'media', 'entries'];
  for (const key of Object.keys(raw)) {
    if (!known.includes(key)) problems.add(`unknown top-level key "${key}" (expected ${known.join(', ')})`);
  }
  seed.locales = parseLocales(raw.locales, problems);
  seed.roles = parseRoles(raw.roles, problems);
  seed.tokens = parseTokens(raw.tokens, seed.roles, problems);
  seed.apiTokens = parseApiTokens(raw.apiTokens, problems);
  seed.media = parseEntryList(raw.media ?? [], 'media', problems);
  const entries = new Map<string, SeedEntry[]>();
  if (raw.entries !== undefined && !isRecord(raw.entries)) problems.add('"entries" must be an object of uid -> entries');
  for (const [uid, list] of Object.entries(isRecord(raw.entries) ? raw.entries : {})) {
    entries.set(uid, parseEntryList(list, uid, problems));
  }
  seed.entries = entries;
  problems.throwIfAny(title);
  return seed;
}

function parseLocales(raw: unknown, problems: Problems): SeedLocale[] {
  if (raw === undefined) return DEFAULT_LOCALES.map((locale) => ({ ...locale }));
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.add('"locales" must be a non-empty array of { code, name, isDefault? }');
    return [];
  }
  const locales: SeedLocale[] = [];
  raw.forEach((item, index) => {
    const at = `locales[${index}]`;
    if (!isRecord(item) || typeof item.code !== 'string' || item.code === '') {
      problems.add(`${at}: expected { code, name, isDefault? } with a non-empty string code`);
      return;
    }
    if (item.name !== undefined && typeof item.name !== 'string') problems.add(`${at}: "name" must be a string`);
    if (item.isDefault !== undefined && typeof item.isDefault !== 'boolean') problems.add(`${at}: "isDefault" must be true or false`);
    if (locales.some((locale) => locale.code === item.code)) problems.add(`${at}: locale "${item.code}" is listed twice`);
    locales.push({ code: item.code, name: typeof item.name === 'string' ? item.name : item.code, isDefault: item.isDefault === true });
  });
  const defaults = locales.filter((locale) => locale.isDefault);
  if (defaults.length > 1) problems.add(`locales: only one may be the default; got ${defaults.map((locale) => locale.code).join(', ')}`);
  if (defaults.length === 0 && locales.length > 0) locales[0].isDefault = true;
  return locales;
}

const ROLE_KEYS = ['id', 'name', 'description'];
const ROLE_SHAPE = '<verb>: [<uid>, …], id?, name?, description?';

function parseRoles(raw: unknown, problems: Problems): Record<string, SeedRole> {
  if (raw === undefined) return {};
  if (!isRecord(raw)) {
    problems.add(`"roles" must be an object of role type -> { ${ROLE_SHAPE} }`);
    return {};
  }
  const roles: Record<string, SeedRole> = {};
  for (const [name, grants] of Object.entries(raw)) {
    if (!isRecord(grants)) {
      problems.add(`role "${name}": expected { ${ROLE_SHAPE} }, with lists of content-type uids`);
      continue;
    }
    const parsed: SeedRole = { grants: {} };
    const verbs: Record<string, readonly string[]> = {};
    for (const [verb, subjects] of Object.entries(grants)) {
      if (ROLE_KEYS.includes(verb)) {
        parseRoleKey(name, verb, subjects, parsed, problems);
      } else if (!Array.isArray(subjects) || subjects.some((subject) => typeof subject !== 'string')) {
        problems.add(`role "${name}": "${verb}" must be an array of content-type uids (or a plugin's controller, e.g. "plugin::users-permissions.auth")`);
      } else {
        verbs[verb] = subjects as string[];
      }
    }
    roles[name] = { ...parsed, grants: verbs };
  }
  return roles;
}

function parseRoleKey(role: string, key: string, value: unknown, into: Omit<SeedRole, 'grants'>, problems: Problems): void {
  if (key === 'id') {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) into.id = value;
    else problems.add(`role "${role}": "id" must be a positive integer; got ${describe(value)}`);
  } else if (typeof value === 'string') {
    into[key as 'name' | 'description'] = value;
  } else {
    problems.add(`role "${role}": "${key}" must be a string; got ${describe(value)}`);
  }
}

function parseTokens(raw: unknown, roles: Record<string, SeedRole>, problems: Problems): Record<string, string> {
  if (raw === undefined) return {};
  if (!isRecord(raw)) {
    problems.add('"tokens" must be an object of API token -> role name');
    return {};
  }
  const tokens: Record<string, string> = {};
  for (const [token, role] of Object.entries(raw)) {
    const shown = `${token.slice(0, 4)}…`;
    if (token.trim() === '') problems.add('tokens: a token must not be empty');
    else if (typeof role !== 'string' || !Object.hasOwn(roles, role)) {
      problems.add(`tokens: token "${shown}" names role ${describe(role)}, which "roles" does not define`);
    } else tokens[token] = role;
  }
  return tokens;
}

const TOKEN_TYPES = ['read-only', 'full-access', 'custom'];
const ACCESS_KEY = /^[0-9a-f]{128}$/;

function parseApiTokens(raw: unknown, problems: Problems): SeedApiToken[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.add('"apiTokens" must be an array of { name, type, token or accessKey, permissions?, expiresAt? }');
    return [];
  }
  const tokens: SeedApiToken[] = [];
  raw.forEach((item, index) => {
    const at = `apiTokens[${index}]`;
    if (!isRecord(item)) return problems.add(`${at}: expected an object; got ${describe(item)}`);
    const { id, name, description = '', type, accessKey, token, permissions = [], expiresAt = null } = item;
    if (typeof name !== 'string' || name === '') problems.add(`${at}: "name" must be a non-empty string`);
    if (typeof type !== 'string' || !TOKEN_TYPES.includes(type)) problems.add(`${at}: "type" must be one of ${TOKEN_TYPES.join(', ')}; got ${describe(type)}`);
    if ((accessKey === undefined) === (token === undefined)) problems.add(`${at}: give either "token" or "accessKey"`);
    if (accessKey !== undefined && (typeof accessKey !== 'string' || !ACCESS_KEY.test(accessKey))) problems.add(`${at}: "accessKey" must be 128 hex digits (an HMAC-SHA512)`);
    if (token !== undefined && (typeof token !== 'string' || token.length < 16)) problems.add(`${at}: "token" must be a string of at least 16 characters`);
    if (!Array.isArray(permissions) || permissions.some((p) => typeof p !== 'string')) problems.add(`${at}: "permissions" must be an array of actions like "api::article.article.find"`);
    if (expiresAt !== null && (typeof expiresAt !== 'string' || Number.isNaN(Date.parse(expiresAt)))) problems.add(`${at}: "expiresAt" must be an ISO 8601 date-time or null`);
    if (id !== undefined && !(typeof id === 'number' && Number.isSafeInteger(id) && id > 0)) problems.add(`${at}: "id" must be a positive integer`);
    tokens.push({
      index, id: id as number | undefined, name: String(name), description: String(description), type: String(type),
      accessKey: accessKey as string | undefined, token: token as string | undefined,
      permissions: Array.isArray(permissions) ? permissions.map(String) : [], expiresAt: expiresAt as string | null,
    });
  });
  return tokens;
}

function parseEntryList(raw: unknown, where: string, problems: Problems): SeedEntry[] {
  if (!Array.isArray(raw)) {
    problems.add(`${where}: expected an array of entries; got ${describe(raw)}`);
    return [];
  }
  const entries: SeedEntry[] = [];
  raw.forEach((item, index) => {
    if (!isRecord(item)) {
      problems.add(`${where} entry at position ${index}: expected an object; got ${describe(item)}`);
      return;
    }
    const { id, ...values } = item;
    if (id === undefined || id === null) {
      entries.push({ index, values });
    } else if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) {
      entries.push({ index, id, values });
    } else {
      problems.add(`${where} entry at position ${index}: "id" must be a positive integer; got ${describe(id)}`);
    }
  });
  return entries;
}
