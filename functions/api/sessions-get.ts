import { readSession } from '../core/session-api.ts';
import { jsonRoute } from './http.ts';

/** GET /api/v1/sessions/{sessionId}: the session's state, step summaries and decision. */
export const handler = jsonRoute(async ({ headers, pathParameters, service }) => ({
  status: 200,
  body: await readSession({ headers, sessionId: pathParameters['sessionId'] ?? '' }, service),
}), { body: 'none' });
