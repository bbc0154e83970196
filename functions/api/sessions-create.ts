import { createOrMintSession } from '../core/session-api.ts';
import { jsonRoute } from './http.ts';

/** POST /api/v1/sessions: a session for the Web SDK (public or secret key), with its session access token. */
export const handler = jsonRoute(async ({ body, headers, service }) => ({
  status: 201,
  body: await createOrMintSession('create', { headers, body }, service),
}), { body: 'optional' });
