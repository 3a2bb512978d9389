// A parsed Seed + the ContentModel -> a CheckedSeed with values in stored form, or one
// ConfigurationError listing every problem, each naming its entry and attribute.
import { describe, Problems } from '../model/problems.ts';
import { MEDIA_UID, PERMISSION_UID, ROLE_UID, type ContentModel, type ContentType } from '../model/types.ts';
import { checkFields } from './check-fields.ts';
import type { CheckedEntry, CheckedSeed } from './checked.ts';
import { isKnownAction, knownActions, seedAction } from '../access/actions.ts';
import { accessKeyOf, type ApiToken } from '../auth/api-tokens.ts';
import type { Seed, SeedApiToken, SeedEntry } from './parse-seed.ts';
import { roleEntries } from './role-entries.ts';
import { storedDateTime } from './scalar-values.ts';

/**
 * Checks every entry, media row, role and locale reference against the model.
 * @throws ConfigurationError listing every problem.
 */
export interface ValidateOptions {
  /** Strapi's API_TOKEN_SALT: needed to store an API token given in plain as its access key. */
  apiTokenSalt?: string;
  /** The time expiries are compared with and records are stamped with. */
  now?: Date;
}

export function validateSeed(model: ContentModel, seed: Seed, title = 'Invalid seed', options: ValidateOptions = {}): CheckedSeed {
  const problems = new Problems();
  const derived = roleEntries(seed.roles);
  const lists = new Map<string, readonly SeedEntry[]>([
    [MEDIA_UID, seed.media],
    [ROLE_UID, derived.roles],
    [PERMISSION_UID, derived.permissions],
  ]);
  for (const [uid, entries] of seed.entries) {
    if (uid === MEDIA_UID) problems.add(`entries: "${uid}" rows belong under "media"`);
    else if (uid === ROLE_UID || uid === PERMISSION_UID) {
      problems.add(`entries: "${uid}" entries come from "roles" (keyed by role type, with optional id, name and description)`);
    } else if (!model.contentTypes.has(uid)) {
      problems.add(`entries: unknown content-type "${uid}" (known: ${apiUids(model).join(', ')})`);
    } else lists.set(uid, entries);
  }
  const ids = collectIds(lists, problems);
  const codes = seed.locales.map((locale) => locale.code);
  const defaultLocale = seed.locales.find((locale) => locale.isDefault)?.code ?? codes[0] ?? 'en';
  const checked = new Map<string, CheckedEntry[]>();
  for (const [uid, entries] of lists) {
    const contentType = model.contentTypes.get(uid)!;
    checked.set(
      uid,
      entries.map((entry) => checkEntry(model, contentType, entry, { ids, codes, defaultLocale }, problems)),
    );
  }
  for (const [uid, entries] of checked) {
    const contentType = model.contentTypes.get(uid)!;
    if (contentType.localized) checkLocalizationGroups(entries, problems);
    if (contentType.kind === 'singleType') checkSingleType(contentType, entries, problems);
    checkOneSidedLinks(contentType, entries, problems);
  }
  checkRoles(model, seed, problems);
  const apiTokens = checkApiTokens(model, seed.apiTokens, options, problems);
  problems.throwIfAny(title);
  return { locales: seed.locales, defaultLocale, roles: seed.roles, tokens: seed.tokens, apiTokens, entries: checked };
}

/** API tokens with their access keys; permissions name an action a role grants on a content-type of the model. */
function checkApiTokens(model: ContentModel, tokens: readonly SeedApiToken[], options: ValidateOptions, problems: Problems): ApiToken[] {
  const seen = new Set<number>();
  return tokens.map((token) => {
    const at = `apiTokens[${token.index}]`;
    // Without an id, a token's id is its position, as `npm run token -- list` numbers it.
    const id = token.id ?? token.index + 1;
    if (seen.has(id)) problems.add(`${at}: id ${id} is taken by another token`);
    seen.add(id);
    if (token.token !== undefined && !options.apiTokenSalt) {
      problems.add(`${at}: a token given in plain needs API_TOKEN_SALT, to be kept as Strapi keeps it (or give its "accessKey")`);
    }
    for (const permission of token.permissions) {
      if (!isKnownAction(permission, apiTypes(model))) problems.add(`${at}: permission "${permission}" is not an action of this model${closest(permission, model)}`);
    }
    return {
      id,
      name: token.name,
      description: token.description,
      type: token.type as ApiToken['type'],
      accessKey: token.accessKey ?? (options.apiTokenSalt && token.token ? accessKeyOf(token.token, options.apiTokenSalt) : ''),
      permissions: token.permissions,
      expiresAt: token.expiresAt === null ? null : new Date(token.expiresAt),
      createdAt: options.now ?? new Date(),
    };
  });
}

