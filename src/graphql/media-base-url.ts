// A GraphQL schema whose media `url`s (and `previewUrl`, and each format's `url` in `formats`)
// start with a public base URL, for media kept on a CDN or a Strapi server. Pure: schema in,
// schema out; only URLs that are paths (`/uploads/...`) change, absolute ones stay as stored.
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { typeName } from '../model/naming.ts';
import { MEDIA_UID } from '../model/types.ts';

const MEDIA_TYPE = typeName({ uid: MEDIA_UID, singularName: 'file' });

/** `/uploads/a.jpg` under `https://cdn.example.com/media/` -> `https://cdn.example.com/media/uploads/a.jpg`. */
export function mediaUrl(url: unknown, base: string): unknown {
  return typeof url === 'string' && url.startsWith('/') ? base.replace(/\/+$/, '') + url : url;
}

function withFormats(formats: unknown, base: string): unknown {
  if (typeof formats !== 'object' || formats === null || Array.isArray(formats)) return formats;
  return Object.fromEntries(
    Object.entries(formats).map(([name, format]) =>
      [name, typeof format === 'object' && format !== null ? { ...format, url: mediaUrl((format as { url?: unknown }).url, base) } : format],
    ),
  );
}

/** `schema` with the media fields' resolvers prefixing path URLs with `base`. */
export function withMediaBaseUrl(schema: GraphQLSchema, base: string): GraphQLSchema {
  const rewrite: Record<string, (value: unknown) => unknown> = {
    url: (value) => mediaUrl(value, base),
    previewUrl: (value) => mediaUrl(value, base),
    formats: (value) => withFormats(value, base),
  };
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field, fieldName, type) => {
      const change = type === MEDIA_TYPE ? rewrite[fieldName] : undefined;
      if (!change) return field;
      const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
      return { ...field, resolve: async (source, args, context, info) => change(await resolve(source, args, context, info)) };
    },
  });
}
