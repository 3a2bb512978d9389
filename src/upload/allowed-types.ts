// A stored file's type and a media attribute's `allowedTypes` -> whether the attribute may hold the
// file: Strapi's four kinds of media (images, videos, audios, files: anything else).
import type { MediaAttribute } from '../model/types.ts';

export type MediaKind = 'images' | 'videos' | 'audios' | 'files';

/** The kind Strapi's media library files a type under. */
export function mediaKind(mime: string): MediaKind {
  const top = mime.split('/')[0].toLowerCase();
  if (top === 'image') return 'images';
  if (top === 'video') return 'videos';
  if (top === 'audio') return 'audios';
  return 'files';
}

/** Whether `attribute` allows a file of type `mime` (an attribute without `allowedTypes` allows every kind). */
export function allowsType(attribute: Pick<MediaAttribute, 'allowedTypes'>, mime: string): boolean {
  return attribute.allowedTypes.includes(mediaKind(mime));
}
