// The two sides of the auth differential: the gateway in process on the fixture model and the
// users' seed, mailing through an SMTP sink; and what the live runner needs to start a reference
// Strapi on the same seed with its mail going to a sink of its own.
import type { Gateway } from '../../../gateway/app.ts';
import { authServices } from '../../../src/operations/auth/services.ts';
import { smtpMailer } from '../../../src/mail/smtp-mailer.ts';
import type { Store } from '../../../src/store/store.ts';
import type { MailSink } from '../../support/mail-sink.ts';
import { modelGateway } from '../../support/test-gateway.ts';
import { REFERENCE_JWT_SECRET, type ServerSide } from './sequence.ts';

export const AUTH_SCHEMA = 'test/fixtures/blog';
export const AUTH_SEED = 'test/fixtures/users-permissions/seed.json';
export const RECORDED = 'test/fixtures/differential-auth/recorded.json';

/** The gateway as the reference runs: its secrets, Strapi's defaults, mail to `sink`; on `store` (an embedded one in memory by default). */
export async function gatewaySide(sink: MailSink, store?: Store): Promise<{ side: ServerSide; gateway: Gateway }> {
  const auth = authServices({ jwtSecret: REFERENCE_JWT_SECRET, mailer: smtpMailer(sink.settings('Administration Panel <no-reply@strapi.io>')) });
  const { gateway } = await modelGateway(AUTH_SCHEMA, AUTH_SEED, {
    store,
    secrets: { apiTokenSalt: 'conformance-api-token-salt', jwtSecret: REFERENCE_JWT_SECRET },
    extra: { auth },
  });
  return { gateway, side: sinkSide(sink, (request, peer) => gateway.fetch(request, undefined, peer)) };
}

/** A server side whose mail goes to `sink`. */
export function sinkSide(sink: MailSink, send: ServerSide['send']): ServerSide {
  return { send, mails: () => sink.mails, mailed: (count) => sink.received(count) };
}