export function entryLabel(uid: string, entry: Pick<SeedEntry, 'id' | 'index'>): string {
  const list = uid === MEDIA_UID ? 'media' : uid;
  return entry.id === undefined ? `${list} entry at position ${entry.index}` : `${list} entry ${entry.id}`;
}

function apiUids(model: ContentModel): string[] {
  return [...model.contentTypes.keys()].filter((uid) => uid !== MEDIA_UID);
}

function collectIds(lists: ReadonlyMap<string, readonly SeedEntry[]>, problems: Problems): Map<string, Set<number>> {
  const ids = new Map<string, Set<number>>();
  for (const [uid, entries] of lists) {
    const seen = new Set<number>();
    for (const entry of entries) {
      if (entry.id === undefined) continue;
      if (seen.has(entry.id)) problems.add(`${entryLabel(uid, entry)}: id ${entry.id} is used by an earlier entry too`);
      seen.add(entry.id);
    }
    ids.set(uid, seen);
  }
  return ids;
}

interface EntryContext {
  ids: ReadonlyMap<string, ReadonlySet<number>>;
  codes: readonly string[];
  defaultLocale: string;
}

function checkEntry(model: ContentModel, contentType: ContentType, entry: SeedEntry, ctx: EntryContext, problems: Problems): CheckedEntry {
  const label = entryLabel(contentType.uid, entry);
  const report = (text: string) => problems.add(`${label}: ${text}`);
  const { locale, localizationOf, localizations, publishedAt, createdAt, updatedAt, ...values } = entry.values;
  const checked: CheckedEntry = { label, id: entry.id, fields: new Map() };
  if (localizations !== undefined) report('"localizations" is derived at import; give "localizationOf" on the other entries instead');
  if (contentType.localized) {
    if (locale !== undefined && !ctx.codes.includes(locale as string)) {
      report(`locale ${describe(locale)} is not one of the seed's locales (${ctx.codes.join(', ')})`);
    }
    checked.locale = typeof locale === 'string' ? locale : ctx.defaultLocale;
    if (localizationOf !== undefined) {
      if (typeof localizationOf === 'number' && Number.isSafeInteger(localizationOf)) checked.localizationOf = localizationOf;
      else report(`"localizationOf" must be the id of an entry; got ${describe(localizationOf)}`);
    }
  } else {
    if (locale !== undefined) report(`has a locale, but ${contentType.uid} is not localized`);
    if (localizationOf !== undefined) report(`has "localizationOf", but ${contentType.uid} is not localized`);
  }
  if (contentType.draftAndPublish) {
    if (publishedAt === null) checked.publishedAt = null;
    else if (publishedAt !== undefined) checked.publishedAt = dateTime(publishedAt, 'publishedAt', report);
  } else if (publishedAt !== undefined) {
    report(`has "publishedAt", but ${contentType.uid} has no draft and publish`);
  }
  if (createdAt !== undefined) checked.createdAt = dateTime(createdAt, 'createdAt', report);
  if (updatedAt !== undefined) checked.updatedAt = dateTime(updatedAt, 'updatedAt', report);
  // Strapi's role service writes roles around its validator: an export may hold names of any length (recorded).
  const draft = checked.publishedAt === null || contentType.uid === ROLE_UID;
  checked.fields = checkFields(contentType, values, { model, ids: ctx.ids, draft, report });
  return checked;
}

function dateTime(value: unknown, key: string, report: (text: string) => void): Date | undefined {
  const converted = storedDateTime(value);
  if (!converted.ok) report(`"${key}": ${converted.problem}`);
  return converted.ok ? (converted.value as Date) : undefined;
}

