// A content-type -> the OpenAPI operations of its REST writes: create, update, delete and (i18n)
// create a localization, each with its body's schema and examples, the written entry as the
// answer, and the errors a write meets (the body's 400s, 404, 413).
import { typeName } from '../model/naming.ts';
import type { ContentModel, ContentType } from '../model/types.ts';
import { bodyExamples, type BodyExample } from './body-examples.ts';
import { inputNames } from './input-schemas.ts';
import { queryParameters, type ParameterObject } from './parameters.ts';
import { ref, schemaNames, type Schema } from './schemas.ts';

export type WriteAction = 'create' | 'update' | 'delete' | 'createLocalization';

type OperationObject = Record<string, unknown>;

export const json = (schema: Schema, examples?: readonly BodyExample[]) => ({
  'application/json': { schema, ...(examples && examples.length > 0 ? { examples: Object.fromEntries(examples.map((e, i) => [`example${i + 1}`, e])) } : {}) },
});
export const response = (name: string) => ({ $ref: `#/components/responses/${name}` });

const ID_PARAMETER: ParameterObject = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 }, example: 1 };

/** `?locale=` on a write: which locale's entry it changes, or the new entry's locale. */
const LOCALE_PARAMETER: ParameterObject = {
  name: 'locale',
  in: 'query',
  required: false,
  description: 'The locale of the entry to change or delete, or of the new entry; the default locale when absent',
  schema: { type: 'string' },
};

const SUMMARIES: Record<WriteAction, (ct: ContentType, single: boolean) => string> = {
  create: (ct) => `Create a ${ct.displayName} entry (published unless \`data.publishedAt\` is null)`,
  update: (ct, single) => `Change ${single ? `the ${ct.displayName} single type (created when missing)` : `a ${ct.displayName} entry`}: what the body leaves out is kept`,
  delete: (ct, single) => `Delete ${single ? `the ${ct.displayName} single type` : `a ${ct.displayName} entry`}; answers the deleted entry`,
  createLocalization: (ct) => `Create the entry of another locale for a ${ct.displayName} entry (a draft); its fields at the top level with \`locale\``,
};

/** The request body of a write, or none for a delete. */
function requestBody(model: ContentModel, target: ContentType, action: WriteAction, locales: readonly string[]): OperationObject {
  const examples = bodyExamples(model, target, locales[1] ?? locales[0] ?? 'en');
  switch (action) {
    case 'create':
      return { requestBody: { required: true, content: json(ref(inputNames.createRequest(target)), examples.create) } };
    case 'update':
      return { requestBody: { required: true, content: json(ref(inputNames.request(target)), examples.update) } };
    case 'createLocalization':
      return { requestBody: { required: true, content: json(ref(inputNames.localizationRequest(target)), examples.localization) } };
    case 'delete':
      return {};
  }
}

/** A new localization's answer: flat, as Strapi answers it (no `data` wrapper). */
const FLAT_LOCALIZATION = {
  description: 'The new entry flat, as Strapi answers it: `id`, its fields (no relations, components or media), `locale`, and `localizations` (the other entries of its group, flat)',
  content: json({ type: 'object', required: ['id', 'locale', 'localizations'], properties: { id: { type: 'integer' }, locale: { type: 'string' }, localizations: { type: 'array', items: { type: 'object' } } } }),
};

/**
 * One write operation of `target`. Named as Strapi names the controller actions and the GraphQL
 * mutations (`createPost`, `updatePost`), like the reads' `findPosts` (docs/decisions.md).
 */
export function writeOperation(model: ContentModel, target: ContentType, action: WriteAction, locales: readonly string[]): OperationObject {
  const single = target.kind === 'singleType';
  const byId = !single && action !== 'create';
  const withBody = action !== 'delete';
  return {
    operationId: `${action === 'createLocalization' ? 'create' : action}${typeName(target)}${action === 'createLocalization' ? 'Localization' : ''}`,
    summary: SUMMARIES[action](target, single),
    tags: [target.displayName],
    parameters: [
      ...(byId ? [ID_PARAMETER] : []),
      ...queryParameters(model, target, 'write', locales),
      ...(target.localized ? [LOCALE_PARAMETER] : []),
    ],
    ...requestBody(model, target, action, locales),
    responses: {
      200: action === 'createLocalization' ? FLAT_LOCALIZATION : { description: 'The written entry, as a GET of it with this `fields` and `populate` answers it (drafts included)', content: json(ref(schemaNames.single(target))) },
      400: response(withBody ? 'InvalidBody' : 'BadRequest'),
      401: response('Unauthorized'),
      403: response('Forbidden'),
      ...(byId || action === 'delete' ? { 404: response('NotFound') } : {}),
      ...(withBody ? { 413: response('PayloadTooLarge') } : {}),
      503: response('ServiceUnavailable'),
    },
  };
}
