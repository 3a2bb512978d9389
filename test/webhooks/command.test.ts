// `npm run webhooks`: a secret the config file takes, an admin token whose printed access key is
// the one the gateway computes for it, and clear refusals.
import { describe, expect, it } from 'vitest';
import { parseFileConfig } from '../../gateway/config/file-config.ts';
import { runWebhooksCommand } from '../../gateway/webhooks-main.ts';
import { accessKeyOf } from '../../src/auth/api-tokens.ts';

describe('npm run webhooks', () => {
  it('makes a secret the config file takes, a new one each time', () => {
    const [first, second] = [runWebhooksCommand(['secret'], {}), runWebhooksCommand(['secret'], {})] as Array<{ out: string }>;
    expect(first!.out).not.toBe(second!.out);
    const hook = { name: 'site', url: 'https://example.com/hook', events: ['entry.publish'], secret: first!.out };
    expect(parseFileConfig({ webhooks: { hooks: [hook] } }, 'c').webhooks.hooks[0]!.secret).toBe(first!.out);
  });

  it("makes an admin token and prints the access key the gateway computes for it", () => {
    const { out } = runWebhooksCommand(['admin-token'], { API_TOKEN_SALT: 'salt' }) as { out: string };
    const [, token, , key] = out.split('\n').map((line) => line.trim());
    expect(key).toBe(accessKeyOf(token!, 'salt'));
    expect(parseFileConfig({ admin: { accessKeys: [key] } }, 'c').admin.accessKeys).toEqual([key]);
  });

  it.each([
    { args: ['admin-token'], env: {}, error: 'API_TOKEN_SALT is not set' },
    { args: ['secrets'], env: {}, error: 'unknown command secrets' },
    { args: ['secret', 'extra'], env: {}, error: 'unexpected extra' },
    { args: [], env: {}, error: 'usage: npm run webhooks -- <command>' },
  ])('refuses $args: $error', ({ args, env, error }) => {
    expect((runWebhooksCommand(args, env) as { error: string }).error).toContain(error);
  });
});
