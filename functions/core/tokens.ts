import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { UnauthorizedError } from './errors.ts';

/**
 * Session access tokens (`sat`, SPEC.md 2.9 and 5): short-lived JWTs that let the Web SDK act on one session
 * without any API key in the browser. HS256 with a 256-bit key (RFC 7518 3.2) kept in Secrets Manager on AWS and
 * in `$DATA_DIR/sat-signing-key` locally; signing and verification by `jose`.
 */

/** Issuer and audience of every sat; a token with other values is refused. */
export const SAT_ISSUER = 'step-verification';
export const SAT_AUDIENCE = 'step-verification-sdk';
/** Default lifetime of a sat in seconds: long enough for one capture flow, short enough to limit a leak. @default 900 */
export const SAT_DEFAULT_TTL_SECONDS = 900;

/** What a verified sat says. */
export interface SatClaims {
  sessionId: string;
  appId: string;
  /** The application's organisation (claim `org`), so that auth reads app and org in one batch; absent in tokens minted before it existed. */
  orgId?: string;
  environment: 'sandbox' | 'live';
  expiresAt: Date;
}

/** Mints and verifies sats with one key. */
export class SatIssuer {
  private readonly key: Uint8Array;

  /**
   * @param key signing key, at least 32 bytes (HS256 needs a key as long as the hash: RFC 7518 3.2).
   * @param ttlSeconds lifetime of minted tokens. @default 900
   * @throws Error when the key is shorter than 32 bytes.
   */
  constructor(
    key: Uint8Array,
    private readonly ttlSeconds = SAT_DEFAULT_TTL_SECONDS,
  ) {
    if (key.length < 32) throw new Error(`the sat signing key has ${key.length} bytes; at least 32 are required`);
    this.key = key;
  }

  /** Mints a token bound to one session of one application (claims `sub` session, `app`, `org`, `env`). */
  async mint(claims: { sessionId: string; appId: string; orgId: string; environment: 'sandbox' | 'live' }): Promise<{ token: string; expiresAt: Date }> {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + this.ttlSeconds;
    const token = await new SignJWT({ app: claims.appId, org: claims.orgId, env: claims.environment })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(SAT_ISSUER)
      .setAudience(SAT_AUDIENCE)
      .setSubject(claims.sessionId)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .setJti(randomUUID())
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /**
   * Verifies a token's signature, issuer, audience and expiry.
   * @throws UnauthorizedError (401) for any invalid or expired token, saying which.
   */
  async verify(token: string): Promise<SatClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: SAT_ISSUER, audience: SAT_AUDIENCE, algorithms: ['HS256'] });
      const env = payload['env'];
      if (typeof payload.sub !== 'string' || typeof payload['app'] !== 'string' || (env !== 'sandbox' && env !== 'live')) {
        throw new UnauthorizedError('The session access token lacks its session or application.');
      }
      const org = payload['org'];
      return {
        sessionId: payload.sub,
        appId: payload['app'],
        ...(typeof org === 'string' ? { orgId: org } : {}),
        environment: env,
        expiresAt: new Date((payload.exp ?? 0) * 1000),
      };
    } catch (err) {
      if (err instanceof UnauthorizedError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new UnauthorizedError('The session access token has expired.');
      throw new UnauthorizedError('The session access token is not valid.');
    }
  }
}
