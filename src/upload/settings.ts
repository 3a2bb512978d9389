// The config file's `uploads` keys about receiving, processing and storing uploads (raw -> typed):
// the body limits, Strapi's sizeLimit, the image settings, the store (local folder or S3), the temporary folder and the deadline.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { imageSettingsSchema } from './image.ts';
import { multipartLimitsSchema } from './multipart.ts';
import { s3SettingsSchema } from './providers/s3.ts';

/** The keys, each with Strapi's default where Strapi has one (ours otherwise). */
export const uploadSettingsShape = {
  /** What a multipart body may hold, checked while it streams (413 past it). */
  limits: multipartLimitsSchema,
  /** Strapi's `plugins.upload.config.sizeLimit`: bytes of one stored file; Strapi's default is 1 GB. */
  sizeLimit: z.number().int().min(1).default(1_000_000_000),
  /** Strapi's upload settings that shape images, and our bounds on decoding. */
  images: imageSettingsSchema,
  /** Where files are stored: the uploads folder (`--uploads`), or an S3-compatible bucket (`s3`). */
  provider: z.enum(['local', 's3']).default('local'),
  s3: s3SettingsSchema.optional(),
  /** Where request bodies are streamed before they are stored; the system's temporary folder by default. */
  tmpDir: z.string().min(1).default(join(tmpdir(), 'content-gateway-uploads')),
  /** Milliseconds a request carrying files may take (receiving them included), instead of `limits.timeoutMs`. */
  timeoutMs: z.number().int().min(1).default(600_000),
};

/** `provider: "s3"` needs its settings. */
export function checkProvider(settings: { provider: string; s3?: unknown }, context: z.core.$RefinementCtx): void {
  if (settings.provider === 's3' && settings.s3 === undefined) {
    context.addIssue({ code: 'custom', path: ['s3'], message: 'provider "s3" needs the s3 settings (bucket, region, and endpoint for a store other than AWS)' });
  }
}

export const uploadSettingsSchema = z.object(uploadSettingsShape).strict().superRefine(checkProvider).prefault({});

export type UploadSettings = z.output<typeof uploadSettingsSchema>;

/** Every default: what a gateway without a config file uses. */
export const DEFAULT_UPLOAD_SETTINGS: UploadSettings = uploadSettingsSchema.parse({});
