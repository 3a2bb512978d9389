// What the auth routes send mail through: a message -> delivered, or an error the caller maps. With
// no SMTP configured, `noMailer` refuses every message with a sentence saying how to configure it.
import { ApplicationError } from '../errors/errors.ts';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message, with the id it was given. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** Closes connections kept open; later sends fail. */
  close(): void;
}

/** A route that sends mail was asked for with no `mail.smtp` in the config file. */
export class MailNotConfiguredError extends ApplicationError {
  override readonly status = 500;
  constructor() {
    super('Email is not configured: set mail.smtp in the config file');
  }
}

/** The SMTP server could not be reached, or refused the message; `cause` holds nodemailer's error (logged, never answered). */
export class MailDeliveryError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

/** The mailer of a gateway without `mail.smtp`. */
export const noMailer: Mailer = {
  send: () => Promise.reject(new MailNotConfiguredError()),
  close: () => undefined,
};
