// Runs dynalite in a worker thread of the local service, so that DynamoDB's work (request validation, LevelDB)
// runs on the second core instead of sharing the event loop with the HTTP handlers. Started by local/stores.ts.
// Plain JavaScript: a worker thread does not inherit the TypeScript loader of the main thread.
// Protocol: posts { port } once listening (or { error }); on the message 'close' closes and posts { closed: true }.
import { parentPort, workerData } from 'node:worker_threads';
import dynalite from 'dynalite';

const server = dynalite({ path: workerData.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
server.once('error', (err) => parentPort.postMessage({ error: err.message }));
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (msg) => {
  if (msg === 'close') server.close(() => parentPort.postMessage({ closed: true }));
});