/** A group is an entry and the entries whose `localizationOf` names it; one entry per locale. */
function checkLocalizationGroups(entries: readonly CheckedEntry[], problems: Problems): void {
  const byId = new Map(entries.filter((entry) => entry.id !== undefined).map((entry) => [entry.id!, entry]));
  const groups = new Map<CheckedEntry, CheckedEntry[]>();
  for (const entry of entries) {
    if (entry.localizationOf === undefined) continue;
    const root = byId.get(entry.localizationOf);
    if (entry.localizationOf === entry.id) problems.add(`${entry.label}: "localizationOf" names the entry itself`);
    else if (!root) problems.add(`${entry.label}: "localizationOf" ${entry.localizationOf}: there is no entry ${entry.localizationOf}`);
    else if (root.localizationOf !== undefined) {
      problems.add(
        `${entry.label}: "localizationOf" ${entry.localizationOf}: that entry is itself a localization of ` +
          `${root.localizationOf}; name the group's first entry, ${root.localizationOf}`,
      );
    } else groups.set(root, [...(groups.get(root) ?? [root]), entry]);
  }
  for (const members of groups.values()) {
    const seen = new Map<string, CheckedEntry>();
    for (const member of members) {
      const first = seen.get(member.locale!);
      if (first) problems.add(`${member.label}: locale "${member.locale}" is already taken in its localization group by ${first.label}`);
      else seen.set(member.locale!, member);
    }
  }
}

function checkSingleType(contentType: ContentType, entries: readonly CheckedEntry[], problems: Problems): void {
  const roots = entries.filter((entry) => entry.localizationOf === undefined);
  if (roots.length > 1) {
    problems.add(
      `${roots[1].label}: ${contentType.uid} is a single type and holds one entry` +
        `${contentType.localized ? ' (and its localizations)' : ''}; got ${roots.length}`,
    );
  }
}

/**
 * Where the other side holds one entry (oneToOne, or a oneToMany's manyToOne side), an entry
 * may be linked from one owner only.
 */
function checkOneSidedLinks(contentType: ContentType, entries: readonly CheckedEntry[], problems: Problems): void {
  for (const attribute of contentType.attributes.values()) {
    if (attribute.type !== 'relation' || attribute.inversedBy === undefined) continue;
    if (attribute.relation !== 'oneToOne' && attribute.relation !== 'oneToMany') continue;
    const linkedBy = new Map<number, string>();
    for (const entry of entries) {
      const field = entry.fields.get(attribute.name);
      const stored = field?.kind === 'value' ? field.value : null;
      for (const id of Array.isArray(stored) ? stored : stored === null ? [] : [stored]) {
        const first = linkedBy.get(id as number);
        if (first) {
          problems.add(
            `${entry.label}: attribute "${attribute.name}": ${attribute.target} entry ${id} is already linked by ${first}; ` +
              `its side, "${attribute.inversedBy}", holds one entry`,
          );
        } else linkedBy.set(id as number, entry.label);
      }
    }
  }
}

/** The model's own content-types, which roles are granted verbs on (`api::article.article.find`). */
function apiTypes(model: ContentModel): ReadonlySet<string> {
  return new Set([...model.contentTypes.keys()].filter((uid) => uid.startsWith('api::')));
}

/** Each role's grants name actions of this model or of the plugins' content APIs (a typo is refused by name). */
function checkRoles(model: ContentModel, seed: Seed, problems: Problems): void {
  for (const [role, { grants }] of Object.entries(seed.roles)) {
    for (const [verb, subjects] of Object.entries(grants)) {
      for (const subject of subjects) {
        const action = seedAction(subject, verb);
        if (isKnownAction(action, apiTypes(model))) continue;
        if (!model.contentTypes.has(subject) && !knownActions(apiTypes(model)).some((known) => known.startsWith(`${action.slice(0, action.lastIndexOf('.'))}.`))) {
          problems.add(`role "${role}": ${verb} names unknown content-type "${subject}" (known: ${[...model.contentTypes.keys()].join(', ')})`);
        } else {
          problems.add(`role "${role}": "${verb}" of "${subject}" grants ${action}, which is not an action of this model${closest(action, model)}`);
        }
      }
    }
  }
}

/** `; did you mean …` naming the known actions of the same subject, or nothing. */
function closest(action: string, model: ContentModel): string {
  const subject = action.slice(0, action.lastIndexOf('.') + 1);
  const same = knownActions(apiTypes(model)).filter((known) => known.startsWith(subject));
  return same.length > 0 ? ` (its actions: ${same.join(', ')})` : '';
}
