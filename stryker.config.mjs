// Stryker over the machines, judged by the path tests alone (vitest.mutation.config.ts).
// `npm run test:mutation` runs it once per machine (scripts/mutation.mjs sets MUTATION_MACHINE), so each
// machine's mutants meet only its own paths and each gets its own score.
const machine = process.env.MUTATION_MACHINE;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './mutation/xstateIgnorer.mjs'],
  // Stand-ins the caller provides and types for the compiler are not mutated: no test could catch them.
  ignorers: ['xstate-stand-ins'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [machine ? `machines/${machine}.machine.ts` : 'machines/*.machine.ts'],
  coverageAnalysis: 'perTest',
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 20000,
  reporters: ['clear-text', 'json'],
  jsonReporter: { fileName: `reports/mutation/${machine ?? 'all'}.json` },
  ignorePatterns: ['dist', '.test-build', 'data', 'reports', 'coverage', '.stryker-tmp'],
  thresholds: { high: 90, low: 80, break: null },
  // Incremental: each machine's last results are kept in mutation/ (committed), so a run tests again only the
  // mutants whose machine code or covering path tests changed since; MUTATION_FULL=1 tests every mutant afresh.
  incremental: true,
  incrementalFile: `mutation/${machine ?? 'all'}.incremental.json`,
  force: process.env.MUTATION_FULL === '1',
};
