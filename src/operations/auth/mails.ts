// The mails users-permissions sends -> their subject and body, as Strapi v4.25's default
// templates write them (recorded: ../recordings/users-permissions/11-email-templates-store.json,
// 16b-email-flows-with-smtp-sink.json). The sender is the config's `mail.smtp.from`.
import type { MailMessage } from '../../mail/mailer.ts';

/** `<%= NAME %>` placeholders filled in; lodash's template prints null and undefined as nothing. */
function fill(template: string, values: Readonly<Record<string, string | null | undefined>>): string {
  return template.replace(/<%= (\w+) %>/g, (_match, name: string) => values[name] ?? '');
}

const RESET_PASSWORD = [
  '<p>We heard that you lost your password. Sorry about that!</p>',
  '',
  '<p>But don’t worry! You can use the following link to reset your password:</p>',
  '<p><%= URL %>?code=<%= TOKEN %></p>',
  '',
  '<p>Thanks.</p>',
].join('\n');

const EMAIL_CONFIRMATION = [
  '<p>Thank you for registering!</p>',
  '',
  '<p>You have to confirm your email address. Please click on the link below.</p>',
  '',
  '<p><%= URL %>?confirmation=<%= CODE %></p>',
  '',
  '<p>Thanks.</p>',
].join('\n');

/** "Reset password": the link is the advanced setting `email_reset_password` (nothing when null), then `?code=`. */
export function resetPasswordMail(to: string, resetUrl: string | null, token: string): MailMessage {
  const body = fill(RESET_PASSWORD, { URL: resetUrl, TOKEN: token });
  return { to, subject: 'Reset password', text: body, html: body };
}

/** "Account confirmation": the link is the gateway's `/api/auth/email-confirmation`, then `?confirmation=`. */
export function confirmationMail(to: string, confirmationUrl: string, token: string): MailMessage {
  const body = fill(EMAIL_CONFIRMATION, { URL: confirmationUrl, CODE: token });
  return { to, subject: 'Account confirmation', text: body, html: body };
}
