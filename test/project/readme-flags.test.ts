// README.md's table of `npm start` flags -> each flag of gateway/args.ts, named in one row alone.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { START_FLAGS } from '../../gateway/args.ts';

const readme = await readFile('README.md', 'utf8');
/** The first cell of every table row that names a flag. */
const flagRows = readme.split('\n').filter((line) => line.startsWith('| `--')).map((line) => line.split('|')[1]);

it.each(START_FLAGS.map((flag) => [flag.name]))("README's flags table names --%s in exactly one row", (name) => {
  const rows = flagRows.filter((cell) => new RegExp(`\`--(no-)?${name}[\\s\`]`).test(cell));
  expect(rows).toHaveLength(1);
});
