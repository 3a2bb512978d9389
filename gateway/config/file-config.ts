// The optional JSON config file (`--config FILE`) -> typed HTTP settings: CORS, security
// headers, compression, uploads (caching, limits, images, store), metrics, request limits, cache
// bounds, sign-in and mail (users-permissions, SMTP, which proxies to believe). The one boundary
// where that file is checked; Strapi's defaults (ours for the limits) fill in what it leaves out.
// Errors name the key and what was expected.
import { z } from 'zod';
import type { HelmetOptions } from 'helmet';
import { ConfigurationError } from '../../src/errors/errors.ts';
import { DEFAULT_USERS_PERMISSIONS_SETTINGS, usersPermissionsSettingsSchema, type UsersPermissionsSettings } from '../../src/auth/users-permissions-settings.ts';
import type { TrustProxy } from '../../src/limits/client-address.ts';
import { mailSettingsSchema, type MailSettings } from '../../src/mail/settings.ts';
import { type CacheBounds, DEFAULT_CACHE_BOUNDS } from '../../src/limits/byte-cache.ts';
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from '../../src/limits/request-limits.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { checkProvider, DEFAULT_UPLOAD_SETTINGS, uploadSettingsShape, type UploadSettings } from '../../src/upload/settings.ts';
import { NO_WEBHOOKS, webhookSettings, webhooksSchema, type WebhookSettings } from '../../src/webhooks/settings.ts';
import { NO_ADMIN, type AdminSettings } from '../admin-credential.ts';
import { STRAPI_SECURITY_DEFAULTS, mergeSecurity, checkSecurity } from '../http/security-headers.ts';

/** CORS as Strapi's `strapi::cors` takes it, normalised: `'*'` or a list of exact origins. */
export interface CorsSettings {
  readonly origin: '*' | readonly string[];
  readonly methods: readonly string[];
  readonly headers: readonly string[];
  readonly credentials: boolean;
  /** Seconds a browser may cache a preflight answer. */
  readonly maxAge: number;
  /** Response headers a page's script may read (`Access-Control-Expose-Headers`). */
  readonly expose: readonly string[];
}

export type Encoding = 'br' | 'gzip';

export interface CompressionSettings {
  /** Bodies smaller than this many bytes are sent as they are. */
  readonly threshold: number;
  /** Offered encodings, in the server's order of preference. */
  readonly encodings: readonly Encoding[];
}

/** Media files: how they are served, and how uploads are received, processed and stored (src/upload/settings.ts). */
export interface UploadsSettings extends UploadSettings {
  /** `Cache-Control: public, max-age=<seconds>` on media files. */
  readonly maxAge: number;
}

export interface HttpSettings {
  readonly cors: CorsSettings | false;
  /** helmet's options, Strapi's `strapi::security` defaults merged under the file's. */
  readonly security: HelmetOptions | false;
  readonly compression: CompressionSettings | false;
  readonly uploads: UploadsSettings;
  /** Whether `/metrics` is served. */
  readonly metrics: boolean;
  /** What one request may cost: entries, GraphQL document size, time. */
  readonly limits: RequestLimits;
  /** The response cache's size, and Cache-Control per content-type. */
  readonly cache: CacheSettings;
  /** Sign-in and registration: Strapi's advanced settings, `jwt.expiresIn`, the auth rate limit, token lifetimes, the public URL. */
  readonly usersPermissions: UsersPermissionsSettings;
  /** The SMTP server the confirmation and reset mails go through; none: those routes say how to set it. */
  readonly mail: MailSettings;
  /** How many proxies stand in front (their X-Forwarded-For is believed for per-client limits); none by default. */
  readonly trustProxy: TrustProxy;
  /** Webhooks as Strapi defines them, and how they are delivered (docs/operations.md). */
  readonly webhooks: WebhookSettings;
  /** The admin routes' credential: the access keys of admin tokens. */
  readonly admin: AdminSettings;
}

/** The response cache and every other cache keyed by client input, each bounded in bytes. */
export interface CacheSettings extends CacheBounds {
  /** Bytes of answers kept in memory at most (when the response cache is on). */
  readonly maxBytes: number;
  /**
   * Cache-Control of a public answer: `default` for every read, or by content-type uid
   * (`api::article.article`). Answers to callers with credentials are made `private` whatever it says.
   */
  readonly cacheControl: Readonly<Record<string, string>>;
}

/**
 * `no-cache`: a client or CDN may keep the answer but asks again each time, with the ETag, and
 * gets a 304 while the content is unchanged. Safe for content that changes; faster ones are a choice.
 */
export const DEFAULT_CACHE_CONTROL = 'no-cache';

