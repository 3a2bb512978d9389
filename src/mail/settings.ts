// The config file's `mail` section (raw JSON) -> typed SMTP settings, checked here once; absent
// `mail.smtp` means no mail is sent (the routes that need it say so).
import { z } from 'zod';

const address = z.string().trim().regex(/@/, 'expected an email address, or "Name <address>"');

const smtpSchema = z
  .object({
    host: z.string().trim().min(1, 'expected the SMTP server\'s host name'),
    port: z.number().int().min(1).max(65_535).optional(),
    /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
    secure: z.boolean().optional(),
    auth: z.object({ user: z.string().min(1), pass: z.string().min(1) }).strict().optional(),
    from: address,
    replyTo: address.optional(),
  })
  .strict()
  .transform(({ port, secure, ...rest }) => {
    const tls = secure ?? port === 465;
    return { ...rest, secure: tls, port: port ?? (tls ? 465 : 587) };
  });

/** `{ "smtp": { "host", "port", "secure", "auth": { "user", "pass" }, "from", "replyTo" } }`, every key but `host` and `from` optional. */
export const mailSettingsSchema = z.object({ smtp: smtpSchema.optional() }).strict().default({});

export type MailSettings = z.output<typeof mailSettingsSchema>;
export type SmtpSettings = NonNullable<MailSettings['smtp']>;
