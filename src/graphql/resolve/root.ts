// Root query resolvers: `articles(...)`, `article(id)`, single types and the media library.
// Each checks the role, then reads one page with one store query (and one count if asked).
import type { GraphQLFieldResolver } from 'graphql';
import { ForbiddenError, ValidationError } from '../../errors/errors.ts';
import { collectionQueryField, singleQueryField } from '../../model/naming.ts';
import { ROLE_UID, USER_UID, hasRootQueries, type ContentModel, type ContentType } from '../../model/types.ts';
import type { Doc } from '../../store/store.ts';
import type { GatewayContext } from '../context.ts';
import { pageCount, pageWindow, type PageWindow, type PaginationArg } from '../query/pagination.ts';
import { compileFilters } from '../query/filters.ts';
import { and, filterScope, localeFilter, publicationFilter, readEntries, type PublicationState } from '../query/read.ts';
import { planSort } from '../query/sort.ts';

type Resolver = GraphQLFieldResolver<unknown, GatewayContext, Record<string, unknown>>;

interface ListArgs {
  filters?: Record<string, unknown> | null;
  pagination?: PaginationArg | null;
  sort?: string[] | string | null;
  publicationState?: PublicationState | null;
  locale?: string | null;
}

/** What `meta.pagination` resolves from: the count runs only if `total` or `pageCount` is asked. */
export interface PaginationValue {
  window: PageWindow;
  total(): Promise<number>;
}

export interface CollectionValue {
  data: Doc[];
  meta: { pagination: PaginationValue };
}

function requireRole(context: GatewayContext, action: 'find' | 'findOne', ct: ContentType) {
  if (!context.role.can(action, ct.uid)) throw new ForbiddenError('Forbidden');
}

function listResolver(ct: ContentType): Resolver {
  return async (_root, rawArgs, context) => {
    const args = rawArgs as ListArgs;
    requireRole(context, 'find', ct);
    const window = pageWindow(args.pagination);
    const scope = filterScope(context.model, context.store, context.role, args.publicationState);
    const filter = and(
      await compileFilters(scope, ct, args.filters),
      publicationFilter(ct, args.publicationState),
      localeFilter(ct, args.locale, context.locales),
    );
    const data = await readEntries(context.store, ct, filter, planSort(scope, ct, args.sort), window);
    let counted: Promise<number> | undefined;
    const value: CollectionValue = {
      data,
      meta: { pagination: { window, total: () => (counted ??= context.store.count(ct.collectionName, filter)) } },
    };
    return value;
  };
}

function oneResolver(ct: ContentType): Resolver {
  return async (_root, rawArgs, context) => {
    const args = rawArgs as { id?: string | null; locale?: string | null; publicationState?: PublicationState | null };
    const single = ct.kind === 'singleType';
    const self = ct.uid === USER_UID && context.self !== undefined && Number(args.id) === context.self;
    if (!self) requireRole(context, single ? 'find' : 'findOne', ct);
    if (single && args.locale === 'all') {
      throw new ValidationError(`Invalid locale all: ${singleQueryField(ct)} answers one entry; ${collectionQueryField(ct)}(locale: "all") lists every locale's`);
    }
    const id = single ? undefined : Number(args.id);
    if (!single && !Number.isInteger(id)) return { data: null };
    const filter = and(
      id === undefined ? {} : { id },
      publicationFilter(ct, args.publicationState),
      // By id, the id names one entry in one locale already; Strapi ignores `locale` there.
      single ? localeFilter(ct, args.locale, context.locales) : {},
    );
    const [doc] = await context.store.find(ct.collectionName, filter, { limit: 1, sort: [['id', 1]] });
    return { data: doc ?? null };
  };
}

/**
 * `me`: the logged-in user a JWT names, with its role, as users-permissions answers it; without
 * one, `Forbidden access` as Strapi answers a caller without the `me` action.
 */
const meResolver: Resolver = async (_root, _args, context) => {
  const user = context.user;
  if (!user) throw new ForbiddenError('Forbidden');
  const roles = context.model.contentTypes.get(ROLE_UID)!;
  const [role] = user.role == null ? [] : await context.store.find(roles.collectionName, { id: user.role }, { limit: 1 });
  const me = { id: String(user.id), username: user.username, email: user.email, confirmed: user.confirmed, blocked: user.blocked };
  return { ...me, role: role ? { id: String(role.id), name: role.name, description: role.description, type: role.type } : null };
};

export function rootResolvers(model: ContentModel): Record<string, Resolver> {
  const resolvers: Record<string, Resolver> = model.contentTypes.has(USER_UID) ? { me: meResolver } : {};
  for (const ct of [...model.contentTypes.values()].filter(hasRootQueries)) {
    resolvers[singleQueryField(ct)] = oneResolver(ct);
    if (ct.kind === 'collectionType' || ct.localized) resolvers[collectionQueryField(ct)] = listResolver(ct);
  }
  return resolvers;
}

export const paginationResolvers = {
  total: (p: PaginationValue) => p.total(),
  page: (p: PaginationValue) => p.window.page,
  pageSize: (p: PaginationValue) => p.window.pageSize,
  pageCount: async (p: PaginationValue) => pageCount(await p.total(), p.window.pageSize),
};
