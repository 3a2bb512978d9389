// What users-permissions' operations use besides the store: the JWT issuer, the mailer, the
// config's settings (advanced, token lifetimes, public URL), the auth routes' rate limiter and the
// clock. Made once per gateway and handed to every request's base.
import { JwtIssuer } from '../../auth/jwt.ts';
import { DEFAULT_USERS_PERMISSIONS_SETTINGS, type UsersPermissionsSettings } from '../../auth/users-permissions-settings.ts';
import { ApplicationError } from '../../errors/errors.ts';
import { rateLimiter, type RateLimiter } from '../../limits/rate-limit.ts';
import { MailNotConfiguredError, noMailer, type Mailer, type MailMessage } from '../../mail/mailer.ts';

export interface AuthServices {
  readonly settings: UsersPermissionsSettings;
  /** Signs users' JWTs; absent without JWT_SECRET (signing in then says how to set it). */
  readonly jwt?: JwtIssuer;
  readonly mailer: Mailer;
  /** The gateway's public URL: the config's `usersPermissions.url`, else where it listens (Strapi's `server.url`). */
  readonly publicUrl: string;
  /** The auth routes' limit per client (Strapi's `ratelimit`). */
  readonly limiter: RateLimiter;
  /** Epoch milliseconds; tests fix it. */
  now(): number;
}

export interface AuthServicesOptions {
  settings?: UsersPermissionsSettings;
  jwtSecret?: string;
  mailer?: Mailer;
  /** Where the gateway listens (`http://localhost:1337`), when the config names no public URL. */
  listenUrl?: string;
  now?: () => number;
}

/** Strapi's own default `server.url`: port 1337 on the local host. */
const DEFAULT_URL = 'http://localhost:1337';

export function authServices(options: AuthServicesOptions = {}): AuthServices {
  const settings = options.settings ?? DEFAULT_USERS_PERMISSIONS_SETTINGS;
  const now = options.now ?? Date.now;
  return Object.freeze({
    settings,
    jwt: options.jwtSecret ? new JwtIssuer(options.jwtSecret, settings.jwt.expiresIn, now) : undefined,
    mailer: options.mailer ?? noMailer,
    publicUrl: (settings.url ?? options.listenUrl ?? DEFAULT_URL).replace(/\/+$/, ''),
    limiter: rateLimiter(settings.ratelimit),
    now,
  });
}

/** A gateway started without JWT_SECRET was asked to sign a user in. */
export class SignInNotConfiguredError extends ApplicationError {
  override readonly status = 500;
  constructor() {
    super('Signing in is not configured: set JWT_SECRET (the users-permissions plugin\'s JWT secret) in the environment');
  }
}

/** The request's auth services; a base built without them (tools) cannot sign in. */
export function authOf(scope: { readonly auth?: AuthServices }): AuthServices {
  if (!scope.auth) throw new SignInNotConfiguredError();
  return scope.auth;
}

/** A JWT naming `userId`, as Strapi issues it. @throws SignInNotConfiguredError without JWT_SECRET. */
export function issueJwt(auth: AuthServices, userId: number): Promise<string> {
  if (!auth.jwt) throw new SignInNotConfiguredError();
  return auth.jwt.issue(userId);
}

/**
 * @throws MailNotConfiguredError before anything is read or written when the gateway has no SMTP
 * server: a route that mails then answers the same for every address (no way to learn which exist).
 */
export function requireMail(auth: AuthServices): void {
  if (auth.mailer === noMailer) throw new MailNotConfiguredError();
}

/** Sends `message`; a refusal is the mailer's error (MailDeliveryError, logged and answered as a 500). */
export async function sendMail(auth: AuthServices, message: MailMessage): Promise<void> {
  await auth.mailer.send(message);
}
