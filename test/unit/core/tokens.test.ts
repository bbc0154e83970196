import { describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { SAT_AUDIENCE, SAT_ISSUER, SatIssuer } from '../../../functions/core/tokens.ts';
import { UnauthorizedError } from '../../../functions/core/errors.ts';

describe('SatIssuer', () => {
  const issuer = new SatIssuer(Buffer.alloc(32, 1), 600);

  it('mints an HS256 JWT bound to one session and application that verifies back', async () => {
    const { token, expiresAt } = await issuer.mint({ sessionId: 's-1', appId: 'app_1', orgId: 'org_1', environment: 'live' });
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await issuer.verify(token)).toMatchObject({ sessionId: 's-1', appId: 'app_1', orgId: 'org_1', environment: 'live' });
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(590_000);
  });

  it('refuses an expired token, a token of another key, and a token with alg none', async () => {
    const { token } = await issuer.mint({ sessionId: 's-1', appId: 'app_1', orgId: 'org_1', environment: 'sandbox' });
    vi.useFakeTimers({ now: Date.now() + 601_000 });
    await expect(issuer.verify(token)).rejects.toThrow(/expired/);
    vi.useRealTimers();
    await expect(new SatIssuer(Buffer.alloc(32, 2)).verify(token)).rejects.toThrow(UnauthorizedError);
    const [, payload] = token.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    await expect(issuer.verify(none)).rejects.toThrow(/not valid/);
  });

  it('verifies a token minted without the org claim (before it existed), without orgId', async () => {
    const key = Buffer.alloc(32, 1);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ app: 'app_1', env: 'sandbox' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(SAT_ISSUER)
      .setAudience(SAT_AUDIENCE)
      .setSubject('s-1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
    const claims = await issuer.verify(token);
    expect(claims).toMatchObject({ sessionId: 's-1', appId: 'app_1' });
    expect(claims).not.toHaveProperty('orgId');
  });

  it('throws when the key is shorter than 32 bytes', () => {
    expect(() => new SatIssuer(Buffer.alloc(16))).toThrow(/at least 32/);
  });
});
