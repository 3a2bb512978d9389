// The seed after validation against the model: values already in their stored form, component
// items waiting only for ids. Produced by `validate-seed.ts`, read by `build-documents.ts`.
import type { ApiToken } from '../auth/api-tokens.ts';
import type { SeedLocale, SeedRole } from './parse-seed.ts';

/** A component item (single, repeatable or dynamic-zone) before it has an id. */
export interface CheckedItem {
  /** Component uid, `<category>.<name>`. */
  component: string;
  /** Dynamic-zone items are stored with `__component`. */
  zone: boolean;
  fields: CheckedFields;
}

export type CheckedValue =
  /** Stored as it is: a converted scalar, relation or media ids, or null. */
  | { kind: 'value'; value: unknown }
  | { kind: 'component'; item: CheckedItem | null }
  /** A repeatable component or a dynamic zone. */
  | { kind: 'components'; items: CheckedItem[] };

/** By attribute name, in the owner's attribute order; `mappedBy` relations are absent. */
export type CheckedFields = ReadonlyMap<string, CheckedValue>;

export interface CheckedEntry {
  /** How messages name the entry: `api::article.article entry 3`. */
  label: string;
  id?: number;
  /** i18n types only: the given locale, or the default. */
  locale?: string;
  localizationOf?: number;
  /** draftAndPublish types only; `undefined` when the seed left it out. */
  publishedAt?: Date | null;
  createdAt?: Date;
  updatedAt?: Date;
  fields: CheckedFields;
}

export interface CheckedSeed {
  /** Strapi API tokens, with their access keys. */
  apiTokens: readonly ApiToken[];
  locales: readonly SeedLocale[];
  defaultLocale: string;
  roles: Readonly<Record<string, SeedRole>>;
  tokens: Readonly<Record<string, string>>;
  /** Entries by content-type uid; media rows under `plugin::upload.file`. */
  entries: ReadonlyMap<string, readonly CheckedEntry[]>;
}
