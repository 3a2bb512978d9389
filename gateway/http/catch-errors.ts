// The last guard before the routes: anything a route throws instead of answering becomes
// Strapi's error envelope (a 500 without internals, logged with its stack), never a dropped request.
import { toRestError } from '../../src/errors/map.ts';
import type { Step } from './pipeline.ts';
import { jsonResponse } from './responses.ts';

/** Turns a thrown error into Strapi's envelope; the exchange's log gets the unexpected ones. */
export function catchErrorsStep(): Step {
  return async (request, exchange, next) => {
    try {
      return await next(request, exchange);
    } catch (error) {
      const { status, body } = toRestError(error, exchange.log);
      return jsonResponse(status, body);
    }
  };
}
