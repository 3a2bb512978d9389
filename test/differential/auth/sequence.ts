// One server's side of the auth differential: each step made a request on that server (its saved
// JWTs, the tokens its own mails carried, a JWT signed now), sent from the step's client address,
// and the answer made comparable: JWTs as what they name, timestamps and tokens masked, the mail
// a step sent read back from that server's mail sink.
import { SignJWT } from 'jose';
import type { AuthStep } from './steps.ts';

export interface ServerSide {
  /** Sends `request` as from `peer` (a loopback address of its own per step). */
  send(request: Request, peer: string): Promise<Response>;
  /** Every mail this server sent so far, in order. */
  mails(): ReadonlyArray<{ to: readonly string[]; subject: string; text: string }>;
  /** Resolves once `count` mails have arrived. */
  mailed(count: number): Promise<void>;
}

/** What a step's answer is compared by. */
export interface StepAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  mail?: { to: readonly string[]; subject: string; text: string };
}

/** The reference's users-permissions JWT secret (../shared/strapi-reference/app/config/plugins.js). */
export const REFERENCE_JWT_SECRET = 'conformance-jwt-secret';
const TOKENS = { full: 'full-access-token-secret', 'read-only': 'read-only-token-secret' } as const;
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The client address of step `index`: one of its own, so no step spends another's rate limit. */
export function peerOf(step: AuthStep, index: number): string {
  return step.peer ?? `127.0.${1 + Math.floor(index / 250)}.${2 + (index % 250)}`;
}

async function signed(claims: { id?: unknown; expiresIn?: number; secret?: string; alg?: 'none' }): Promise<string> {
  const payload: Record<string, unknown> = claims.id === undefined ? {} : { id: claims.id };
  const now = Math.floor(Date.now() / 1000);
  if (claims.alg === 'none') {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...payload, iat: now, exp: now + 3600 })}.`;
  }
  let jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now);
  if (claims.expiresIn !== undefined) jwt = jwt.setExpirationTime(now + claims.expiresIn);
  return jwt.sign(new TextEncoder().encode(claims.secret ?? REFERENCE_JWT_SECRET));
}

async function authorization(step: AuthStep, saved: Map<string, string>): Promise<string | undefined> {
  const { auth } = step;
  if (auth === undefined) return undefined;
  if (auth === 'full' || auth === 'read-only') return `Bearer ${TOKENS[auth]}`;
  if ('saved' in auth) return `Bearer ${saved.get(auth.saved) ?? 'missing-saved-jwt'}`;
  if ('sign' in auth) return `Bearer ${await signed(auth.sign)}`;
  return auth.header.replace(/<saved:(\w+)>/, (_all, name: string) => saved.get(name) ?? 'missing-saved-jwt');
}

/** `{{reset:<email>}}` and `{{confirm:<email>}}`: the token of the latest such mail this server sent. */
function withTokens(text: string, side: ServerSide): string {
  return text.replace(/\{\{(reset|confirm):([^}]+)\}\}/g, (_all, kind: string, to: string) => {
    const pattern = kind === 'reset' ? /code=([0-9a-f]+)/ : /confirmation=([0-9a-f]+)/;
    const mail = [...side.mails()].reverse().find((sent) => sent.to.includes(to) && pattern.test(sent.text));
    return mail ? pattern.exec(mail.text)![1] : 'no-such-mail';
  });
}

async function requestOf(step: AuthStep, base: string, side: ServerSide, saved: Map<string, string>): Promise<Request> {
  const headers = new Headers();
  const auth = await authorization(step, saved);
  if (auth) headers.set('authorization', auth);
  if (step.forwardedFor) headers.set('x-forwarded-for', step.forwardedFor);
  let body: string | undefined;
  if (step.raw) {
    if (step.raw.type) headers.set('content-type', step.raw.type);
    body = step.raw.text || undefined;
  } else if (step.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = withTokens(JSON.stringify(step.body), side);
  }
  return new Request(`${base}${withTokens(step.path, side)}`, { method: step.method, headers, body });
}

/** Answers every step on one server, in order. */
export async function answerSteps(steps: readonly AuthStep[], base: string, side: ServerSide): Promise<StepAnswer[]> {
  const saved = new Map<string, string>();
  const answers: StepAnswer[] = [];
  for (const [index, step] of steps.entries()) {
    const before = side.mails().length;
    const response = await side.send(await requestOf(step, base, side, saved), peerOf(step, index));
    const answer = await comparable(response);
    const jwt = findJwt(answer.raw);
    if (step.save && jwt) saved.set(step.save, jwt);
    if (step.mail && response.status < 300) {
      await side.mailed(before + 1);
      answer.comparable.mail = comparableMail(side.mails()[before]);
    }
    answers.push(answer.comparable);
  }
  return answers;
}

async function comparable(response: Response): Promise<{ comparable: StepAnswer; raw: unknown }> {
  const text = await response.text();
  const type = (response.headers.get('content-type') ?? '').split(';')[0];
  let raw: unknown = text;
  if (type === 'application/json' && text !== '') raw = JSON.parse(text);
  const headers: Record<string, string> = {};
  for (const name of ['location', 'x-ratelimit-limit', 'x-ratelimit-remaining']) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  if (response.headers.has('x-ratelimit-reset')) headers['x-ratelimit-reset'] = '<epoch seconds>';
  if (type) headers['content-type'] = type;
  return { comparable: { status: response.status, headers, body: masked(raw) }, raw };
}

function findJwt(value: unknown): string | undefined {
  if (typeof value === 'string') return JWT.test(value) && value.split('.')[0].startsWith('eyJ') ? value : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const inner of Object.values(value)) {
    const found = findJwt(inner);
    if (found) return found;
  }
  return undefined;
}

/** A JWT as what it names (`<jwt id=1 life=2592000>`); `createdAt`/`updatedAt` as `<time>`. */
export function masked(value: unknown, key?: string): unknown {
  if (typeof value === 'string') {
    if ((key === 'createdAt' || key === 'updatedAt') && value !== '') return '<time>';
    if (findJwt(value)) {
      const payload = JSON.parse(Buffer.from(value.split('.')[1], 'base64url').toString('utf8')) as { id?: unknown; iat?: number; exp?: number };
      return `<jwt id=${String(payload.id)} life=${payload.exp !== undefined && payload.iat !== undefined ? payload.exp - payload.iat : 'none'}>`;
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => masked(item));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, masked(inner, name)]));
}

/** A mail with its token and the server's own origin masked, its line ends as sent by either. */
function comparableMail(mail: { to: readonly string[]; subject: string; text: string }): StepAnswer['mail'] {
  const text = mail.text
    .replace(/\r\n/g, '\n')
    .replace(/(code|confirmation)=[0-9a-f]+/g, '$1=<token>')
    .replace(/https?:\/\/[^/\s<]+\/api\//g, '<origin>/api/')
    .trim();
  return { to: mail.to, subject: mail.subject, text };
}
