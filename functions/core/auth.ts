import { KeyKind, OrgStatus, SubscriptionStatus, type StepCode } from './constants.ts';
import { ForbiddenError, PaymentRequiredError, UnauthorizedError } from './errors.ts';
import { hashApiKey, parseApiKey } from './store/keys.ts';
import type { KeyOwner, Repository } from './store/repository.ts';

/**
 * API-key authentication and authorisation of step calls (SPEC.md part 5, DESIGN.md request path 1).
 * Checks run in this order, so that each status has one meaning:
 * 401 missing / malformed / unknown / revoked key -> 403 suspended organisation or application ->
 * 402 no active subscription -> 403 public key on a server endpoint, or step not on the plan.
 */
export class Authenticator {
  private readonly cache = new Map<string, { owner: KeyOwner; until: number }>();

  /**
   * @param repo where keys, applications and organisations are read.
   * @param cacheSeconds how long a resolved key is reused in this process; 0 reads the table on every call,
   *   so that suspensions and revocations take effect at once. @default 0
   */
  constructor(
    private readonly repo: Repository,
    private readonly cacheSeconds = 0,
  ) {}

  /**
   * Resolves the `X-API-KEY` header to its owner.
   * @throws UnauthorizedError (401) when the header is missing, malformed, unknown or revoked.
   */
  async authenticate(header: string | undefined): Promise<KeyOwner> {
    const raw = header?.trim();
    if (!raw) throw new UnauthorizedError('The X-API-KEY header is required.');
    if (!parseApiKey(raw)) {
      throw new UnauthorizedError('The X-API-KEY header is malformed: expected sk_sandbox_…, sk_live_…, pk_sandbox_… or pk_live_….');
    }
    const hash = hashApiKey(raw);
    const hit = this.cache.get(hash);
    const owner = hit && hit.until > Date.now() ? hit.owner : await this.repo.findKeyOwner(hash);
    if (!owner || owner.key.revokedAt) throw new UnauthorizedError('The API key is not valid.');
    if (this.cacheSeconds > 0 && !hit) this.cache.set(hash, { owner, until: Date.now() + this.cacheSeconds * 1000 });
    return owner;
  }

  /**
   * Checks that the owner may run a step on the server-to-server API.
   * @throws ForbiddenError (403) suspended org/app, public key, or step not on the plan.
   * @throws PaymentRequiredError (402) no active subscription.
   */
  authorizeStep(owner: KeyOwner, stepCode: StepCode): void {
    if (owner.org.status === OrgStatus.Suspended) throw new ForbiddenError('The organisation is suspended.');
    if (owner.app.status === OrgStatus.Suspended) throw new ForbiddenError('The application is suspended.');
    if (owner.org.subscription !== SubscriptionStatus.Active) {
      throw new PaymentRequiredError('The organisation has no active subscription.');
    }
    if (owner.key.kind !== KeyKind.Secret) {
      throw new ForbiddenError('Public keys may only create SDK sessions; call the step API with a secret key (sk_…) from a server.');
    }
    if (!owner.org.features.includes(stepCode)) {
      throw new ForbiddenError(`The feature ${stepCode} is not enabled on the organisation's plan.`);
    }
  }
}
