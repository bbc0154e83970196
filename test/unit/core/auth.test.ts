import { describe, expect, it, vi } from 'vitest';
import { Authenticator, type Caller } from '../../../functions/core/auth.ts';
import { ALL_STEP_CODES, KeyEnvironment, KeyKind, OrgStatus, SubscriptionStatus } from '../../../functions/core/constants.ts';
import { ForbiddenError, PaymentRequiredError, UnauthorizedError } from '../../../functions/core/errors.ts';
import { generateApiKey } from '../../../functions/core/store/keys.ts';
import type { KeyOwner, Repository } from '../../../functions/core/store/repository.ts';
import { SatIssuer } from '../../../functions/core/tokens.ts';

/** One-line factories (STYLE.md 9: tiny factories for domain cases). */
const owner = (over: { org?: Partial<KeyOwner['org']>; app?: Partial<KeyOwner['app']>; key?: Partial<KeyOwner['key']> } = {}): KeyOwner => ({
  key: { keyHash: 'h', appId: 'app_1', orgId: 'org_1', kind: KeyKind.Secret, environment: KeyEnvironment.Sandbox, label: 'sk_sandbox_…', createdAt: '', ...over.key },
  app: { appId: 'app_1', orgId: 'org_1', name: 'a', status: OrgStatus.Active, defaultWorkflowId: 'wf_1', createdAt: '', ...over.app },
  org: { orgId: 'org_1', name: 'o', status: OrgStatus.Active, subscription: SubscriptionStatus.Active, features: [...ALL_STEP_CODES], createdAt: '', ...over.org },
});
const caller = (over: Parameters<typeof owner>[0] & { kind?: Caller['kind'] } = {}): Caller => {
  const o = owner(over);
  return { kind: over.kind ?? 'secret', app: o.app, org: o.org, environment: 'sandbox' };
};
const repoWith = (found: KeyOwner | null) =>
  ({ findKeyOwner: vi.fn(async () => found), findAppOwner: vi.fn(async () => (found ? { app: found.app, org: found.org } : null)) }) as unknown as Repository & {
    findKeyOwner: ReturnType<typeof vi.fn>;
    findAppOwner: ReturnType<typeof vi.fn>;
  };
const issuer = new SatIssuer(Buffer.alloc(32, 7));

describe('Authenticator.authenticate', () => {
  it('throws UnauthorizedError when no credential is given, or the key is malformed or unknown', async () => {
    const auth = new Authenticator(repoWith(null));
    await expect(auth.authenticate({})).rejects.toThrow(UnauthorizedError);
    await expect(auth.authenticate({ 'x-api-key': 'sk_test_123' })).rejects.toThrow(/malformed/);
    await expect(auth.authenticate({ 'x-api-key': generateApiKey(KeyKind.Secret, KeyEnvironment.Sandbox) })).rejects.toThrow(/not valid/);
  });

  it('throws UnauthorizedError for a revoked key', async () => {
    const auth = new Authenticator(repoWith(owner({ key: { revokedAt: '2026-01-01T00:00:00Z' } })));
    await expect(auth.authenticate({ 'x-api-key': generateApiKey(KeyKind.Secret, KeyEnvironment.Live) })).rejects.toThrow(UnauthorizedError);
  });

  it('reads the table on every call unless a cache time is set', async () => {
    const key = { 'x-api-key': generateApiKey(KeyKind.Secret, KeyEnvironment.Sandbox) };
    const uncached = repoWith(owner());
    await new Authenticator(uncached).authenticate(key);
    await new Authenticator(uncached).authenticate(key);
    expect(uncached.findKeyOwner).toHaveBeenCalledTimes(2);
    const cachedRepo = repoWith(owner());
    const auth = new Authenticator(cachedRepo, undefined, 30);
    await auth.authenticate(key);
    await auth.authenticate(key);
    expect(cachedRepo.findKeyOwner).toHaveBeenCalledTimes(1);
  });

  it('accepts a valid session access token bound to its session, and refuses a forged or expired one', async () => {
    const repo = repoWith(owner());
    const auth = new Authenticator(repo, async () => issuer);
    const { token } = await issuer.mint({ sessionId: 's-1', appId: 'app_1', orgId: 'org_1', environment: 'sandbox' });
    expect(await auth.authenticate({ authorization: `Bearer ${token}` })).toMatchObject({ kind: 'sat', sessionId: 's-1' });
    expect(repo.findAppOwner).toHaveBeenCalledWith('app_1', 'org_1');
    const forged = await new SatIssuer(Buffer.alloc(32, 8)).mint({ sessionId: 's-1', appId: 'app_1', orgId: 'org_1', environment: 'sandbox' });
    await expect(auth.authenticate({ authorization: `Bearer ${forged.token}` })).rejects.toThrow(/not valid/);
    vi.useFakeTimers({ now: Date.now() + 3_600_000 });
    await expect(auth.authenticate({ authorization: `Bearer ${token}` })).rejects.toThrow(/expired/);
    vi.useRealTimers();
  });
});

describe('Authenticator.authorizeStep', () => {
  const auth = new Authenticator(repoWith(null));
  it('throws ForbiddenError for a suspended organisation or application', () => {
    expect(() => auth.authorizeStep(caller({ org: { status: OrgStatus.Suspended } }), 'step_ip_analysis')).toThrow(ForbiddenError);
    expect(() => auth.authorizeStep(caller({ app: { status: OrgStatus.Suspended } }), 'step_ip_analysis')).toThrow(/application is suspended/);
  });
  it('throws PaymentRequiredError without a subscription, before looking at features', () => {
    expect(() => auth.authorizeStep(caller({ org: { subscription: SubscriptionStatus.None, features: [] } }), 'step_ip_analysis')).toThrow(PaymentRequiredError);
  });
  it('throws ForbiddenError for a public key, a secret key sent by a browser, and a step not on the plan', () => {
    expect(() => auth.authorizeStep(caller({ kind: 'public' }), 'step_ip_analysis')).toThrow(/Public keys/);
    expect(() => auth.authorizeStep(caller(), 'step_ip_analysis', { origin: 'https://shop.example' })).toThrow(/browser/);
    expect(() => auth.authorizeStep(caller({ org: { features: ['step_aml_screening'] } }), 'step_ip_analysis')).toThrow(/not enabled/);
  });
  it('passes an active secret key from a server and a session access token from a browser', () => {
    expect(() => auth.authorizeStep(caller(), 'step_ip_analysis')).not.toThrow();
    expect(() => auth.authorizeStep(caller({ kind: 'sat' }), 'step_ip_analysis', { origin: 'https://shop.example' })).not.toThrow();
  });
});
