// A seed file's path -> a parsed Seed; a missing file or invalid JSON is a ConfigurationError
// naming the file.
import { readFile } from 'node:fs/promises';
import { ConfigurationError } from '../errors/errors.ts';
import { parseJson } from '../model/raw.ts';
import { parseSeed, type Seed } from './parse-seed.ts';

/** @throws ConfigurationError when the file cannot be read, is not JSON, or has the wrong shape. */
export async function loadSeedFile(path: string): Promise<Seed> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`Cannot read seed file ${path}: ${(error as Error).message}`);
  }
  const parsed = parseJson(text);
  if ('error' in parsed) throw new ConfigurationError(`Invalid seed ${path}: invalid JSON: ${parsed.error}`);
  return parseSeed(parsed.json, `Invalid seed ${path}`);
}
