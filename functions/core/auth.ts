import { KeyEnvironment, KeyKind, OrgStatus, SubscriptionStatus, type StepCode } from './constants.ts';
import { ForbiddenError, PaymentRequiredError, UnauthorizedError } from './errors.ts';
import { hashApiKey, parseApiKey } from './store/keys.ts';
import type { App, Org } from './store/model.ts';
import type { Repository } from './store/repository.ts';
import type { SatIssuer } from './tokens.ts';

/**
 * Authentication and authorisation (SPEC.md part 5, DESIGN.md request path 1). A caller is one of:
 * - a **secret key** (`X-API-KEY: sk_…`): the integrator's server; every step and session operation of its app;
 * - a **public key** (`X-API-KEY: pk_…`): the Web SDK in create mode; it may only create sessions;
 * - a **session access token** (`Authorization: Bearer <sat>`): the Web SDK; steps and reads of its one session.
 *
 * Checks run in this order, so that each status has one meaning: 401 missing / malformed / unknown / revoked /
 * expired credential -> 403 suspended organisation or application -> 402 no active subscription -> 403 credential
 * kind not allowed here, secret key sent from a browser, or step not on the plan.
 */

/** How a caller authenticated. */
export const CallerKind = { Secret: 'secret', Public: 'public', Sat: 'sat' } as const;
export type CallerKind = (typeof CallerKind)[keyof typeof CallerKind];

/** An authenticated caller: its application and organisation, and for a sat the one session it may touch. */
export interface Caller {
  kind: CallerKind;
  app: App;
  org: Org;
  environment: KeyEnvironment;
  /** For a sat: the session it is bound to. */
  sessionId?: string;
}

/** The request headers authentication reads (lower-cased names). */
export interface AuthHeaders {
  'x-api-key'?: string | undefined;
  authorization?: string | undefined;
  origin?: string | undefined;
}

export class Authenticator {
  private readonly cache = new Map<string, { caller: Caller; until: number }>();

  /**
   * @param repo where keys, applications and organisations are read.
   * @param sat how session access tokens are verified (absent: sats are refused with 401).
   * @param cacheSeconds how long a resolved API key is reused in this process; 0 reads the table on every call,
   *   so that suspensions and revocations take effect at once. @default 0
   */
  constructor(
    private readonly repo: Repository,
    private readonly sat: (() => Promise<SatIssuer>) | undefined = undefined,
    private readonly cacheSeconds = 0,
  ) {}

  /**
   * Resolves the request's credential to a caller.
   * @throws UnauthorizedError (401) when no credential is given, or it is malformed, unknown, revoked or expired.
   */
  async authenticate(headers: AuthHeaders): Promise<Caller> {
    const key = headers['x-api-key']?.trim();
    if (key) return this.fromApiKey(key);
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
    if (bearer && this.sat) {
      const claims = await (await this.sat()).verify(bearer);
      const owner = await this.repo.findAppOwner(claims.appId, claims.orgId);
      if (!owner) throw new UnauthorizedError('The session access token is not valid.');
      return { kind: CallerKind.Sat, ...owner, environment: claims.environment, sessionId: claims.sessionId };
    }
    throw new UnauthorizedError('The X-API-KEY header is required (or Authorization: Bearer <sat> from the Web SDK).');
  }

  /**
   * Checks that the caller's organisation and application may be served at all.
   * @throws ForbiddenError (403) suspended organisation or application.
   * @throws PaymentRequiredError (402) no active subscription.
   */
  authorizeAccount(caller: Caller): void {
    if (caller.org.status === OrgStatus.Suspended) throw new ForbiddenError('The organisation is suspended.');
    if (caller.app.status === OrgStatus.Suspended) throw new ForbiddenError('The application is suspended.');
    if (caller.org.subscription !== SubscriptionStatus.Active) {
      throw new PaymentRequiredError('The organisation has no active subscription.');
    }
  }

  /**
   * Checks that the caller may run a step: account checks, then a secret key from a server or a sat, and the
   * step on the organisation's plan.
   * @throws ForbiddenError (403), PaymentRequiredError (402) as {@link authorizeAccount}, and 403 for a public key,
   *   a secret key sent by a browser (an `Origin` header), or a step not on the plan.
   */
  authorizeStep(caller: Caller, stepCode: StepCode, headers: AuthHeaders = {}): void {
    this.authorizeAccount(caller);
    if (caller.kind === CallerKind.Public) {
      throw new ForbiddenError('Public keys may only create SDK sessions; call the step API with a secret key (sk_…) from a server, or with the session access token from the SDK.');
    }
    this.rejectSecretFromBrowser(caller, headers);
    if (!caller.org.features.includes(stepCode)) {
      throw new ForbiddenError(`The feature ${stepCode} is not enabled on the organisation's plan.`);
    }
  }

  /**
   * SPEC.md 5 rule 2: a secret key is for servers only. A request carrying an `Origin` header was sent by a
   * browser's script (browsers add it to cross-origin and POST requests), so a secret key in it is refused.
   * @throws ForbiddenError (403).
   */
  rejectSecretFromBrowser(caller: Caller, headers: AuthHeaders): void {
    if (caller.kind === CallerKind.Secret && headers.origin) {
      throw new ForbiddenError('Secret keys must not be used from a browser; use a public key or a session access token there.');
    }
  }

  private async fromApiKey(raw: string): Promise<Caller> {
    if (!parseApiKey(raw)) {
      throw new UnauthorizedError('The X-API-KEY header is malformed: expected sk_sandbox_…, sk_live_…, pk_sandbox_… or pk_live_….');
    }
    const hash = hashApiKey(raw);
    const hit = this.cache.get(hash);
    if (hit && hit.until > Date.now()) return hit.caller;
    const owner = await this.repo.findKeyOwner(hash);
    if (!owner || owner.key.revokedAt) throw new UnauthorizedError('The API key is not valid.');
    const caller: Caller = {
      kind: owner.key.kind === KeyKind.Secret ? CallerKind.Secret : CallerKind.Public,
      app: owner.app,
      org: owner.org,
      environment: owner.key.environment,
    };
    if (this.cacheSeconds > 0) this.cache.set(hash, { caller, until: Date.now() + this.cacheSeconds * 1000 });
    return caller;
  }
}
