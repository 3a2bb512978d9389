// Request path -> the route that answers it, naming the route kind on the exchange for logs and
// metrics. Routes switched off (GraphiQL, the docs page, /metrics, uploads) answer 404.
import { NotFoundError } from '../../src/errors/errors.ts';
import type { Exchange, Handler, RouteKind } from '../http/pipeline.ts';
import { DOCS_PATH, OPENAPI_PATH, isDocsAsset } from './docs.ts';
import { GRAPHIQL_PREFIX } from './graphiql.ts';
import { HOME_PATH } from './home.ts';
import { UPLOADS_PREFIX } from './uploads.ts';

type Route = (request: Request, exchange: Exchange) => Promise<Response>;

export interface Routes {
  readiness: Route;
  liveness: Route;
  graphql: Route;
  rest: Route;
  metrics?: Route;
  uploads?: Route;
  graphiqlAsset?: Route;
  docsPage?: Route;
  docsAsset?: Route;
  openApi: Route;
  /** `/`: a page for browsers, the 404 envelope for other clients. */
  home: Route;
  /** `/admin/...`: the admin API (webhooks), behind the admin credential. */
  admin?: Route;
}

const under = (pathname: string, root: string) => pathname === root || pathname.startsWith(`${root}/`);

/** The route for a path, with its kind; undefined when nothing is served there. */
export function routeFor(routes: Routes, pathname: string): [RouteKind, Route | undefined] {
  if (pathname === '/_health') return ['health', routes.readiness];
  if (pathname === '/_health/live') return ['health', routes.liveness];
  if (under(pathname, '/graphql')) return ['graphql', routes.graphql];
  if (under(pathname, '/api')) return ['rest', routes.rest];
  if (pathname.startsWith(UPLOADS_PREFIX)) return ['uploads', routes.uploads];
  if (pathname === '/metrics') return ['metrics', routes.metrics];
  if (pathname.startsWith(GRAPHIQL_PREFIX)) return ['graphiql', routes.graphiqlAsset];
  if (pathname === OPENAPI_PATH) return ['docs', routes.openApi];
  if (pathname === DOCS_PATH || pathname === `${DOCS_PATH}/`) return ['docs', routes.docsPage];
  if (isDocsAsset(pathname)) return ['docs', routes.docsAsset];
  if (pathname === HOME_PATH) return ['home', routes.home];
  if (under(pathname, '/admin')) return ['admin', routes.admin];
  return ['unknown', undefined];
}

/** Dispatches to the route for the path; 404 in Strapi's envelope where there is none. */
export function router(routes: Routes): Handler {
  return async (request, exchange) => {
    const [kind, route] = routeFor(routes, new URL(request.url).pathname);
    exchange.kind = kind;
    if (!route) throw new NotFoundError('Not Found');
    return route(request, exchange);
  };
}
