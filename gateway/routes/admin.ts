// /admin/...: the admin API. Its routes are rows of the route table's shape (method, path, the
// admin action they need, and what they do), matched by the content API's matcher; every one needs
// the admin credential (gateway/admin-credential.ts); answers are JSON, errors Strapi's envelope,
// and a method a path does not take a 405 with `Allow`.
import { NotFoundError } from '../../src/errors/errors.ts';
import { toRestError } from '../../src/errors/map.ts';
import { RouteMatcher } from '../../src/routes/match.ts';
import type { Method } from '../../src/routes/table.ts';
import type { WebhookAdmin } from '../../src/webhooks/admin.ts';
import type { AdminCheck } from '../admin-credential.ts';
import type { Exchange } from '../http/pipeline.ts';
import { jsonResponse } from '../http/responses.ts';

export interface AdminCall {
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
}

export interface AdminRow {
  readonly method: Method;
  readonly path: string;
  /** Strapi's admin permission the route stands for (an admin token holds every one). */
  readonly action: string;
  readonly handle: (call: AdminCall) => Promise<unknown>;
  /** The answer's status when it is not 200. */
  readonly status?: number;
}

/** A path parameter naming a delivery by its number; anything else names none. */
function deliveryOf(params: AdminCall['params']): number {
  const id = Number(params.delivery);
  if (!/^[1-9]\d*$/.test(params.delivery ?? '')) throw new NotFoundError('delivery.notFound', { delivery: params.delivery });
  return id;
}

/** The webhook routes: Strapi's list, one webhook and its trigger; ours, deliveries and a re-send. */
export function webhookAdminRows(admin: WebhookAdmin): AdminRow[] {
  const read = 'admin::webhooks.read';
  const update = 'admin::webhooks.update';
  const id = (call: AdminCall) => Number(call.params.id);
  return [
    { method: 'GET', path: '/admin/webhooks', action: read, handle: async () => ({ data: await admin.list() }) },
    { method: 'GET', path: '/admin/webhooks/:id', action: read, handle: async (call) => ({ data: await admin.get(id(call)) }) },
    { method: 'POST', path: '/admin/webhooks/:id/trigger', action: update, handle: async (call) => ({ data: await admin.trigger(id(call)) }) },
    { method: 'GET', path: '/admin/webhooks/:id/deliveries', action: read, handle: (call) => admin.deliveries(id(call), call.query) },
    { method: 'GET', path: '/admin/webhooks/:id/deliveries/:delivery', action: read, handle: async (call) => ({ data: await admin.delivery(id(call), deliveryOf(call.params)) }) },
    { method: 'POST', path: '/admin/webhooks/:id/deliveries/:delivery/resend', action: update, status: 202, handle: async (call) => ({ data: await admin.resend(id(call), deliveryOf(call.params)) }) },
  ];
}

/** The /admin route: the credential first, then the row for the method and path. */
export function adminRoute(rows: readonly AdminRow[], check: AdminCheck): (request: Request, exchange: Pick<Exchange, 'log'>) => Promise<Response> {
  const matcher = new RouteMatcher(rows);
  return async (request, exchange) => {
    const url = new URL(request.url);
    try {
      check(request);
      const { row, params } = matcher.match(request.method, url.pathname);
      const body = await row.handle({ params, query: Object.fromEntries(url.searchParams) });
      return jsonResponse(row.status ?? 200, body, { 'cache-control': 'no-store' });
    } catch (error) {
      const { status, body } = toRestError(error, exchange.log);
      return jsonResponse(status, body, status === 405 ? { allow: matcher.allowed(url.pathname).join(', ') } : {});
    }
  };
}
