// Who is calling, read once per request (by the response cache or the route, whichever asks
// first), and what follows from it: the keys under which callers share plans and kept answers,
// and the request's base that operations run on (src/operations/scope.ts).
import { AccessPolicy } from '../src/access/access.ts';
import { schemaHiddenAttributes, type AttributeRule } from '../src/access/rules.ts';
import { ApiTokenLookup } from '../src/auth/api-tokens.ts';
import { anonymous, authenticate, type Caller } from '../src/auth/credentials.ts';
import { JwtVerifier } from '../src/auth/jwt.ts';
import type { AccessSettings } from '../src/auth/settings.ts';
import { ServiceUnavailableError } from '../src/errors/errors.ts';
import { USER_UID, type ContentModel } from '../src/model/types.ts';
import { requestBase, type RequestBase } from '../src/operations/scope.ts';
import type { Store } from '../src/store/store.ts';
import type { Writer } from '../src/operations/write/writer.ts';
import type { AuthServices } from '../src/operations/auth/services.ts';
import { clientAddress, clientKey, type TrustProxy } from '../src/limits/client-address.ts';
import type { Uploads } from '../src/upload/store-file.ts';
import type { Exchange } from './http/pipeline.ts';

export interface CallersDeps {
  model: ContentModel;
  store: Store;
  /** The store's write side, for requests that write. */
  writer?: Writer;
  /** Where uploaded files go, for requests that upload. */
  uploads?: Uploads;
  /** Access settings once the store is ready; undefined while starting. */
  settings(): AccessSettings | undefined;
  /** Strapi's API_TOKEN_SALT and JWT_SECRET; without one, that kind of credential is refused. */
  secrets?: { apiTokenSalt?: string; jwtSecret?: string };
  /** Rules hiding attributes from roles, beyond Strapi's own. */
  accessRules?: readonly AttributeRule[];
  /** users-permissions' services (JWT issuing, mail, its settings, the auth limit). */
  auth?: AuthServices;
  /** Which proxies' X-Forwarded-For to believe for the client's address (none by default). */
  trustProxy?: TrustProxy;
}

/** Who is calling under which settings. */
export interface Access {
  caller: Caller;
  settings: AccessSettings;
  /** The caller's class key (see {@link Callers.classKeyOf}). */
  key: string;
}

export class Callers {
  private readonly apiTokens: ApiTokenLookup | undefined;
  private readonly jwt: JwtVerifier | undefined;
  private readonly policy: AccessPolicy;
  /** Plans and kept answers are per access key; new settings (roles, tokens) start a new generation. */
  private readonly generations = new WeakMap<AccessSettings, number>();
  private lastGeneration = 0;

  constructor(private readonly deps: CallersDeps) {
    this.apiTokens = deps.secrets?.apiTokenSalt ? new ApiTokenLookup(deps.store, deps.secrets.apiTokenSalt) : undefined;
    this.jwt = deps.secrets?.jwtSecret ? new JwtVerifier(deps.secrets.jwtSecret) : undefined;
    this.policy = new AccessPolicy(deps.model, [schemaHiddenAttributes, ...(deps.accessRules ?? [])]);
  }

  /** Who calls, read once per request and kept on its exchange. */
  accessOf(request: Request, exchange: Exchange): Promise<Access> {
    return (exchange.access ??= this.readAccess(request, exchange)) as Promise<Access>;
  }

  /** The base a request's operations run on; `self` for REST's `/api/users/me`. */
  async baseFor(request: Request, exchange: Exchange, options?: { self: boolean }): Promise<RequestBase> {
    const { caller, settings, key } = await this.accessOf(request, exchange);
    return requestBase({
      model: this.deps.model,
      store: this.deps.store,
      access: this.policy.forRole(caller.role),
      user: caller.user,
      locales: settings.locales,
      deadline: exchange.deadline,
      accessKey: key,
      self: options?.self ? caller.user?.id : undefined,
      writer: this.deps.writer,
      uploads: this.deps.uploads,
      reads: exchange.reads,
      auth: this.deps.auth,
      client: this.clientOf(request, exchange),
    });
  }

  /** The client as per-client limits count it: its address (IPv6 by its /64), a proxy's word for it only as `trustProxy` says. */
  private clientOf(request: Request, exchange: Exchange): string {
    return clientKey(clientAddress(exchange.peer ?? 'local', request.headers.get('x-forwarded-for'), this.deps.trustProxy ?? false));
  }

  /** Callers with one key see the same data (plans are kept per key): the generation and the caller's class. */
  classKeyOf(settings: AccessSettings, caller: Caller): string {
    return `${this.generationOf(settings)}:${caller.accessKey}`;
  }

  /** Callers with one key may be given each other's kept answers: the class, and the user, whose `me` is their own. */
  answerKeyOf(settings: AccessSettings, caller: Caller): string {
    return caller.kind === 'user' ? `${this.classKeyOf(settings, caller)}:user:${caller.user?.id}` : this.classKeyOf(settings, caller);
  }

  /** The answer key of a caller without credentials, or undefined while starting. */
  anonymousKey(): { key: string; role: string } | undefined {
    const settings = this.deps.settings();
    if (!settings) return undefined;
    const caller = anonymous(settings);
    return { key: this.answerKeyOf(settings, caller), role: caller.role.name };
  }

  private async readAccess(request: Request, exchange: Exchange): Promise<Access> {
    const settings = this.deps.settings();
    if (!settings) throw new ServiceUnavailableError('The gateway is starting: the database is not ready yet');
    const { model, store } = this.deps;
    const users = model.contentTypes.get(USER_UID)!;
    const user = async (id: number) => (await store.find(users.collectionName, { id }, { limit: 1 }))[0];
    const caller = await authenticate(request.headers.get('authorization'), { settings, apiTokens: this.apiTokens, jwt: this.jwt, user });
    exchange.role = caller.role.name;
    return { caller, settings, key: this.classKeyOf(settings, caller) };
  }

  private generationOf(settings: AccessSettings): number {
    let generation = this.generations.get(settings);
    if (generation === undefined) this.generations.set(settings, (generation = ++this.lastGeneration));
    return generation;
  }
}
