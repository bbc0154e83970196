import { describe, expect, it, vi } from 'vitest';
import { Authenticator } from '../../../functions/core/auth.ts';
import { ALL_STEP_CODES, KeyEnvironment, KeyKind, OrgStatus, SubscriptionStatus } from '../../../functions/core/constants.ts';
import { ForbiddenError, PaymentRequiredError, UnauthorizedError } from '../../../functions/core/errors.ts';
import { generateApiKey } from '../../../functions/core/store/keys.ts';
import type { KeyOwner, Repository } from '../../../functions/core/store/repository.ts';

/** One-line factory of a key owner (STYLE.md 9: tiny factories for domain cases). */
const owner = (over: { org?: Partial<KeyOwner['org']>; app?: Partial<KeyOwner['app']>; key?: Partial<KeyOwner['key']> } = {}): KeyOwner => ({
  key: { keyHash: 'h', appId: 'app_1', orgId: 'org_1', kind: KeyKind.Secret, environment: KeyEnvironment.Sandbox, label: 'sk_sandbox_…', createdAt: '', ...over.key },
  app: { appId: 'app_1', orgId: 'org_1', name: 'a', status: OrgStatus.Active, defaultWorkflowId: 'wf_1', createdAt: '', ...over.app },
  org: { orgId: 'org_1', name: 'o', status: OrgStatus.Active, subscription: SubscriptionStatus.Active, features: [...ALL_STEP_CODES], createdAt: '', ...over.org },
});
const repoWith = (found: KeyOwner | null) => ({ findKeyOwner: vi.fn(async () => found) }) as unknown as Repository & { findKeyOwner: ReturnType<typeof vi.fn> };

describe('Authenticator.authenticate', () => {
  it('throws UnauthorizedError when the header is missing, malformed or unknown', async () => {
    const auth = new Authenticator(repoWith(null));
    await expect(auth.authenticate(undefined)).rejects.toThrow(UnauthorizedError);
    await expect(auth.authenticate('sk_test_123')).rejects.toThrow(/malformed/);
    await expect(auth.authenticate(generateApiKey(KeyKind.Secret, KeyEnvironment.Sandbox))).rejects.toThrow(/not valid/);
  });

  it('throws UnauthorizedError for a revoked key', async () => {
    const auth = new Authenticator(repoWith(owner({ key: { revokedAt: '2026-01-01T00:00:00Z' } })));
    await expect(auth.authenticate(generateApiKey(KeyKind.Secret, KeyEnvironment.Live))).rejects.toThrow(UnauthorizedError);
  });

  it('reads the table on every call unless a cache time is set', async () => {
    const key = generateApiKey(KeyKind.Secret, KeyEnvironment.Sandbox);
    const uncached = repoWith(owner());
    await new Authenticator(uncached).authenticate(key);
    await new Authenticator(uncached).authenticate(key);
    expect(uncached.findKeyOwner).toHaveBeenCalledTimes(2);
    const cachedRepo = repoWith(owner());
    const auth = new Authenticator(cachedRepo, 30);
    await auth.authenticate(key);
    await auth.authenticate(key);
    expect(cachedRepo.findKeyOwner).toHaveBeenCalledTimes(1);
  });
});

describe('Authenticator.authorizeStep', () => {
  const auth = new Authenticator(repoWith(null));
  it('throws ForbiddenError for a suspended organisation or application', () => {
    expect(() => auth.authorizeStep(owner({ org: { status: OrgStatus.Suspended } }), 'step_ip_analysis')).toThrow(ForbiddenError);
    expect(() => auth.authorizeStep(owner({ app: { status: OrgStatus.Suspended } }), 'step_ip_analysis')).toThrow(/application is suspended/);
  });
  it('throws PaymentRequiredError without a subscription, before looking at features', () => {
    expect(() => auth.authorizeStep(owner({ org: { subscription: SubscriptionStatus.None, features: [] } }), 'step_ip_analysis')).toThrow(PaymentRequiredError);
  });
  it('throws ForbiddenError for a public key and for a step not on the plan', () => {
    expect(() => auth.authorizeStep(owner({ key: { kind: KeyKind.Public } }), 'step_ip_analysis')).toThrow(/Public keys/);
    expect(() => auth.authorizeStep(owner({ org: { features: ['step_aml_screening'] } }), 'step_ip_analysis')).toThrow(/not enabled/);
  });
  it('passes an active secret key with the feature', () => {
    expect(() => auth.authorizeStep(owner(), 'step_ip_analysis')).not.toThrow();
  });
});
