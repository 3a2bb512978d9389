// An archive's contents + the model -> nothing, or one ConfigurationError: no metadata (truncated,
// or not an export), a format version other than Strapi v4's, malformed lines, or schemas that differ.
import { ConfigurationError } from '../errors/errors.ts';
import { Problems } from '../model/problems.ts';
import type { ContentModel } from '../model/types.ts';
import type { ArchiveContents } from './collect-records.ts';
import { compareSchemas } from './compare-schemas.ts';

/** The archive layout read here is the one Strapi v4 writes (4.6 introduced `strapi export`). */
const SUPPORTED_MAJOR = '4';

/** @throws ConfigurationError saying what is wrong, the most basic problem first. */
export function checkArchive(contents: ArchiveContents, model: ContentModel, file: string): void {
  if (!contents.metadata) {
    contents.problems.throwIfAny(`Corrupt Strapi export ${file}`);
    throw new ConfigurationError(`Strapi export ${file} holds no metadata.json: it is truncated, or not an archive made by \`strapi export\``);
  }
  const version = contents.metadata.strapiVersion;
  if (version.split('.')[0] !== SUPPORTED_MAJOR) {
    throw new ConfigurationError(
      `Unsupported Strapi export format in ${file}: it was made by Strapi ${version}; this import reads archives of Strapi v4 (4.6 or later)`,
    );
  }
  contents.problems.throwIfAny(`Corrupt Strapi export ${file}`);
  const differences = compareSchemas(contents.schemas, model);
  const problems = new Problems();
  for (const difference of differences) problems.add(difference);
  problems.throwIfAny(`The schemas in Strapi export ${file} differ from the model; nothing was imported`);
}
