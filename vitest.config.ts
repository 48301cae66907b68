import { defineConfig } from 'vitest/config';

// One module graph per worker, not per file (every project below): a file no longer imports the
// server, its libraries and the contracts afresh, a few seconds a file. No test mocks modules, stubs
// globals or the environment, or keeps state in a shared module that another file would see (a
// file's servers, databases and browsers are its own and closed in its afterAll); keep it so.
// Measured 2026-11-29 (docs/benchmarks.md, "The test suite's time"): API and unit files 470 -> 319 s.
const isolate = false;

// One runner for everything `npm test` covers: unit, API (PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set) and browser tests in Debian's Chromium.
export default defineConfig({
  test: {
    // Vitest's default in run mode is one worker less than the cores: on the 2-core CI that is one,
    // and every file (browser, API, unit) ran in turn. Two workers run the API and unit files two at
    // a time, then the browser files two at a time in a group of their own (below). Interleaving
    // them with the other files was tried (2026-11-27): a browser file beside an API file on two
    // databases took two to three times as long and the suite longer in all.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          isolate,
          include: ['packages/*/src/**/*.test.ts', 'eslint-rules/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          isolate,
          include: ['apps/server/src/**/*.integration.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          isolate,
          include: ['e2e/**/*.e2e.ts'],
          setupFiles: ['e2e/support/on-failure.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A browser waits on the server, the page and the clock: expect.poll's own default of one
          // second failed a menu that opened a moment later on a busy CI (stop 29).
          expect: { poll: { timeout: 15_000 } },
          // After the unit and API files (group 0), two browser files at a time: one file leaves the
          // two cores about 60 % busy (waits for the server, the page, the clock), and two at a time
          // took the browser files from 1,808 s to 1,311 s on 2026-11-28 (docs/benchmarks.md).
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
        },
      },
    ],
  },
});
