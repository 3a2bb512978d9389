// Every request gets a deadline (the configured time, or until the client leaves). The routes'
// store reads and serialisation check it; this step answers 503 the moment it passes, in the
// envelope of the protocol asked, even if some work is still waiting on something else.
import { Deadline } from '../../src/limits/deadline.ts';
import { toRestError } from '../../src/errors/map.ts';
import { graphqlErrorResponse } from '../routes/graphql/route.ts';
import type { Step } from './pipeline.ts';
import { jsonResponse } from './responses.ts';

/** `uploadTimeoutMs`, when given, is the time of a request carrying files (a multipart POST): receiving them takes longer. */
export function deadlineStep(timeoutMs: number, uploadTimeoutMs?: number): Step {
  return async (request, exchange, next) => {
    const carriesFiles = uploadTimeoutMs !== undefined && request.method === 'POST' && /^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '');
    const deadline = new Deadline(carriesFiles ? uploadTimeoutMs : timeoutMs, exchange.client ?? request.signal);
    exchange.deadline = deadline;
    try {
      return await deadline.race(next(request, exchange));
    } catch (error) {
      if (!deadline.isOwn(error)) throw error;
      if (exchange.kind === 'graphql') return graphqlErrorResponse(error, exchange.log);
      const { status, body } = toRestError(error, exchange.log);
      return jsonResponse(status, body);
    } finally {
      deadline.dispose();
    }
  };
}