/** `strapi::cors` defaults, except `credentials` (see docs/decisions.md). */
export const STRAPI_CORS_DEFAULTS: CorsSettings = {
  origin: '*',
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
  headers: ['Content-Type', 'Authorization', 'Origin', 'Accept'],
  credentials: false,
  maxAge: 31_536_000,
  expose: [],
};

export const DEFAULT_HTTP_SETTINGS: HttpSettings = {
  cors: STRAPI_CORS_DEFAULTS,
  security: STRAPI_SECURITY_DEFAULTS,
  compression: { threshold: 1024, encodings: ['br', 'gzip'] },
  uploads: { maxAge: 86_400, ...DEFAULT_UPLOAD_SETTINGS },
  metrics: true,
  limits: DEFAULT_REQUEST_LIMITS,
  cache: { maxBytes: 128 * 1024 * 1024, ...DEFAULT_CACHE_BOUNDS, cacheControl: { default: DEFAULT_CACHE_CONTROL } },
  usersPermissions: DEFAULT_USERS_PERMISSIONS_SETTINGS,
  mail: {},
  trustProxy: false,
  webhooks: NO_WEBHOOKS,
  admin: NO_ADMIN,
};

/** Strapi takes lists as arrays or comma-separated strings. */
const list = z.union([z.string(), z.array(z.string())], { error: 'expected a string or a list of strings' }).transform((value) =>
  (typeof value === 'string' ? value.split(',') : value).map((item) => item.trim()).filter((item) => item !== ''),
);
const seconds = z.number().int().nonnegative();
const positive = z.number().int().positive();

const limitsSchema = z
  .object(Object.fromEntries(Object.keys(DEFAULT_REQUEST_LIMITS).map((key) => [key, positive])) as Record<keyof RequestLimits, typeof positive>)
  .partial()
  .strict();

const corsSchema = z
  .object({ origin: list, methods: list, headers: list, credentials: z.boolean(), maxAge: seconds, expose: list })
  .partial()
  .strict();

const SECURITY_KEYS = [
  'contentSecurityPolicy', 'crossOriginEmbedderPolicy', 'crossOriginOpenerPolicy', 'crossOriginResourcePolicy',
  'originAgentCluster', 'referrerPolicy', 'strictTransportSecurity', 'hsts', 'xContentTypeOptions', 'noSniff',
  'xDnsPrefetchControl', 'dnsPrefetchControl', 'xDownloadOptions', 'ieNoOpen', 'xFrameOptions', 'frameguard',
  'xPermittedCrossDomainPolicies', 'permittedCrossDomainPolicies', 'xPoweredBy', 'hidePoweredBy', 'xXssProtection', 'xssFilter',
] as const;
const securitySchema = z
  .object(Object.fromEntries(SECURITY_KEYS.map((key) => [key, z.union([z.boolean(), z.record(z.string(), z.unknown())])])))
  .partial()
  .strict();

/** `false` (switched off) or the settings object. */
const falseOr = <T extends z.ZodType>(settings: T) => z.union([z.literal(false), settings], { error: 'expected false or an object' });

const fileSchema = z
  .object({
    cors: falseOr(corsSchema),
    security: falseOr(securitySchema),
    compression: falseOr(z.object({ threshold: seconds, encodings: z.array(z.enum(['br', 'gzip'])).min(1) }).partial().strict()),
    uploads: z.object({ maxAge: seconds.optional(), ...uploadSettingsShape }).strict().superRefine(checkProvider),
    metrics: z.boolean(),
    limits: limitsSchema,
    cache: z
      .object({
        maxBytes: positive,
        ...(Object.fromEntries(Object.keys(DEFAULT_CACHE_BOUNDS).map((key) => [key, positive])) as Record<keyof CacheBounds, typeof positive>),
        cacheControl: z.record(z.string(), z.string().regex(/^[\x20-\x7e]+$/, { error: 'expected a Cache-Control value, such as "public, max-age=60"' })),
      })
      .partial()
      .strict(),
    usersPermissions: usersPermissionsSettingsSchema,
    mail: mailSettingsSchema,
    trustProxy: z.union([z.boolean(), z.number().int().min(0).max(32)], { error: 'expected true (one proxy), false, or how many proxies stand in front' }),
    webhooks: webhooksSchema,
    admin: z.object({ accessKeys: z.array(z.string().regex(/^[0-9a-fA-F]{128}$/, { error: 'expected the 128 hex digits of an admin token\'s access key (npm run webhooks -- admin-token prints one)' })) }).partial().strict(),
  })
  .partial()
  .strict();

/**
 * Checks a parsed config file and fills in the defaults.
 * @param source the file's name, for messages.
 * @throws ConfigurationError naming every wrong key.
 */
