// Health for load balancers and Kubernetes: `/_health` (readiness) answers 204 only while the
// store is prepared, reachable and the gateway is not shutting down; `/_health/live` (liveness)
// answers 204 whenever the process can answer at all.
import type { AccessSettings } from '../../src/auth/settings.ts';
import { ServiceUnavailableError } from '../../src/errors/errors.ts';
import { toRestError } from '../../src/errors/map.ts';
import type { Store } from '../../src/store/store.ts';
import type { Exchange } from '../http/pipeline.ts';
import { jsonResponse } from '../http/responses.ts';

export interface HealthDeps {
  store: Store;
  settings(): AccessSettings | undefined;
  /** True once shutdown began: the gateway finishes what it has but wants no new work. */
  draining(): boolean;
}

/** GET /_health. */
export function readiness(deps: HealthDeps): (request: Request, exchange: Pick<Exchange, 'log'>) => Promise<Response> {
  return async (_request, exchange) => {
    try {
      if (deps.draining()) throw new ServiceUnavailableError('The gateway is shutting down');
      if (!deps.settings()) throw new ServiceUnavailableError('The gateway is starting: the database is not ready yet');
      await deps.store.ping();
      return new Response(null, { status: 204 });
    } catch (error) {
      const refused = error instanceof ServiceUnavailableError ? error : new ServiceUnavailableError('The database is not reachable');
      const { status, body } = toRestError(refused, exchange.log);
      return jsonResponse(status, body);
    }
  };
}

/** GET /_health/live. */
export async function liveness(): Promise<Response> {
  return new Response(null, { status: 204 });
}
