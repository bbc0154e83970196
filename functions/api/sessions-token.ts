import { createOrMintSession } from '../core/session-api.ts';
import { jsonRoute } from './http.ts';

/** POST /api/v1/sessions/token: the integrator's server mints a `sat` for a new or existing session (SPEC.md 4.7). */
export const handler = jsonRoute(async ({ body, headers, service }) => ({
  status: 200,
  body: await createOrMintSession('token', { headers, body }, service),
}), { body: 'optional' });
