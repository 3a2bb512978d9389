// Content model names -> the GraphQL names the Strapi v4 GraphQL plugin generates.
// The only module that builds type names; everything else asks it.
import type { Component, ContentType } from './types.ts';

/** `rich-text` -> `RichText`, `meta_social` -> `MetaSocial`. */
export function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** `blog-post` -> `blogPost`. */
export function camelCase(text: string): string {
  const pascal = pascalCase(text);
  return pascal[0].toLowerCase() + pascal.slice(1);
}

/** `api::article.article` -> `Article`; `plugin::upload.file` -> `UploadFile`. */
export function typeName(ct: Pick<ContentType, 'uid' | 'singularName'>): string {
  const [namespace, rest] = ct.uid.split('::');
  if (namespace === 'plugin') return pascalCase(rest.split('.')[0]) + pascalCase(ct.singularName);
  return pascalCase(ct.singularName);
}

/** `shared.seo` -> `ComponentSharedSeo`. */
const componentTypeNames = new WeakMap<object, string>();

/** `blocks.rich-text` -> `ComponentBlocksRichText`; remembered per component (resolvers ask it per item). */
export function componentTypeName(c: Pick<Component, 'category' | 'name'>): string {
  let name = componentTypeNames.get(c);
  if (name === undefined) componentTypeNames.set(c, (name = `Component${pascalCase(c.category)}${pascalCase(c.name)}`));
  return name;
}

export const entityName = (type: string) => `${type}Entity`;
export const entityResponseName = (type: string) => `${type}EntityResponse`;
export const entityResponseCollectionName = (type: string) => `${type}EntityResponseCollection`;
export const relationResponseCollectionName = (type: string) => `${type}RelationResponseCollection`;
export const filtersInputName = (type: string) => `${type}FiltersInput`;
export const inputName = (type: string) => `${type}Input`;

/** `ENUM_ARTICLE_KIND`, `ENUM_COMPONENTSHAREDMETASOCIAL_SOCIALNETWORK`. */
export function enumName(ownerType: string, attribute: string): string {
  return `ENUM_${ownerType.toUpperCase()}_${attribute.toUpperCase()}`;
}

/** `ArticleBlocksDynamicZone`. */
export function dynamicZoneUnionName(ownerType: string, attribute: string): string {
  return `${ownerType}${pascalCase(attribute)}DynamicZone`;
}

/** `ArticleBlocksDynamicZoneInput`: the JSON scalar one item of a dynamic zone is written as. */
export const dynamicZoneInputName = (union: string) => `${union}Input`;

/** Root mutation fields of a content-type: `createArticle`, `updateArticle`, `deleteArticle`, `createArticleLocalization`. */
export function mutationFieldNames(ct: Pick<ContentType, 'uid' | 'singularName'>) {
  const type = typeName(ct);
  return { create: `create${type}`, update: `update${type}`, delete: `delete${type}`, createLocalization: `create${type}Localization` } as const;
}

/** Root query field for one entry: `article`, `uploadFile`, `global`. */
export function singleQueryField(ct: Pick<ContentType, 'uid' | 'singularName'>): string {
  return camelCase(typeName(ct));
}

/** Root query field for a list: `articles`, `uploadFiles`. */
export function collectionQueryField(ct: Pick<ContentType, 'uid' | 'singularName' | 'pluralName'>): string {
  const [namespace, rest] = ct.uid.split('::');
  if (namespace === 'plugin') return camelCase(pascalCase(rest.split('.')[0]) + pascalCase(ct.pluralName));
  return camelCase(ct.pluralName);
}

/** Letters transliterated to ASCII before slugging, beyond those NFD splits into letter + accent. */
const TRANSLITERATED: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', þ: 'th' };

/**
 * A GraphQL enum value name for a stored enumeration value, as Strapi's plugin slugs it: letters
 * made ASCII, `&` read as "and", every run of other characters one `_`, none at either end
 * (`_blank` -> `blank`, `in-progress` -> `in_progress`). A name that cannot start a GraphQL
 * name (`2024`) is prefixed with `_`, where Strapi would not start.
 */
export function enumValueName(value: string): string {
  const ascii = value
    .replace(/&/g, ' and ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\u0000-\u007f]/g, (char) => TRANSLITERATED[char] ?? char);
  const slug = ascii.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[A-Za-z_]/.test(slug) ? slug : `_${slug}`;
}

/** `blocks.rich-text`: the `__component` a REST client sees. */
export const componentUid = (c: Pick<Component, 'category' | 'name'>) => `${c.category}.${c.name}`;
