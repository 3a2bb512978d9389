// Every command that runs the gateway's server gives Node the gateway's flags (gateway/node-flags.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GATEWAY_NODE_FLAGS } from '../../gateway/node-flags.ts';

const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
const dockerCmd = readFileSync('Dockerfile', 'utf8').split('\n').find((line) => line.startsWith('CMD '))!;

describe('the Node flags of the gateway server', () => {
  it.each([
    ['npm start', scripts.start.split(' ')],
    ['npm run start:dist', scripts['start:dist'].split(' ')],
    ['the container', JSON.parse(dockerCmd.slice('CMD '.length)) as string[]],
  ])('%s passes them to node, before the entry point', (_name, words) => {
    const node = words.indexOf('node');
    const entry = words.findIndex((word) => word.endsWith('main.ts') || word.endsWith('main.js'));
    expect(node).toBeGreaterThanOrEqual(0);
    for (const flag of GATEWAY_NODE_FLAGS) {
      const at = words.indexOf(flag);
      expect(at, flag).toBeGreaterThan(node);
      expect(at, flag).toBeLessThan(entry);
    }
  });
});
