// `npm run types`: a content model -> TypeScript types of its REST and GraphQL shapes, with the
// OpenAPI document and GraphQL schema they come from, written to a folder for client teams.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateClientFiles } from '../src/client-types/generate.ts';
import { ConfigurationError } from '../src/errors/errors.ts';
import { loadContentModel } from '../src/model/load.ts';
import { parseTypesArgs, TYPES_USAGE } from './types-args.ts';

try {
  const config = parseTypesArgs(process.argv.slice(2));
  if (config.kind === 'help') {
    console.log(TYPES_USAGE);
  } else {
    const files = await generateClientFiles(await loadContentModel(config.schemaDir));
    await mkdir(config.outDir, { recursive: true });
    for (const [name, contents] of files) {
      await writeFile(path.join(config.outDir, name), contents);
      console.log(`wrote ${path.join(config.outDir, name)} (${Buffer.byteLength(contents)} bytes)`);
    }
  }
} catch (error) {
  console.error(error instanceof ConfigurationError ? error.message : `types failed: ${(error as Error).message ?? String(error)}`);
  process.exitCode = 1;
}
