import { defineConfig } from 'vitest/config';

// @fastify/autoload imports the server's plugin files itself (server/app.ts); run through Vite, as the tests' own
// imports are, so it can read TypeScript and every plugin shares the modules the tests import.
export const server = { deps: { inline: ['@fastify/autoload'] } };

export default defineConfig({
  test: {
    projects: [
      // 20 s, not vitest's 5: the property tests run hundreds of generated cases, and CI runs them beside the
      // PostgreSQL API stage (a reading test took 4.8 s under load). Speed is the benchmarks' job, not a timeout's.
      { test: { server, name: 'unit', include: ['tests/machines/**/*.test.ts', 'tests/domain/**/*.test.ts', 'tests/services/**/*.test.ts'], environment: 'node', testTimeout: 20_000 } },
      { test: { server, name: 'paths', include: ['tests/paths/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 } },
      { test: { server, name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        test: {
          server,
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/globalSetup.ts'],
          setupFiles: ['tests/e2e/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time: two cores do not run several browsers well. Within a file, walks marked
          // concurrent (each in its own browser context) run four at a time: they wait on pages, not the CPU.
          fileParallelism: false,
          maxConcurrency: 4,
        },
      },
    ],
  },
});
