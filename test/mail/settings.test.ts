// The config file's `mail` section: defaults for port and TLS, and every wrong key named.
import { describe, expect, it } from 'vitest';
import { mailSettingsSchema } from '../../src/mail/settings.ts';

const smtp = (extra: Record<string, unknown>) => ({ smtp: { host: 'smtp.example.test', from: 'a@example.test', ...extra } });

describe('mailSettingsSchema', () => {
  it.each([
    ['no mail section: no SMTP', undefined, undefined],
    ['port 587 with STARTTLS by default', smtp({}), { port: 587, secure: false }],
    ['TLS from the start on port 465', smtp({ port: 465 }), { port: 465, secure: true }],
    ['port 465 when only secure is given', smtp({ secure: true }), { port: 465, secure: true }],
    ['a port and secure as given', smtp({ port: 2525, secure: false }), { port: 2525, secure: false }],
  ])('reads %s', (_name, raw, expected) => {
    const parsed = mailSettingsSchema.parse(raw);
    if (expected === undefined) expect(parsed.smtp).toBeUndefined();
    else expect(parsed.smtp).toMatchObject({ host: 'smtp.example.test', ...expected });
  });

  it.each([
    ['no host', { smtp: { from: 'a@example.test' } }, 'smtp.host'],
    ['a sender without an address', smtp({ from: 'Gateway' }), 'smtp.from'],
    ['a port out of range', smtp({ port: 70_000 }), 'smtp.port'],
    ['auth without a password', smtp({ auth: { user: 'u' } }), 'smtp.auth.pass'],
    ['an unknown key', smtp({ tls: true }), 'smtp'],
  ])('refuses %s, naming %s', (_name, raw, path) => {
    const parsed = mailSettingsSchema.safeParse(raw);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });
});
