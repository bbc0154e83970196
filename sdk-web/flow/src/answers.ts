import { ErrorCode } from '../../src/errors.js';

/**
 * How the flow reads the service's answers, free of the DOM so that unit tests run it in Node: the mapping of
 * HTTP statuses to the SDK's error codes, and the claims of a session access token.
 */

/** Problem details (SPEC.md 7, RFC 9457). */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  errors?: Record<string, string[]>;
}

/**
 * Maps a non-success answer to an SDK error code (docs/sdk.md "Error codes"):
 * 401 -> session_expired when the token expired, else configuration_invalid; 402/403 -> configuration_invalid;
 * 404 -> session_expired for a token's session, configuration_invalid otherwise (unknown workflow);
 * 501 -> step_unavailable; anything else -> service_error.
 */
export function classify(status: number, problem: Problem | null, usingSat: boolean): ErrorCode {
  const detail = `${problem?.detail ?? ''} ${problem?.title ?? ''}`;
  if (status === 0) return ErrorCode.Network;
  if (status === 401) return /expired/i.test(detail) ? ErrorCode.SessionExpired : ErrorCode.ConfigurationInvalid;
  if (status === 402 || status === 403) return ErrorCode.ConfigurationInvalid;
  if (status === 404) return usingSat && !problem?.errors?.['workflowId'] ? ErrorCode.SessionExpired : ErrorCode.ConfigurationInvalid;
  if (status === 501) return ErrorCode.StepUnavailable;
  if (status === 400) return ErrorCode.ConfigurationInvalid;
  return ErrorCode.ServiceError;
}

/** The claims of a sat the flow needs: its session (`sub`) and expiry (`exp`). The service verifies the signature. */
export function readSatClaims(sat: string): { sessionId: string; expiresAt: number } | null {
  const part = sat.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const claims = JSON.parse(json) as { sub?: unknown; exp?: unknown };
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
    return { sessionId: claims.sub, expiresAt: claims.exp * 1000 };
  } catch {
    return null;
  }
}
