import { defineConfig } from 'vitest/config';

// What `npm run test:mutation` runs for each mutant: the generated path tests alone (not the unit tests),
// so the score says whether the paths and their oracles notice a wrong machine.
export default defineConfig({
  test: {
    include: ['tests/paths/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
