// The archive's record stream -> its typed contents in memory (schemas, entities, links, the
// default locale), each asset handed to `onAsset` as it streams by. Bad lines are collected, not thrown.
import { Problems } from '../model/problems.ts';
import { assertNever } from '../model/types.ts';
import type { ArchiveRecord } from './read-records.ts';
import { toConfiguration, toEntity, toLink, toMetadata, toSchema, type EntityRecord, type LinkRecord, type Metadata, type SchemaRecord } from './records.ts';

export interface ArchiveContents {
  /** Absent when the archive holds no readable metadata.json. */
  metadata?: Metadata;
  schemas: SchemaRecord[];
  entities: EntityRecord[];
  links: LinkRecord[];
  /** i18n's default locale code, from the core store. */
  defaultLocale?: string;
  /** Configuration rows left out (core-store settings), by type. */
  skippedConfiguration: Map<string, number>;
  /** The archive's webhooks (`{ type: 'webhook' }` configuration rows), as Strapi keeps them: reported, not imported. */
  webhooks: Array<Record<string, unknown>>;
  /** File names of assets/uploads/, in archive order. */
  assets: string[];
  /** Lines whose shape is wrong, each with its file and line. */
  problems: Problems;
}

const DEFAULT_LOCALE_KEY = 'plugin_i18n_default_locale';

/** Reads every record; the configuration is not kept beyond the default locale. */
export async function collectRecords(
  records: AsyncIterable<ArchiveRecord>,
  onAsset: (name: string, content: AsyncIterable<Buffer>) => Promise<void>,
): Promise<ArchiveContents> {
  const problems = new Problems();
  const contents: ArchiveContents = { schemas: [], entities: [], links: [], skippedConfiguration: new Map(), webhooks: [], assets: [], problems };
  const keep = <T>(list: T[], item: T | undefined) => item !== undefined && list.push(item);
  for await (const record of records) {
    switch (record.kind) {
      case 'schemas':
        keep(contents.schemas, toSchema(record.value, record.at, problems));
        break;
      case 'entities':
        keep(contents.entities, toEntity(record.value, record.at, problems));
        break;
      case 'links':
        keep(contents.links, toLink(record.value, record.at, problems));
        break;
      case 'configuration': {
        const row = toConfiguration(record.value, record.at, problems);
        if (row?.type === 'core-store' && row.value.key === DEFAULT_LOCALE_KEY) contents.defaultLocale = parseStored(row.value.value);
        else if (row?.type === 'webhook') contents.webhooks.push(row.value);
        else if (row) contents.skippedConfiguration.set(row.type, (contents.skippedConfiguration.get(row.type) ?? 0) + 1);
        break;
      }
      case 'metadata':
        contents.metadata = toMetadata(record.value);
        if (!contents.metadata) problems.add(`${record.at}: expected { strapi: { version } }`);
        break;
      case 'asset':
        await onAsset(record.name, record.content);
        contents.assets.push(record.name);
        break;
      default:
        assertNever(record, 'archive record');
    }
  }
  return contents;
}

/** A core-store value: a plain string, or (for some settings) JSON text holding one. */
function parseStored(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed = JSON.parse(value) as unknown;
    return typeof parsed === 'string' ? parsed : undefined;
  } catch {
    return value;
  }
}
