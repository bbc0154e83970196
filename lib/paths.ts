import { fileURLToPath } from 'node:url';

/**
 * Absolute path of the repository root (the directory holding package.json and functions/). Route handler
 * paths in functions/routes.ts are relative to it.
 */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