export function parseFileConfig(raw: unknown, source: string): HttpSettings {
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error.issues).map((problem) => `  ${problem}`);
    throw new ConfigurationError(`Invalid config file ${source}:\n${problems.join('\n')}`);
  }
  const file = parsed.data;
  const webhooks = file.webhooks ? webhookSettings(file.webhooks) : { settings: NO_WEBHOOKS };
  if ('problems' in webhooks) throw new ConfigurationError(`Invalid config file ${source}:\n${webhooks.problems.map((problem) => `  ${problem}`).join('\n')}`);
  return {
    cors: file.cors === false ? false : corsSettings(file.cors ?? {}, source),
    security: file.security === false ? false : securitySettings(file.security ?? {}, source),
    compression: file.compression === false ? false : { ...DEFAULT_HTTP_SETTINGS.compression, ...file.compression } as CompressionSettings,
    uploads: { ...DEFAULT_HTTP_SETTINGS.uploads, ...file.uploads, maxAge: file.uploads?.maxAge ?? DEFAULT_HTTP_SETTINGS.uploads.maxAge },
    metrics: file.metrics ?? DEFAULT_HTTP_SETTINGS.metrics,
    limits: { ...DEFAULT_REQUEST_LIMITS, ...file.limits },
    cache: {
      ...DEFAULT_HTTP_SETTINGS.cache,
      ...file.cache,
      cacheControl: { ...DEFAULT_HTTP_SETTINGS.cache.cacheControl, ...file.cache?.cacheControl },
    },
    usersPermissions: file.usersPermissions ?? DEFAULT_HTTP_SETTINGS.usersPermissions,
    mail: file.mail ?? DEFAULT_HTTP_SETTINGS.mail,
    trustProxy: file.trustProxy ?? DEFAULT_HTTP_SETTINGS.trustProxy,
    webhooks: webhooks.settings,
    admin: { accessKeys: file.admin?.accessKeys ?? [] },
  };
}

/**
 * `key.path: problem` lines. Where a value may be `false` or an object and the object is wrong,
 * zod reports the whole union as invalid; the object's own problems say more, so they are shown.
 */
function describeIssues(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): string[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union') {
      const deeper = issue.errors.filter((branch) => branch.some((inner) => inner.path.length > 0));
      if (deeper.length === 1) return describeIssues(deeper[0], path);
    }
    return [`${path.map(String).join('.') || '(top level)'}: ${issue.message}`];
  });
}

function corsSettings(given: z.infer<typeof corsSchema>, source: string): CorsSettings {
  const origins = given.origin ?? ['*'];
  const settings: CorsSettings = {
    ...STRAPI_CORS_DEFAULTS,
    ...given,
    origin: origins.includes('*') ? '*' : origins,
  };
  if (settings.origin.length === 0) throw new ConfigurationError(`Invalid config file ${source}: cors.origin: expected "*" or at least one origin`);
  // A browser sends cookies and Authorization to a site that answers with credentials: any site
  // could then read answers meant for the user. Strapi reflects any origin in that case; we refuse.
  if (settings.credentials && settings.origin === '*') {
    throw new ConfigurationError(`Invalid config file ${source}: cors.credentials: true needs cors.origin to list the allowed origins, not "*"`);
  }
  return settings;
}

function securitySettings(given: Record<string, unknown>, source: string): HelmetOptions {
  const merged = mergeSecurity(STRAPI_SECURITY_DEFAULTS, given);
  const problem = checkSecurity(merged);
  if (problem) throw new ConfigurationError(`Invalid config file ${source}: security: ${problem}`);
  return merged;
}

/**
 * The Cache-Control of a public answer at a REST or GraphQL path: its content-type's setting, else
 * the default. GraphQL answers take the default (one document may read many types).
 * @throws ConfigurationError naming a content-type the model does not have.
 */
export function cacheControlFor(model: ContentModel, settings: CacheSettings): (pathname: string) => string {
  const fallback = settings.cacheControl.default ?? DEFAULT_CACHE_CONTROL;
  const unknown = Object.keys(settings.cacheControl).filter((uid) => uid !== 'default' && !model.contentTypes.has(uid));
  if (unknown.length > 0) {
    throw new ConfigurationError(`Invalid config file: cache.cacheControl: no content-type ${unknown.join(', ')} in the model (keys are uids such as api::article.article, or "default")`);
  }
  const byRoute = new Map<string, string>();
  for (const [uid, value] of Object.entries(settings.cacheControl)) {
    const type = model.contentTypes.get(uid);
    if (type) byRoute.set(type.kind === 'singleType' ? type.singularName : type.pluralName, value);
  }
  return (pathname) => {
    if (!pathname.startsWith('/api/')) return fallback;
    const first = pathname.slice('/api/'.length).split('/')[0];
    return byRoute.get(first) ?? fallback;
  };
}
