// Media rows + the names of the archive's asset files -> a note naming the local files (originals
// and formats) that the rows point to but the archive does not hold. Pure.
import { isRecord } from '../model/problems.ts';
import type { Values } from './seed-draft.ts';

const LOCAL_URL = /^\/uploads\/([^/]+)$/;

/** Files of the local upload provider referenced by `url` and by each format's `url`. */
function localFiles(row: Values): string[] {
  const urls = [row.url, ...Object.values(isRecord(row.formats) ? row.formats : {}).map((format) => (isRecord(format) ? format.url : undefined))];
  return urls.flatMap((url) => (typeof url === 'string' ? (LOCAL_URL.exec(url)?.slice(1) ?? []) : []));
}

export function missingAssetNotes(media: readonly Values[], assets: readonly string[]): string[] {
  const held = new Set(assets);
  const missing = media.flatMap(localFiles).filter((name) => !held.has(name));
  if (missing.length === 0) return [];
  const shown = missing.slice(0, 10).join(', ');
  return [`media files the rows name but the archive does not hold (${missing.length}): ${shown}${missing.length > 10 ? ', …' : ''}`];
}
