// An archive's contents + the model -> a Seed in the import format (checked by `parseSeed`, as a
// seed file is) and the report's notes on what was left out.
import { Problems } from '../model/problems.ts';
import type { ContentModel } from '../model/types.ts';
import { parseSeed, type Seed } from '../seed/parse-seed.ts';
import type { ArchiveContents } from './collect-records.ts';
import { mapAccess } from './map-access.ts';
import { mapEntities } from './map-entities.ts';
import { applyLinks } from './map-links.ts';

export interface ArchiveSeed {
  seed: Seed;
  notes: string[];
}

/**
 * Maps entities, then links onto them, then roles; the result is an ordinary seed. Empties
 * `contents.entities` and `contents.links` once mapped, so the archive's rows can be collected
 * while the seed is validated and written (the seed holds its own copy of every value).
 * @throws ConfigurationError listing rows the links or components cannot be matched with.
 */
export function archiveToSeed(contents: ArchiveContents, model: ContentModel, title: string): ArchiveSeed {
  const draft = mapEntities(contents.entities, model);
  contents.entities.length = 0;
  applyLinks(contents.links, draft, model);
  contents.links.length = 0;
  const roles = mapAccess(draft, model);
  const problems = new Problems();
  for (const problem of draft.problems) problems.add(problem);
  problems.throwIfAny(title);
  const raw = {
    ...(draft.locales.length === 0
      ? {}
      : { locales: draft.locales.map((locale) => ({ ...locale, isDefault: locale.code === contents.defaultLocale })) }),
    roles,
    media: draft.media,
    entries: Object.fromEntries(draft.entries),
  };
  return { seed: parseSeed(raw, title), notes: draft.notes };
}
