// README.md's table of `npm start` flags -> each flag of gateway/args.ts, and each variable no flag
// sets, named in one row alone.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { ENV_ONLY, START_FLAGS } from '../../gateway/args.ts';

const readme = await readFile('README.md', 'utf8');
/** The first cell of every table row that names a flag. */
const flagRows = readme.split('\n').filter((line) => line.startsWith('| `--')).map((line) => line.split('|')[1]);

it.each(START_FLAGS.map((flag) => [flag.name]))("README's flags table names --%s in exactly one row", (name) => {
  const rows = flagRows.filter((cell) => new RegExp(`\`--(no-)?${name}[\\s\`]`).test(cell));
  expect(rows).toHaveLength(1);
});

/** The first cell of every table row that names a variable alone. */
const variableRows = readme.split('\n').filter((line) => /^\| `[A-Z_]+`/.test(line)).map((line) => line.split('|')[1]);

it.each(ENV_ONLY.map(([name]) => [name]))("README's flags table names the variable %s in exactly one row", (name) => {
  expect(variableRows.filter((cell) => cell.trim() === `\`${name}\``)).toHaveLength(1);
});
