// Stryker's test runner for Rumbo (`testRunner: 'rumbo'` in stryker.config.mjs): each Stryker worker keeps one
// process, one Vite module runner and the app's template database for the whole run (mutation/runner/session.mjs),
// where the Vitest runner started a new Vitest worker (and imported the server again) for every mutant.
//
// What judges a mutated file (README, "Path tests"): a machine, its own path tests; a rule (machines/domain) or a
// view module, the unit tests that import it and the path suites whose machine, model or calls import it.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { commonTokens, declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { DryRunStatus, determineHitLimitReached, TestStatus, toMutantRunResult } from '@stryker-mutator/api/test-runner';
import { discover, ns, Session } from './session.mjs';

const MUTANT_ID = /stryMutAct_9fa48\("(\d+)"\)/g;
/** Written by the worker that runs the dry run, in the sandbox, for the others. */
const DRY_RUN_FILE = '.rumbo-dry-run.json';

class RumboTestRunner {
  static inject = [commonTokens.logger, commonTokens.options];

  constructor(log, options) {
    this.log = log;
    this.options = options;
    /** Mutated file (absolute, in the sandbox) → its judges, and mutant id → its file. */
    this.judges = new Map();
    this.fileOfMutant = new Map();
  }

  capabilities() {
    // Static mutants are handled here: the session evaluates their modules again.
    return { reloadEnvironment: true };
  }

  async init() {
    const root = process.cwd();
    const judgeKinds = process.env.MUTATION_JUDGES?.split(',').filter(Boolean);
    this.session = new Session({ root, ...discover(root), log: (m) => this.log.debug(m), judgeKinds });
    await this.session.init();
    // Every suite's modules transformed now, not in a mutant's run: a cold start would eat that run's timeout.
    for (const suite of this.session.suites) await this.session.closureOf(suite);
    this.suiteOfTestFile = new Map(this.session.suites.map((s) => [s.testFile, s]));
  }

