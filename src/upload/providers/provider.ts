// The port every uploads store implements: a temporary file and a key -> stored under that key with
// its type; a key -> deleted; a key -> the public URL answers give for it.
import { ApplicationError } from '../../errors/errors.ts';

export interface UploadProvider {
  /** Strapi's `provider` field of a file: `local`, `aws-s3`. */
  readonly name: string;
  /** Stores the file at `path` under `key`, replacing what was there; `path` is left as it is. */
  put(key: string, path: string, mime: string): Promise<void>;
  /** Removes what `key` holds; a key that holds nothing is no error (Strapi deletes rows whose files are gone). */
  delete(key: string): Promise<void>;
  /** The URL of `key` in answers: `/uploads/<key>` locally, the bucket's or the CDN's URL on S3. */
  url(key: string): string;
}

/** A key is one file name (`<hash><ext>`, `thumbnail_<hash><ext>`): never a path, never hidden. */
export function checkKey(key: string): string {
  if (key === '' || key.startsWith('.') || /[/\\\u0000]/.test(key)) throw new ApplicationError(`Invalid storage key ${JSON.stringify(key)}: expected a file name`);
  return key;
}
