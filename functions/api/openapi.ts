import { buildOpenApiDocument } from '../core/contract/openapi.ts';
import { jsonRoute } from './http.ts';

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document generated from the contract's zod schemas. */
export const handler = jsonRoute(async () => ({ status: 200, body: buildOpenApiDocument() }), { body: 'none' });
