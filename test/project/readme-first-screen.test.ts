// README.md's first screen -> what is served and what is not yet, in the words the gateway's home
// page uses (gateway/routes/home.ts), so the two are updated together.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { NOT_YET, SERVED } from '../../gateway/routes/home.ts';

/** What a person sees without scrolling: the first 24 lines. */
const firstScreen = (await readFile('README.md', 'utf8')).split('\n').slice(0, 24).join(' ').replace(/\s+/g, ' ');

it.each([
  ['what is served', `**Served:** ${SERVED}.`],
  ['what is not yet', `**Not yet** (being built): ${NOT_YET}.`],
])("README's first screen says %s, as the home page does", (_name, sentence) => {
  expect(firstScreen).toContain(sentence);
});
