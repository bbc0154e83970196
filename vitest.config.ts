import { defineConfig } from 'vitest/config';

/**
 * Test projects (DESIGN.md "test/"): unit (engines and core, no network), integration (the local service
 * started once by `npm start`'s own entry point and called over HTTP), e2e (the Web SDK and hosted flow in
 * Debian's headless Chromium against the local service), infra (CDK assertions and cdk-nag).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // Powertools metrics stay silent as in `npm start`; test/unit/api/observability.test.ts turns them on.
          env: { POWERTOOLS_METRICS_DISABLED: 'true' },
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
