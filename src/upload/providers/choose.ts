// The upload settings' `provider` -> the store files go to: the uploads folder (`--uploads`), or the
// S3-compatible bucket the settings name; with what closes it.
import type { UploadSettings } from '../settings.ts';
import { localProvider } from './local.ts';
import type { UploadProvider } from './provider.ts';
import { s3Provider } from './s3.ts';

export function chosenProvider(settings: Pick<UploadSettings, 'provider' | 's3'>, uploadsFolder: string): UploadProvider & { close(): void } {
  if (settings.provider === 's3' && settings.s3) return s3Provider(settings.s3);
  return { ...localProvider(uploadsFolder), close: () => undefined };
}
