// PLACEHOLDER until the body-checking work lands (replaced whole): takes scalars as given.
import { ValidationError } from '../../errors/errors.ts';
import type { ContentModel, ContentType } from '../../model/types.ts';
import type { Doc, ReadStore } from '../../store/store.ts';
import type { EntryData, FieldWrite } from './entry-data.ts';

export interface CheckRequest {
  model: ContentModel;
  store: ReadStore;
  type: ContentType;
  mode: 'create' | 'update';
  data: unknown;
  entry?: Doc;
  locale?: string;
}

export async function checkedData(request: CheckRequest): Promise<EntryData> {
  const { data, type } = request;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new ValidationError('Missing "data" payload in the request body');
  const out = new Map<string, FieldWrite>();
  for (const [name, value] of Object.entries(data)) {
    const attribute = type.attributes.get(name);
    if (name === 'publishedAt') out.set(name, { kind: 'value', value: value === null ? null : new Date(String(value)) });
    if (!attribute) continue;
    if (attribute.type === 'relation') out.set(name, { kind: 'relation', change: { kind: 'set', ids: (Array.isArray(value) ? value : value === null ? [] : [value]).map(Number) } });
    else if (attribute.type !== 'media' && attribute.type !== 'component' && attribute.type !== 'dynamiczone') out.set(name, { kind: 'value', value });
  }
  return out;
}
