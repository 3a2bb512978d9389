// The error hierarchy. Names mirror Strapi's, so clients that switch on `error.name` keep working.
// `map.ts` is the one place these become HTTP or GraphQL answers.

export type ErrorDetails = Record<string, unknown>;

/** An error whose message is safe to show to the caller. */
export class ApplicationError extends Error {
  readonly status: number = 400;
  readonly details: ErrorDetails;

  constructor(message: string, details: ErrorDetails = {}) {
    super(message);
    this.name = new.target.name;
    this.details = details;
  }
}

/** A request the gateway cannot read at all (a malformed request line or header). */
export class BadRequestError extends ApplicationError {
  override readonly status = 400;
}

/** A request body that is not JSON; named as Node's JSON parser names it, as Strapi answers. */
export class BodySyntaxError extends ApplicationError {
  override readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = 'SyntaxError';
  }
}

/** A JSON body that is neither an object nor an array (`null`, `"x"`); named and worded as koa-body's strict mode, as Strapi answers. */
export class BodyTypeError extends ApplicationError {
  override readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = 'Error';
  }
}

export class ValidationError extends ApplicationError {
  override readonly status = 400;
}

export class UnauthorizedError extends ApplicationError {
  override readonly status = 401;
}

export class ForbiddenError extends ApplicationError {
  override readonly status = 403;
}

export class NotFoundError extends ApplicationError {
  override readonly status = 404;
}

/** A method the REST API does not answer (anything but GET and HEAD); `details.allow` lists those. */
export class MethodNotAllowedError extends ApplicationError {
  override readonly status = 405;
}

/** A feature of Strapi's API the gateway does not serve yet (uploads, sign-in): the field exists, its answer says so. */
export class NotImplementedError extends ApplicationError {
  override readonly status = 501;
}

/** A request body larger than the gateway accepts. */
export class PayloadTooLargeError extends ApplicationError {
  override readonly status = 413;
}

/** Too many requests from one client within the limit's interval (the auth routes); Strapi's name and message. */
export class RateLimitError extends ApplicationError {
  override readonly status = 429;
  /** @param window when the client's window ends (epoch ms), for the answer's `X-RateLimit-Reset`; never in `details`. */
  constructor(message = 'Too many requests, please try again later.', details: ErrorDetails = {}, readonly window?: { readonly resetAt: number }) {
    super(message, details);
  }
}

/** The database did not answer in time, or is unreachable. */
export class ServiceUnavailableError extends ApplicationError {
  override readonly status = 503;
}

/** A schema folder or seed file that cannot be used; stops start-up or import. */
export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}
