// An SMTP server started in the test (smtp-server, on a free port of 127.0.0.1): every message
// sent to it, parsed (mailparser), in order; and the SMTP settings that send there.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { SmtpSettings } from '../../src/mail/settings.ts';

export interface SunkMail {
  readonly to: string[];
  readonly from: string;
  readonly replyTo?: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface MailSink {
  readonly port: number;
  /** Every message received so far. */
  readonly mails: SunkMail[];
  /** SMTP settings of a mailer sending here. */
  settings(from?: string): SmtpSettings;
  /** Resolves once `count` messages have arrived (a sender's 250 may come just before the parse ends). */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startMailSink(port = 0): Promise<MailSink> {
  const mails: SunkMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        mails.push({
          to: session.envelope.rcptTo.map((to) => to.address),
          from: mail.from?.text ?? '',
          replyTo: mail.replyTo?.text,
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
        });
        for (const wake of waiting) wake();
        callback();
      }, (error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    mails,
    settings: (from = 'Gateway <no-reply@gateway.test>') => ({ host: '127.0.0.1', port: bound, secure: false, from }),
    received: (count) => new Promise<void>((resolve) => {
      const check = () => {
        if (mails.length < count) return;
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
      check();
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
