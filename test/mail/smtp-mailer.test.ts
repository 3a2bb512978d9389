// Mail through SMTP: a server started here receives what the mailer sends (sender and reply-to from
// the settings, the caller's recipient, subject, text and HTML) after signing in with the settings'
// credentials; a refusal or an absent configuration is an error the caller can map.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailDeliveryError, MailNotConfiguredError, noMailer } from '../../src/mail/mailer.ts';
import { mailSettingsSchema, type SmtpSettings } from '../../src/mail/settings.ts';
import { mailerFor, smtpMailer } from '../../src/mail/smtp-mailer.ts';

interface Received {
  user: string | undefined;
  password: string | undefined;
  recipients: string[];
  mail: ParsedMail;
}

const received: Received[] = [];
const logins: { user: string; password: string }[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      logins.push({ user: auth.username ?? '', password: auth.password ?? '' });
      if (auth.username === 'mailer' && auth.password === 'p4ss') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      callback(address.address.endsWith('@refused.test') ? new Error('Mailbox unavailable') : undefined);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const recipients = session.envelope.rcptTo.map((to) => to.address);
          received.push({ user: session.user, password: logins.at(-1)?.password, recipients, mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const settings = (overrides: Partial<SmtpSettings> = {}): SmtpSettings => ({
  host: '127.0.0.1',
  port,
  secure: false,
  auth: { user: 'mailer', pass: 'p4ss' },
  from: 'Gateway <no-reply@gateway.test>',
  replyTo: 'support@gateway.test',
  ...overrides,
});

describe('smtpMailer', () => {
  it('delivers the message with the settings\' sender and reply-to, signed in with their credentials', async () => {
    const mailer = smtpMailer(settings());
    const { messageId } = await mailer.send({
      to: 'ada@example.test',
      subject: 'Reset password',
      text: 'Open https://app.test/reset?code=abc',
      html: '<p>Open <a href="https://app.test/reset?code=abc">this link</a></p>',
    });
    mailer.close();
    const last = received.at(-1)!;
    expect(last.user).toBe('mailer');
    expect(last.password).toBe('p4ss');
    expect(last.recipients).toEqual(['ada@example.test']);
    expect(last.mail.messageId).toBe(messageId);
    expect(last.mail.from?.value).toEqual([{ name: 'Gateway', address: 'no-reply@gateway.test' }]);
    expect(last.mail.replyTo?.value).toEqual([{ name: '', address: 'support@gateway.test' }]);
    expect(last.mail.subject).toBe('Reset password');
    expect(last.mail.text?.trim()).toBe('Open https://app.test/reset?code=abc');
    expect(last.mail.html).toContain('<a href="https://app.test/reset?code=abc">this link</a>');
  });

  it('fails with a MailDeliveryError when the server refuses the recipient', async () => {
    const mailer = smtpMailer(settings());
    const sending = mailer.send({ to: 'nobody@refused.test', subject: 's', text: 't' });
    await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(sending).rejects.toThrow(`Mail to nobody@refused.test was not sent through 127.0.0.1:${port}`);
    mailer.close();
  });

  it('fails with a MailDeliveryError when the server refuses the credentials', async () => {
    const mailer = smtpMailer(settings({ auth: { user: 'mailer', pass: 'wrong' } }));
    await expect(mailer.send({ to: 'ada@example.test', subject: 's', text: 't' })).rejects.toBeInstanceOf(MailDeliveryError);
    mailer.close();
  });
});

describe('without mail.smtp', () => {
  it('refuses every message with a sentence naming the setting', async () => {
    const mailer = mailerFor(mailSettingsSchema.parse({}));
    expect(mailer).toBe(noMailer);
    const sending = mailer.send({ to: 'ada@example.test', subject: 's', text: 't' });
    await expect(sending).rejects.toBeInstanceOf(MailNotConfiguredError);
    await expect(sending).rejects.toThrow('Email is not configured: set mail.smtp in the config file');
  });
});