  /** Which mutants a file holds: the instrumented source names each one it switches. */
  async learnFile(file) {
    if (this.judges.has(file)) return this.judges.get(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, id] of source.matchAll(MUTANT_ID)) this.fileOfMutant.set(id, file);
    const judges = await this.session.judgesOf(file);
    this.judges.set(file, judges);
    return judges;
  }

  suiteOfTest(testId) {
    return this.suiteOfTestFile.get(testId.slice(0, testId.indexOf('#')));
  }

  async dryRun(options) {
    const files = (options.files ?? []).map((f) => path.resolve(f));
    const suites = new Set();
    for (const file of files) for (const suite of await this.learnFile(file)) suites.add(suite);
    const ordered = this.session.suites.filter((s) => suites.has(s));
    this.log.info(`Dry run: ${files.length} mutated files judged by ${ordered.length} suites (${ordered.filter((s) => s.kind === 'paths').length} path suites).`);
    ns.mutantCoverage = { static: {}, perTest: {} };
    const { results, errors } = await this.session.run({ suites: ordered, bail: false });
    const failed = results.filter((t) => t.status === 'failed');
    if (failed.length) {
      return { status: DryRunStatus.Error, errorMessage: `Tests fail without any mutant: ${failed.slice(0, 5).map((t) => `${t.id}: ${t.failure}`).join('\n')}` };
    }
    if (errors.length) this.log.warn(`Errors outside any test in the dry run: ${errors.map(String).join('; ')}`);
    const coverage = ns.mutantCoverage;
    ns.mutantCoverage = undefined;
    // A test covers only what its suite judges: a path suite's server runs many rules it does not judge.
    const perTest = {};
    for (const [testId, hits] of Object.entries(coverage.perTest)) {
      const suite = this.suiteOfTest(testId);
      if (!suite) continue;
      const kept = {};
      for (const [mutantId, count] of Object.entries(hits)) {
        const file = this.fileOfMutant.get(mutantId);
        if (file && this.judges.get(file)?.includes(suite)) kept[mutantId] = count;
      }
      perTest[testId] = kept;
    }
    // A path suite runs whole for any of its tests (its paths are generated from the machine): each test takes
    // the suite's time, so Stryker's timeout fits the run it stands for.
    const suiteTime = new Map();
    for (const t of results) suiteTime.set(this.suiteOfTest(t.id), (suiteTime.get(this.suiteOfTest(t.id)) ?? 0) + t.ms);
    const tests = results.map((t) => {
      const suite = this.suiteOfTest(t.id);
      const whole = suite?.kind === 'paths' || t.setup;
      return { id: t.id, name: t.name, fileName: t.fileName, status: TestStatus.Success, timeSpentMs: Math.round(whole ? Math.max(this.session.cost.get(suite.id) ?? 0, suiteTime.get(suite) ?? 0) : t.ms) };
    });
    this.log.info(`Dry run: ${tests.length} tests in ${Math.round([...this.session.cost.values()].reduce((a, b) => a + b, 0) / 1000)} s.`);
    // What every worker needs of the dry run (only one runs it): what each suite cost, and which files' code each
    // test ran.
    const touched = {};
    for (const [testId, hits] of Object.entries(coverage.perTest)) {
      touched[testId] = [...new Set(Object.keys(hits).map((id) => this.fileOfMutant.get(id)).filter(Boolean))].map((f) => path.relative(process.cwd(), f));
    }
    const slowest = {};
    for (const t of results) {
      const id = this.suiteOfTest(t.id)?.id;
      if (id) slowest[id] = Math.max(slowest[id] ?? 0, Math.round(t.ms));
    }
    fs.writeFileSync(DRY_RUN_FILE, JSON.stringify({ cost: Object.fromEntries(this.session.cost), slowest, touched }));
    return { status: DryRunStatus.Complete, tests, mutantCoverage: { static: coverage.static, perTest } };
  }

  async mutantRun(options) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await this.judge(options);
    if (process.env.MUTATION_TRACE) {
      // One line a mutant: where a run's time goes (MUTATION_TRACE=<file>).
      const { user, system } = process.cpuUsage(cpu);
      const { id, location, mutatorName, replacement } = options.activeMutant;
      const line = { id, line: location.start.line, mutator: mutatorName, replacement, file: path.relative(process.cwd(), options.sandboxFileName), static: options.mutantActivation === 'static', suites: this.lastSuites, status: result.status, ms: Math.round(performance.now() - started), cpuMs: Math.round((user + system) / 1000) };
      fs.appendFileSync(process.env.MUTATION_TRACE, `${JSON.stringify(line)}\n`);
    }
    return result;
  }

  async judge(options) {
    const { activeMutant, testFilter, hitLimit } = options;
    const file = path.resolve(options.sandboxFileName);
    const judges = await this.learnFile(file);
    const isStatic = options.mutantActivation === 'static';
    const dry = this.dryRunFacts();
    let suites = judges;
    let only;
    if (testFilter && !isStatic) {
      only = new Set(testFilter);
    } else if (isStatic && !/\.machine\.ts$/.test(file)) {
      only = await this.staticJudges(file, judges, dry);
    }
    if (only) {
      const covering = new Set([...only].map((id) => this.suiteOfTest(id)));
      suites = judges.filter((s) => covering.has(s));
    }
    // With bail the first failure ends the run, so the suites likeliest to fail soonest go first: the unit tests
    // of the file itself (a rule's own tests fail at once; a machine's that uses it may wait on a state that never
    // comes), then the cheaper before the dearer (a path suite last).
    const direct = new Set();
    for (const suite of suites) if (suite.kind === 'unit' && (await this.session.importsOf(suite.file)).includes(file)) direct.add(suite);
    const order = (s) => [direct.has(s) ? 0 : 1, dry.cost[s.id] ?? Infinity];
    suites = [...suites].sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x[0] - y[0] || x[1] - y[1];
    });
    const bail = !options.disableBail;
    const timeouts = dry.slowest;
    this.lastSuites = suites.map((s) => s.id);
    let outcome = await this.session.run({ suites, only, mutant: activeMutant.id, mutantFile: file, isStatic, bail, hitLimit, timeouts });
    const survived = (o) => !o.results.some((t) => t.status === 'failed') && o.errors.length === 0;
    if (!isStatic && survived(outcome) && outcome.hitCount === 0 && suites.length > 0) {
      // Never reached, though the dry run's tests reached it: a value computed once and kept (a cache) may hide
      // it. Evaluate its module and its importers again, as a fresh process would have them, and run once more.
      this.session.stats.staleReruns += 1;
      outcome = await this.session.run({ suites, only, mutant: activeMutant.id, mutantFile: file, isStatic: true, bail, hitLimit, timeouts });
    }
    const timeout = determineHitLimitReached(outcome.hitCount, hitLimit);
    if (timeout) return toMutantRunResult(timeout);
    const tests = outcome.results.map((t) => ({
      id: t.id,
      name: t.name,
      fileName: t.fileName,
      timeSpentMs: Math.round(t.ms),
      ...(t.status === 'failed' ? { status: TestStatus.Failed, failureMessage: t.failure } : { status: TestStatus.Success }),
    }));
    if (!tests.some((t) => t.status === TestStatus.Failed) && outcome.errors.length) {
      return toMutantRunResult({ status: DryRunStatus.Error, errorMessage: outcome.errors.map(String).join('\n') });
    }
    return toMutantRunResult({ status: DryRunStatus.Complete, tests });
  }

  dryRunFacts() {
    this.dry ??= JSON.parse(fs.readFileSync(DRY_RUN_FILE, 'utf8'));
    return this.dry;
  }

  /**
   * The tests that judge a static mutant of a rule or a view module: a value its module computes as it loads
   * reaches a test through the module's own code or the code of a module that imports it. So: every test file
   * that imports the module itself, whole, and every judging test that ran code of the module or of a module that
   * imports it. (Every test of every judge, as Stryker would, costs minutes a mutant for tables nobody reads.)
   */
  async staticJudges(file, judges, dry) {
    const relative = (f) => path.relative(process.cwd(), f);
    const near = new Set([relative(file)]);
    for (const suite of judges) {
      for (const member of await this.session.closureOf(suite)) {
        if ((await this.session.importsOf(member)).includes(file)) near.add(relative(member));
      }
    }
    const only = new Set();
    for (const suite of judges) {
      if (suite.kind === 'unit' && (await this.session.importsOf(suite.file)).includes(file)) only.add(this.session.setupId(suite));
    }
    const judging = new Set(judges);
    for (const [testId, files] of Object.entries(dry.touched)) {
      if (judging.has(this.suiteOfTest(testId)) && files.some((f) => near.has(f))) only.add(testId);
    }
    return only;
  }

  async dispose() {
    const { runs, reevaluated, staleReruns } = this.session?.stats ?? {};
    const { user, system } = process.cpuUsage();
    this.log.info(
      `Rumbo runner: ${runs} runs, ${reevaluated} module evaluations for static mutants, ${staleReruns} runs again after a kept value hid a mutant; ${Math.round((user + system) / 1e6)} s of processor time.`,
    );
    await this.session?.dispose();
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, 'rumbo', RumboTestRunner)];
