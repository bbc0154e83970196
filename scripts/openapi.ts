/** `npm run openapi`: writes docs/openapi.json from the contract's zod schemas (checked by test/unit/core/contract). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '../functions/core/contract/openapi.ts';

const file = path.resolve(import.meta.dirname, '..', 'docs', 'openapi.json');
writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), file)}`);
