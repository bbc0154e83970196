/**
 * `npm start`: the whole service on this machine (see local/server.ts). Configuration: `DATA_DIR` (default
 * `.data`), `PORT` (default 3000; 0 picks a free port), `HOST` (default 127.0.0.1).
 */
import { startLocalService } from '../local/server.ts';

const service = await startLocalService({
  dataDir: process.env['DATA_DIR'] ?? '.data',
  port: Number(process.env['PORT'] ?? 3000),
  host: process.env['HOST'] ?? '127.0.0.1',
});
const { sandbox } = service;
console.log(`Step verification service ready at ${service.origin}`);
console.log(`  baseUrl:      ${sandbox.baseUrl}  (POST {baseUrl}/id-verification|face-match|liveness-check|aml-screening|ip-analysis)`);
console.log(`  openapi:      ${service.origin}/api/v1/openapi.json`);
console.log(`  appId:        ${sandbox.appId}`);
console.log(`  apiKey:       ${sandbox.apiKey}`);
console.log(`  publicKey:    ${sandbox.publicKey}`);
console.log(`  workflowId:   ${sandbox.workflowId}`);
console.log(`  credentials written to ${process.env['DATA_DIR'] ?? '.data'}/sandbox.json`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void service.close().then(() => process.exit(0));
  });
}
