import { defineConfig } from 'vitest/config';
import { AlternatingSequencer } from './vitest.sequencer.ts';

// One runner for everything `npm test` covers: unit, API (PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set) and browser tests in Debian's Chromium.
export default defineConfig({
  test: {
    // Vitest's default in run mode is one worker less than the cores: on the 2-core CI that is one,
    // and every file (browser, API, unit) ran in turn. Two workers, and an order that alternates
    // browser files with the others (vitest.sequencer.ts), let API and unit files run beside them.
    maxWorkers: 2,
    sequence: { sequencer: AlternatingSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'eslint-rules/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.integration.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          setupFiles: ['e2e/support/on-failure.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
