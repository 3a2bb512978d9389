// `npm run types`: a content model -> TypeScript types of its REST and GraphQL shapes, with the
// OpenAPI document and GraphQL schema they come from, written to a folder for client teams.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../src/errors/errors.ts';
import { loadContentModel } from '../src/model/load.ts';
import { parseTypesArgs, TYPES_USAGE } from './types-args.ts';

try {
  const config = parseTypesArgs(process.argv.slice(2));
  if (config.kind === 'help') {
    console.log(TYPES_USAGE);
  } else {
    // The generators are development dependencies: a production install says so instead of a stack.
    const { generateClientFiles } = await import('../src/client-types/generate.ts').catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ERR_MODULE_NOT_FOUND') throw error;
      throw new ConfigurationError(`npm run types needs the development dependencies (${error.message.split('\n')[0]}): run it from a clone after npm install`);
    });
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
