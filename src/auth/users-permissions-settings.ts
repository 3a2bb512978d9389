// The config file's `usersPermissions` section (raw JSON) -> typed settings of sign-in and
// registration: Strapi's advanced settings, `jwt.expiresIn`, the auth routes' rate limit, the
// lifetime of reset and confirmation tokens and the public URL mails link to. Strapi's defaults.
import { z } from 'zod';
import { rateLimitSettingsSchema } from '../limits/rate-limit.ts';
import { expiresInSeconds, jwtExpiresInSchema } from './jwt.ts';

const url = z.string().trim().url('expected an absolute URL, such as "https://app.example.com/reset"');

/**
 * Strapi's `plugin_users-permissions_advanced` settings, by its names, with the values a new
 * Strapi project starts with (recorded: ../recordings/users-permissions/11-default-permissions.json).
 */
export const advancedSettingsSchema = z
  .object({
    unique_email: z.boolean().default(true),
    allow_register: z.boolean().default(true),
    email_confirmation: z.boolean().default(false),
    /** Where the reset mail's link points (`<url>?code=…`); Strapi's `null` leaves the link a bare `?code=…`. */
    email_reset_password: url.nullable().default(null),
    /** Where `GET /api/auth/email-confirmation` redirects once confirmed; `/` when null. */
    email_confirmation_redirection: url.nullable().default(null),
    /** The type of the role a registered user gets. */
    default_role: z.string().trim().min(1).default('authenticated'),
  })
  .strict()
  .prefault({});

export type AdvancedSettings = z.output<typeof advancedSettingsSchema>;

/** A token's lifetime, written as `jwt.expiresIn` is (`"1h"`, `"7d"`, or seconds). */
const lifetime = (fallback: string) =>
  z
    .union([z.string(), z.number().int()])
    .default(fallback)
    .transform((value, context) => {
      const seconds = expiresInSeconds(value);
      if (seconds === undefined) {
        context.addIssue({ code: 'custom', message: `expected a whole number of seconds or a time span such as "1h", "7d" (at least 1 s); got ${JSON.stringify(value)}` });
        return z.NEVER;
      }
      return seconds;
    });

/** The lifetimes of the one-use tokens users-permissions mails (Strapi's never expire; docs/decisions.md). */
export const DEFAULT_TOKEN_LIFETIMES = { resetPassword: '1h', emailConfirmation: '7d' } as const;

export const usersPermissionsSettingsSchema = z
  .object({
    jwt: z.object({ expiresIn: jwtExpiresInSchema }).strict().prefault({}),
    ratelimit: rateLimitSettingsSchema,
    advanced: advancedSettingsSchema,
    /** The gateway's public URL, before `/api/auth/email-confirmation` in confirmation mails (Strapi's `server.url`). */
    url: url.optional(),
    tokens: z
      .object({ resetPassword: lifetime(DEFAULT_TOKEN_LIFETIMES.resetPassword), emailConfirmation: lifetime(DEFAULT_TOKEN_LIFETIMES.emailConfirmation) })
      .strict()
      .prefault({}),
  })
  .strict()
  .prefault({});

export type UsersPermissionsSettings = z.output<typeof usersPermissionsSettingsSchema>;

/** Every default: what a gateway without the section runs with. */
export const DEFAULT_USERS_PERMISSIONS_SETTINGS: UsersPermissionsSettings = usersPermissionsSettingsSchema.parse(undefined);
