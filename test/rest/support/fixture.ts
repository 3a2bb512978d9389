// The conformance fixture for REST tests: its content model (test/fixtures/blog), the public
// role of its seed, and the pure pipeline from a request path to a GraphQL document.
import { roleGranting } from '../../support/roles.ts';
import { exposedAttribute } from '../../../src/access/rules.ts';
import { accessOf } from '../../support/scope.ts';
import { stripIgnoredCharacters, print } from 'graphql';
import { createRole, type Role } from '../../../src/auth/roles.ts';
import { loadContentModel } from '../../../src/model/load.ts';
import type { ContentModel } from '../../../src/model/types.ts';
import { defaultFields } from '../../../src/rest/attributes.ts';
import { buildDocument, type BuiltDocument } from '../../../src/rest/document.ts';
import { parseQueryString } from '../../../src/rest/parse.ts';
import type { RestQuery } from '../../../src/rest/query.ts';
import type { ReadRoute as Route } from '../../../src/rest/read-route.ts';
import { readRouteAt } from '../../support/read-route.ts';
import { validateQuery } from '../../../src/rest/validate.ts';

export const MODEL_DIR = 'test/fixtures/blog';
export const SEED_FILE = 'test/fixtures/blog-seed.json';
export const LOCALES = ['en', 'fr'] as const;

let model: Promise<ContentModel> | undefined;

/** The fixture's content model, loaded once per test file. */
export function fixtureModel(): Promise<ContentModel> {
  model ??= loadContentModel(MODEL_DIR);
  return model;
}

/** The seed's public role: `find` on everything but tags, `findOne` on three types. */
export const publicRole: Role = roleGranting('public', {
  find: ['api::article.article', 'api::author.author', 'api::category.category', 'api::global.global', 'plugin::upload.file'],
  findOne: ['api::article.article', 'api::author.author', 'api::category.category'],
});

export interface Translated {
  route: Route;
  query: RestQuery;
  built: BuiltDocument;
  /** The document without ignored characters, default field lists shown as `{{type}}`. */
  compact: string;
}

/** `/api/articles?populate=*` -> route, validated query and built document. */
export function translate(current: ContentModel, path: string, role: Role = publicRole): Translated {
  const url = new URL(path, 'http://test');
  const route = readRouteAt(current, 'GET', url.pathname);
  const query = validateQuery(parseQueryString(url.search), route.target, { model: current, access: accessOf(current, role), locales: LOCALES }, route.kind);
  const built = buildDocument(current, route.target, route.operation, query);
  return { route, query, built, compact: compactDocument(current, print(built.document)) };
}

/**
 * A document as one line without ignored characters, each content-type's and component's full
 * default field list replaced by `{{singularName}}` or `{{category.name}}`, so table rows stay
 * readable. `expand` does the reverse on expected text before comparing.
 */
export function compactDocument(current: ContentModel, text: string): string {
  let compact = stripIgnoredCharacters(text);
  for (const [token, fields] of defaultLists(current)) compact = compact.split(`{${fields}`).join(`{${token}`).split(` ${fields}`).join(` ${token}`);
  return compact;
}

/** Normalises expected document text the way {@link compactDocument} does. */
export function expectedDocument(current: ContentModel, text: string): string {
  let expanded = text;
  // `{{article^views}}`: the default list with `views` first, as a populated list sorted by it selects it.
  for (const [token, fields] of defaultLists(current)) {
    expanded = expanded.replace(new RegExp(`${token.slice(0, -2).replace(/[.]/g, '\\.')}\\^(\\w+)\\}\\}`, 'g'), (_all, first: string) =>
      [first, ...fields.split(' ').filter((name) => name !== first)].join(' '));
    expanded = expanded.split(token).join(fields);
  }
  return compactDocument(current, expanded);
}

function defaultLists(current: ContentModel): Array<[token: string, fields: string]> {
  const owners = [
    ...[...current.contentTypes.values()].map((ct) => [`{{${ct.singularName}}}`, ct] as const),
    ...[...current.components.values()].map((c) => [`{{${c.uid}}}`, c] as const),
  ];
  return owners
    .map(([token, owner]): [string, string] => [token, defaultFields(owner, exposedAttribute).join(' ')])
    .filter(([, fields]) => fields.includes(' '))
    .sort((a, b) => b[1].length - a[1].length);
}
