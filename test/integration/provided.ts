import type {} from 'vitest';
import type { SandboxCredentials } from '../../local/seed.ts';

/** What global-setup.ts provides to the integration tests (`inject('sandbox')`). */
declare module 'vitest' {
  export interface ProvidedContext {
    sandbox: SandboxCredentials;
    dataDir: string;
  }
}
export {};
