// The archive's JSON lines (`unknown`) -> typed records whose outer shape is checked: schemas,
// entities, links, configuration and metadata. Every wrong line is reported with its file and line.
import { describe, isRecord, type Problems } from '../model/problems.ts';

/** One exported schema: a content-type or a component as the running Strapi had it. */
export interface SchemaRecord {
  uid: string;
  modelType: 'contentType' | 'component';
  definition: Readonly<Record<string, unknown>>;
}

/** One row of a content-type: its attribute values, components inline with their ids. */
export interface EntityRecord {
  type: string;
  id: number;
  data: Record<string, unknown>;
}

/** One side of a link: an entry (or component item) and, where it has one, its field and position. */
export interface LinkEnd {
  type: string;
  ref: number;
  field?: string;
  /** 1-based order of this link in the side's list (Strapi's order column); absent on to-one sides. */
  pos?: number;
}

/** One relation between two rows: the left side owns it (`relation.basic`, `.circular`, `.morph`). */
export interface LinkRecord {
  kind: string;
  relation: string;
  left: LinkEnd;
  right: LinkEnd;
}

/** A row of configuration/: `core-store` settings and `webhook`s. */
export interface ConfigurationRecord {
  type: string;
  value: Readonly<Record<string, unknown>>;
}

export interface Metadata {
  /** The version of the Strapi that made the export, e.g. `4.25.24`. */
  strapiVersion: string;
}

type Report = (text: string) => void;
const reporter = (problems: Problems, at: string): Report => (text) => problems.add(`${at}: ${text}`);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

export function toSchema(value: unknown, at: string, problems: Problems): SchemaRecord | undefined {
  const report = reporter(problems, at);
  if (!isRecord(value) || typeof value.uid !== 'string' || !isRecord(value.attributes)) {
    report('expected a schema with "uid" and "attributes"');
    return undefined;
  }
  if (value.modelType !== 'contentType' && value.modelType !== 'component') {
    report(`schema ${value.uid}: "modelType" must be "contentType" or "component"; got ${describe(value.modelType)}`);
    return undefined;
  }
  return { uid: value.uid, modelType: value.modelType, definition: value };
}

export function toEntity(value: unknown, at: string, problems: Problems): EntityRecord | undefined {
  const report = reporter(problems, at);
  if (!isRecord(value) || typeof value.type !== 'string' || !isId(value.id) || !isRecord(value.data)) {
    report('expected an entity { type, id, data } with a positive integer id');
    return undefined;
  }
  return { type: value.type, id: value.id, data: value.data };
}

export function toLink(value: unknown, at: string, problems: Problems): LinkRecord | undefined {
  const report = reporter(problems, at);
  if (!isRecord(value) || typeof value.kind !== 'string' || typeof value.relation !== 'string') {
    report('expected a link { kind, relation, left, right }');
    return undefined;
  }
  const left = toLinkEnd(value.left, 'left', report);
  const right = toLinkEnd(value.right, 'right', report);
  return left && right ? { kind: value.kind, relation: value.relation, left, right } : undefined;
}

function toLinkEnd(value: unknown, side: string, report: Report): LinkEnd | undefined {
  if (!isRecord(value) || typeof value.type !== 'string' || !isId(value.ref)) {
    report(`"${side}" must be { type, ref, field?, pos? } with a positive integer ref`);
    return undefined;
  }
  if (value.field !== undefined && typeof value.field !== 'string') report(`"${side}.field" must be a string`);
  if (value.pos !== undefined && value.pos !== null && typeof value.pos !== 'number') report(`"${side}.pos" must be a number`);
  return {
    type: value.type,
    ref: value.ref,
    ...(typeof value.field === 'string' ? { field: value.field } : {}),
    ...(typeof value.pos === 'number' ? { pos: value.pos } : {}),
  };
}

export function toConfiguration(value: unknown, at: string, problems: Problems): ConfigurationRecord | undefined {
  if (!isRecord(value) || typeof value.type !== 'string' || !isRecord(value.value)) {
    reporter(problems, at)('expected a configuration row { type, value }');
    return undefined;
  }
  return { type: value.type, value: value.value };
}

/** `metadata.json`: `{ createdAt, strapi: { version } }`. */
export function toMetadata(value: unknown): Metadata | undefined {
  if (!isRecord(value) || !isRecord(value.strapi) || typeof value.strapi.version !== 'string') return undefined;
  return { strapiVersion: value.strapi.version };
}
