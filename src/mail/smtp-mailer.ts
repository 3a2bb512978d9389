// SMTP settings -> a Mailer sending through that server with nodemailer; `from` and `replyTo` come
// from the settings, never from the caller.
import { createTransport } from 'nodemailer';
import { MailDeliveryError, noMailer, type Mailer, type MailMessage } from './mailer.ts';
import type { MailSettings, SmtpSettings } from './settings.ts';

/**
 * nodemailer waits 2 minutes to connect and 10 minutes on a silent socket by default; a sign-up
 * waits for its mail, so a dead server must fail it within seconds.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The gateway's mailer: SMTP when the config file has `mail.smtp`, else {@link noMailer}. */
export function mailerFor(settings: MailSettings): Mailer {
  return settings.smtp ? smtpMailer(settings.smtp) : noMailer;
}

export function smtpMailer(settings: SmtpSettings): Mailer {
  const transport = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.auth,
    ...TIMEOUTS,
  });
  return {
    async send(message: MailMessage) {
      try {
        const { to, subject, text, html } = message;
        const info = await transport.sendMail({ from: settings.from, replyTo: settings.replyTo, to, subject, text, html });
        return { messageId: info.messageId };
      } catch (error) {
        throw new MailDeliveryError(`Mail to ${message.to} was not sent through ${settings.host}:${settings.port}`, { cause: error });
      }
    },
    close: () => transport.close(),
  };
}
