// `npm run webhooks -- <command>`: the credentials webhooks and their admin routes use, made here
// so no one invents a weak one. `secret` prints a webhook signing secret (Standard Webhooks form);
// `admin-token` prints a new admin token once, and its access key (HMAC-SHA512 with
// API_TOKEN_SALT), the only form the config file and ADMIN_ACCESS_KEYS keep.
import { randomBytes } from 'node:crypto';
import { accessKeyOf, generateToken } from '../src/auth/api-tokens.ts';

export const WEBHOOKS_USAGE = [
  'usage: npm run webhooks -- <command>',
  '',
  '  secret        a new signing secret for a webhook\'s "secret" (whsec_ + 32 random bytes, base64)',
  '  admin-token   a new admin token for /admin, and its access key for the config file\'s',
  '                admin.accessKeys or ADMIN_ACCESS_KEYS (needs API_TOKEN_SALT, as the gateway)',
].join('\n');

/** What the command prints, or why it cannot run (exit code 1). */
export function runWebhooksCommand(args: readonly string[], env: NodeJS.ProcessEnv): { out: string } | { error: string } {
  const [command, ...rest] = args;
  if (rest.length > 0) return { error: `unexpected ${rest.join(' ')}\n\n${WEBHOOKS_USAGE}` };
  if (command === 'secret') return { out: `whsec_${randomBytes(32).toString('base64')}` };
  if (command === 'admin-token') {
    const salt = env.API_TOKEN_SALT;
    if (!salt) return { error: 'API_TOKEN_SALT is not set: the access key is an HMAC of the token with it, as the gateway computes it. Set it as the gateway has it.' };
    const token = generateToken();
    return { out: [`admin token (shown once; send it as Authorization: Bearer <token> to /admin):`, `  ${token}`, `its access key (config file: "admin": { "accessKeys": ["…"] }, or ADMIN_ACCESS_KEYS):`, `  ${accessKeyOf(token, salt)}`].join('\n') };
  }
  return { error: command === undefined || command === '--help' || command === '-h' ? WEBHOOKS_USAGE : `unknown command ${command}\n\n${WEBHOOKS_USAGE}` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = runWebhooksCommand(process.argv.slice(2), process.env);
  if ('out' in result) console.log(result.out);
  else {
    console.error(result.error);
    process.exit(1);
  }
}
