// yoga's masking of an unexpected error -> the error logged with its request's id once the answer
// is processed: yoga hands `maskError` no request, so the mask remembers what it hid and
// errors-have-codes.ts, which sees the request, reports it.
import type { GraphQLError } from 'graphql';
import { toGraphQLError } from '../../../src/errors/map.ts';

export class MaskedErrors {
  /** A masked error -> the unexpected error it hides, until reported. */
  readonly #hidden = new WeakMap<object, unknown>();

  /** yoga's `maskError`: the error in Strapi's codes, an unexpected one kept to be reported. */
  readonly mask = (error: unknown): GraphQLError => {
    let hidden: { error: unknown } | undefined;
    const masked = toGraphQLError(error, (found) => {
      hidden = { error: found };
    });
    if (hidden) this.#hidden.set(masked, hidden.error);
    return masked;
  };

  /** Logs what `error` hides, once, when the mask hid something. */
  report(error: unknown, log: (error: unknown) => void): void {
    if (typeof error !== 'object' || error === null || !this.#hidden.has(error)) return;
    const hidden = this.#hidden.get(error);
    this.#hidden.delete(error);
    log(hidden);
  }
}
