import type {} from 'vitest';

/** What global-setup.ts provides to the browser tests (`inject('e2e')`). */
export interface E2eContext {
  /** Origin of the spawned service (`http://127.0.0.1:<port>`). */
  serviceUrl: string;
  /** Its sandbox application. */
  appId: string;
  /** The sandbox secret key: used by Node only (the example server, and reading sessions to compare decisions). */
  secretKey: string;
  publicKey: string;
  dataDir: string;
  /** Workflows created for the tests with the admin CLI. */
  workflows: {
    /** ip_analysis + aml_screening: no camera. */
    background: string;
    /** face_match + liveness_check + aml_screening + ip_analysis: every capture screen but the document back. */
    camera: string;
    /** face_match + liveness_check. */
    faces: string;
    /** The sandbox default workflow: all five steps, including ID verification. */
    all: string;
  };
  /** Origin of examples/server.mjs, the integrator's page and server (token mode). */
  exampleUrl: string;
  /** Fake camera files (Y4M). */
  camera: { good: string; blurred: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}
