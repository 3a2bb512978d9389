// A request's raw `fileInfo` (a multipart field's JSON text, repeated fields, or JSON) -> one typed
// FileInfo per file, checked as Strapi's upload plugin checks it, in its (yup's) words.
import { ValidationError } from '../errors/errors.ts';

/** What a client may say of a file: its name in answers, its alternative text and caption. Absent: kept (or the default). */
export interface FileInfo {
  readonly name?: string | null;
  readonly alternativeText?: string | null;
  readonly caption?: string | null;
}

const KEYS = ['name', 'alternativeText', 'caption'] as const;

/**
 * The infos of an upload of `files` files: for one file `fileInfo` is an object, for several an
 * array (or several `fileInfo` fields, one object each), the i-th to the i-th file; fewer infos
 * than files leave the rest without. Unknown keys are ignored; numbers and booleans become text.
 * @throws ValidationError in Strapi's words for any other shape or text that is not JSON.
 */
export function uploadFileInfos(raw: unknown, files: number): FileInfo[] {
  if (raw === undefined || raw === null) return [];
  if (files <= 1) return [singleFileInfo(raw)];
  const list = Array.isArray(raw) && raw.length > 1 ? raw.map(parsedJson) : parsedJson(raw);
  if (!Array.isArray(list)) throw typeError('array', raw);
  return list.map((item) => fileInfoOf(item, raw, 'object'));
}

/** The info of one file (an upload of one file, `POST /api/upload?id=`): an object, or its JSON text. */
export function singleFileInfo(raw: unknown): FileInfo {
  if (raw === undefined || raw === null) return {};
  const value = Array.isArray(raw) && raw.length === 1 ? parsedJson(raw[0]) : parsedJson(raw);
  return fileInfoOf(value, raw, 'object');
}

function fileInfoOf(value: unknown, raw: unknown, expected: string): FileInfo {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw typeError(expected, raw);
  const info: Record<string, string | null> = {};
  for (const key of KEYS) {
    const given = (value as Record<string, unknown>)[key];
    if (given === undefined) continue;
    if (given === null || typeof given === 'string') info[key] = given;
    else if (typeof given === 'number' || typeof given === 'boolean') info[key] = String(given);
    else throw fieldError(key, given);
  }
  return info;
}

/** JSON text parsed; anything else (and text that is not JSON) as it is, for the type check to refuse. */
function parsedJson(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** yup's `typeError`, as Strapi answers it: the value printed as received. */
function typeError(expected: string, raw: unknown): ValidationError {
  const printed = typeof raw === 'string' ? `"${raw}"` : JSON.stringify(raw);
  const message = `fileInfo must be a \`${expected}\` type, but the final value was: \`null\` (cast from the value \`${printed}\`).`;
  return new ValidationError(message, { errors: [{ path: ['fileInfo'], message, name: 'ValidationError' }] });
}

function fieldError(key: string, given: unknown): ValidationError {
  const message = `fileInfo.${key} must be a \`string\` type, but the final value was: \`${JSON.stringify(given)}\`.`;
  return new ValidationError(message, { errors: [{ path: ['fileInfo', key], message, name: 'ValidationError' }] });
}
