// Stryker over the machines, their view modules and the rules they use (machines/domain). `npm run test:mutation`
// (scripts/mutation.mjs) runs it once over every file and writes one score a file.
//
// The test runner is ours (mutation/runner): one process a worker, the modules kept across mutants, each mutated
// file judged by its own tests: a machine by its path tests alone, a rule or a view module by the unit tests and
// the path suites that import it. MUTATION_FILES=<glob>[,<glob>] limits what is mutated.
// MUTATION_RUNNER=vitest measures with Stryker's Vitest runner instead, one machine (MUTATION_MACHINE) at a time,
// as before: its verdicts are what the runner is compared with (README, "Scores as last measured").
const vitest = process.env.MUTATION_RUNNER === 'vitest';
const machine = process.env.MUTATION_MACHINE;
const files = process.env.MUTATION_FILES?.split(',').filter(Boolean);
const name = process.env.MUTATION_REPORT ?? (vitest ? `vitest-${machine ?? 'all'}` : 'all');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: vitest ? 'vitest' : 'rumbo',
  plugins: [vitest ? '@stryker-mutator/vitest-runner' : './mutation/runner/index.mjs', './mutation/xstateIgnorer.mjs'],
  // Stand-ins the caller provides and types for the compiler are not mutated: no test could catch them.
  ignorers: ['xstate-stand-ins'],
  ...(vitest ? { vitest: { configFile: 'vitest.mutation.config.ts', related: false } } : {}),
  mutate: vitest
    ? [machine ? `machines/${machine}.machine.ts` : 'machines/*.machine.ts']
    : (files ?? ['machines/*.machine.ts', 'machines/*.view.ts', 'machines/domain/**/*.ts']),
  coverageAnalysis: 'perTest',
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  // A stalled test fails on its own timeout (a path after ten seconds); Stryker's is for a loop that never yields.
  timeoutMS: 60000,
  // The dry run loads the server and replays the judging path suites once; on a shared two-core machine (load 15)
  // that took more than Stryker's default 5 minutes.
  dryRunTimeoutMinutes: Number(process.env.MUTATION_DRY_RUN_MINUTES ?? 30),
  reporters: ['clear-text', 'json', 'progress'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  ignorePatterns: ['dist', '.test-build', 'data', 'reports', 'coverage', '.stryker-tmp', 'mutation/scratch'],
  thresholds: { high: 90, low: 80, break: null },
  // Incremental: the last results are kept in mutation/ (committed), so a run tests again only the mutants whose
  // code or judging tests changed since (scripts/mutation.mjs drops a file's results when its judges change);
  // MUTATION_FULL=1 tests every mutant afresh.
  incremental: true,
  incrementalFile: `mutation/${name}.incremental.json`,
  force: process.env.MUTATION_FULL === '1',
  // A worker holds every module the suites load; a fresh one now and then keeps its memory in bounds.
  maxTestRunnerReuse: Number(process.env.MUTATION_RUNNER_REUSE ?? 0),
  tempDirName: '.stryker-tmp',
};
