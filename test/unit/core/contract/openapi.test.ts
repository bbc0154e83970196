import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../../functions/core/contract/openapi.ts';
import { routes } from '../../../../functions/routes.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');

describe('OpenAPI document', () => {
  it('is the one committed in docs/openapi.json (run `npm run openapi` after changing a schema)', () => {
    const committed = JSON.parse(readFileSync(path.join(ROOT, 'docs', 'openapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it('describes every step route of functions/routes.ts with its problem answers', () => {
    const doc = buildOpenApiDocument();
    for (const route of routes.filter((r) => r.stepCode)) {
      const op = doc.paths?.[route.path]?.post;
      expect(op, route.path).toBeDefined();
      expect(Object.keys(op!.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '402', '403', '404', '409']));
    }
  });
});
