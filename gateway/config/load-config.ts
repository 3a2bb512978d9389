// Reads the optional config file: a path -> typed HTTP settings, or the defaults without one.
// File errors (missing, not JSON) and content errors both stop start-up with the file's name.
import { readFile } from 'node:fs/promises';
import { ConfigurationError } from '../../src/errors/errors.ts';
import { DEFAULT_HTTP_SETTINGS, type HttpSettings, parseFileConfig } from './file-config.ts';

/** @throws ConfigurationError naming the file (and the key) when it cannot be used. */
export async function loadHttpSettings(file: string | undefined): Promise<HttpSettings> {
  if (file === undefined) return DEFAULT_HTTP_SETTINGS;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`Cannot read config file ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigurationError(`Invalid config file ${file}: not JSON (${(error as Error).message})`);
  }
  return parseFileConfig(raw, file);
}
