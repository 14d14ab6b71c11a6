import { defineConfig } from 'vitest/config';
import { server } from './vitest.config';

// What `npm run test:mutation` runs for each mutant: the generated path tests alone (not the unit tests),
// so the score says whether the paths and their oracles notice a wrong machine.
export default defineConfig({
  test: {
    server,
    include: ['tests/paths/**/*.test.ts'],
    environment: 'node',
    // A path takes well under a second; one still running after ten is stalled by its mutant (a call never
    // answered, a delay that never ends). Failing it here kills the mutant without Stryker's timeout, which
    // would restart the test runner.
    testTimeout: 10_000,
  },
});
