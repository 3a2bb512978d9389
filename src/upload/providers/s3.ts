// S3 settings (raw config -> typed here) -> a provider storing uploads in a bucket of AWS S3 or of
// any S3-compatible store (MinIO, R2, Ceph...), so several gateways share one uploads store.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { DeleteObjectCommand, PutObjectCommand, S3Client, type ObjectCannedACL } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { checkKey, type UploadProvider } from './provider.ts';

export const s3SettingsSchema = z
  .object({
    bucket: z.string().min(3),
    region: z.string().min(1),
    /** An S3-compatible store's address (`http://minio:9000`); AWS's own when left out. */
    endpoint: z.url({ protocol: /^https?$/ }).optional(),
    /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>`: what most S3-compatible stores need. */
    forcePathStyle: z.boolean().default(false),
    /** Left out: the SDK's chain (environment, shared files, instance role). */
    credentials: z.object({ accessKeyId: z.string().min(1), secretAccessKey: z.string().min(1), sessionToken: z.string().optional() }).strict().optional(),
    /** Where answers point (a CDN, a public bucket address); else the bucket's own URL. */
    baseUrl: z.url({ protocol: /^https?$/ }).optional(),
    /** A folder of keys inside the bucket (`uploads/`). */
    rootPath: z.string().regex(/^([^/]+\/)*$/, 'expected folder names each ending with "/"').default(''),
    /** A canned ACL for each object (`public-read`); none by default: buckets that own their objects refuse ACLs. */
    acl: z.enum(['private', 'public-read', 'authenticated-read', 'bucket-owner-read', 'bucket-owner-full-control']).optional(),
  })
  .strict();

export type S3Settings = z.output<typeof s3SettingsSchema>;

export function s3Provider(settings: S3Settings): UploadProvider & { close(): void } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // A copy: the SDK writes into the object it is given (`$source`), and settings are never written to.
    credentials: settings.credentials && { ...settings.credentials },
    // The SDK's default checksums stream as aws-chunked with trailers, which several
    // S3-compatible stores store verbatim (s3rver does: docs/decisions.md); checksum only when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => `${settings.rootPath}${checkKey(key)}`;
  return {
    name: 'aws-s3',
    async put(key, path, mime) {
      const { size } = await stat(path);
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: mime,
          ACL: settings.acl as ObjectCannedACL | undefined,
        }),
      );
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
    url: (key) => publicUrl(settings, objectKey(key)),
    close: () => client.destroy(),
  };
}

/** `baseUrl/<key>`; else path style `<endpoint>/<bucket>/<key>`; else `https://<bucket>.s3.<region>.amazonaws.com/<key>` (or the endpoint's host). */
export function publicUrl(settings: S3Settings, objectKey: string): string {
  const path = objectKey.split('/').map(encodeURIComponent).join('/');
  if (settings.baseUrl) return `${settings.baseUrl.replace(/\/$/, '')}/${path}`;
  const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  const base = endpoint.href.replace(/\/$/, '');
  if (settings.forcePathStyle) return `${base}/${encodeURIComponent(settings.bucket)}/${path}`;
  return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}/${path}`;
}
