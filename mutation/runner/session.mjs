// One test process kept across mutants (mutation/runner/index.mjs is the Stryker side of it).
//
// Vitest starts a new worker for every run, so each mutant used to pay for importing the server again, building an
// app on a fresh database and only then for its tests. Here one Vite module runner holds every module the suites
// load; a run re-evaluates only what it must:
//  - the test side (everything under tests/) before every suite, as Vitest would: each run starts from fresh
//    test modules;
//  - for a mutant that takes effect while a module loads (a machine's configuration, a table of rules: Stryker
//    calls it static), the mutated module and every module that imports it, with the mutant active, and again after
//    that mutant with none active;
//  - nothing else: a mutant inside a function is switched on by `__stryker__.activeMutant` as it runs.
// Tests are collected and run by @vitest/runner, the library Vitest itself runs them with, with Vitest's own
// `expect` and `vi` (they read the few settings they need from the worker state below). No test counts its
// assertions (expect.assertions), so expect's per-test state is not reset.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createServer, createServerModuleRunner } from 'vite';
import { startTests } from '@vitest/runner';
import { vi } from 'vitest';
import { judgeKindsOf } from './judging.mjs';
// Vitest's evaluator is internal (no public export): package.json pins Vitest, and a new version is checked here.
import { __INTERNAL } from 'vitest/runtime';
import { cacheSchemaCompilers } from './compileCache.mjs';

/** The Stryker namespace the instrumented code reads (`__stryker__`). */
export const ns = (globalThis.__stryker__ ??= {});

/** What `vi` and `expect` read from a Vitest worker: fake timers' defaults, expect's and snapshots' settings. */
function provideWorkerState(root) {
  Object.defineProperty(globalThis, '__vitest_worker__', {
    value: {
      config: {
        root,
        fakeTimers: { loopLimit: 10_000, shouldClearNativeTimers: true },
        expect: {},
        snapshotOptions: { updateSnapshot: 'none', expand: false, snapshotFormat: {} },
        env: {},
      },
      providedContext: {},
      onCleanup() {},
      ctx: { pool: 'threads' },
      environment: { name: 'node' },
      durations: {},
    },
    configurable: true,
    writable: true,
  });
}

const fullName = (task) => {
  const names = [];
  for (let t = task; t && t.type !== 'file'; t = t.suite) names.unshift(t.name);
  return names.join(' ');
};

function testsOf(task) {
  if (task.type === 'test') return [task];
  return (task.tasks ?? []).flatMap(testsOf);
}

/**
 * A suite is what one run of a test file judges: a unit test file, or one machine's path tests
 * (tests/paths/paths.test.ts with PATHS_ONLY=<machine>).
 */
export class Session {
  /** @param {{ root: string, unitTests: string[], machines: string[], log?: (message: string) => void, judgeKinds?: string[] }} options */
  constructor({ root, unitTests, machines, log, judgeKinds }) {
    this.root = root;
    /** Which kinds of suite judge a rule: both, or (MUTATION_JUDGES=unit, to write unit tests quickly) one. */
    this.judgeKinds = judgeKinds;
    this.log = log ?? (() => {});
    this.suites = [
      // The unit project's five seconds; in the dry run (timeouts unset) half a minute, since instrumented code
      // counting its coverage runs slower, and in a mutant's run at least twice the file's slowest test then.
      ...unitTests.map((file) => ({ id: file, kind: 'unit', file: path.join(root, file), testFile: file, timeout: 5_000 })),
      ...machines.map((machine) => ({
        id: `paths:${machine}`,
        kind: 'paths',
        machine,
        file: path.join(root, 'tests/paths/paths.test.ts'),
        // Stryker keeps a path test under its machine's model, the file that says what the paths are.
        testFile: `tests/paths/${machine}.paths.ts`,
        // A path takes well under a second; one still running after ten is stalled by its mutant.
        timeout: 10_000,
      })),
    ];
    this.byId = new Map(this.suites.map((s) => [s.id, s]));
    /** Modules evaluated while a static mutant was active: evaluated again before the next run. */
    this.dirty = new Set();
    /** Per suite, what it took in the dry run (ms): cheaper suites run first. */
    this.cost = new Map();
    this.stats = { runs: 0, reevaluated: 0, staleReruns: 0 };
  }

  async init() {
    // An error no test awaited (a promise nobody catches, an actor's error thrown from a timer) belongs to the run
    // under way, as Vitest counts it against its run; between runs it is a leftover of the last one and dropped.
    const caught = (error) => {
      if (this.errors) this.errors.push(error);
      else process.stderr.write(`Outside any run: ${error?.stack ?? error}\n`);
    };
    process.on('unhandledRejection', caught);
    process.on('uncaughtException', caught);
    process.env.NODE_ENV = 'test';
    process.env.VITEST = 'true';
    // @fastify/autoload reads TypeScript plugins only under a runner it knows (Vitest's workers set this).
    process.env.VITEST_WORKER_ID = '1';
    // The mutation run measures on SQLite in a temporary folder, whatever the shell says.
    delete process.env.DATABASE_URL;
    delete process.env.REDIS_URL;
    // Every path suite run writes a fresh copy of the database: in memory, a commit's fsync costs nothing.
    if (fs.existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';
    provideWorkerState(this.root);
    cacheSchemaCompilers(this.root);
    // The sandbox's copy (the process runs in Stryker's sandbox), so the server it builds loads the sandbox's
    // instrumented rules, not the project's.
    const pathsApp = path.join(this.root, 'mutation/runner/pathsApp.ts');
    const root = this.root;
    this.server = await createServer({
      configFile: false,
      root,
      logLevel: 'error',
      clearScreen: false,
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
      // @fastify/autoload imports the server's plugin files itself: through this runner, as Vitest's
      // `server.deps.inline` has it (vitest.config.ts), so every plugin shares the modules the tests import.
      ssr: { noExternal: ['@fastify/autoload'] },
      plugins: [
        {
          name: 'rumbo-mutation-paths-app',
          enforce: 'pre',
          resolveId(source, importer) {
            if (importer === path.join(root, 'tests/paths/paths.test.ts') && (source === '../helpers/app' || source === '../helpers/fakeOpenAi')) return pathsApp;
            return undefined;
          },
        },
      ],
    });
    this.environment = this.server.environments.ssr;
    // Vitest's own evaluator: CommonJS inlined (autoload) and CommonJS packages imported as Vitest imports them.
    this.runner = createServerModuleRunner(this.environment, {
      hmr: false,
      sourcemapInterceptor: 'prepareStackTrace',
      evaluator: new __INTERNAL.VitestModuleEvaluator(undefined, {}),
    });
    this.keep = new Set([pathsApp, path.join(root, 'tests/helpers/app.ts'), path.join(root, 'tests/helpers/fakeOpenAi.ts')]);
  }

  // ---- Which suites judge a file -------------------------------------------------------------------------------

  /** The files a file imports, statically, as Vite resolves them (transformed once, not evaluated). */
  async importsOf(file) {
    this.staticImports ??= new Map();
    let found = this.staticImports.get(file);
    if (found) return found;
    found = (async () => {
      await this.environment.transformRequest(file);
      const node = await this.environment.moduleGraph.getModuleByUrl(file);
      return [...(node?.importedModules ?? [])]
        .map((m) => m.file)
        .filter((f) => f && f.startsWith(this.root + path.sep) && !f.includes(`${path.sep}node_modules${path.sep}`));
    })();
    this.staticImports.set(file, found);
    return found;
  }

  /**
   * Every project file a suite reaches through imports. A path suite's server is not followed: the server runs the
   * same rules for every machine, so following it would make every path suite judge every rule it uses; a path
   * suite judges what its machine, its model and the page's calls import.
   */
  async closureOf(suite) {
    this.closures ??= new Map();
    const known = this.closures.get(suite.id);
    if (known) return known;
    const entries = suite.kind === 'paths' ? [path.join(this.root, `tests/paths/${suite.machine}.paths.ts`)] : [suite.file];
    const skip = suite.kind === 'paths' ? (f) => f.startsWith(path.join(this.root, 'server') + path.sep) : () => false;
    const seen = new Set();
    const queue = [...entries];
    while (queue.length) {
      const file = queue.shift();
      if (seen.has(file) || skip(file)) continue;
      seen.add(file);
      for (const next of await this.importsOf(file)) queue.push(next);
    }
    this.closures.set(suite.id, seen);
    return seen;
  }

  /** The suites that judge a mutated file: a machine by its own paths alone; a view module or a rule by the suites that reach it, of the kinds judgeKindsOf names. */
  async judgesOf(file) {
    const relative = path.relative(this.root, file).split(path.sep).join('/');
    const machine = /^machines\/([^/]+)\.machine\.ts$/.exec(relative)?.[1];
    if (machine) return this.suites.filter((s) => s.kind === 'paths' && s.machine === machine);
    const judges = [];
    const kinds = judgeKindsOf(relative);
    for (const suite of this.suites) {
      if (this.judgeKinds && !this.judgeKinds.includes(suite.kind)) continue;
      if (!kinds.includes(suite.kind)) continue;
      if ((await this.closureOf(suite)).has(file)) judges.push(suite);
    }
    return judges;
  }

  // ---- Running ---------------------------------------------------------------------------------------------------

  /** The evaluated module nodes of these files and (transitively) of every module that imports them. */
  importersClosure(files) {
    const modules = this.runner.evaluatedModules;
    const found = new Set();
    const stack = files.flatMap((f) => [...(modules.getModulesByFile(f) ?? [])]);
    while (stack.length) {
      const node = stack.pop();
      if (found.has(node)) continue;
      found.add(node);
      for (const id of node.importers) {
        const importer = modules.getModuleById(id);
        if (importer) stack.push(importer);
      }
    }
    return found;
  }

  invalidate(nodes) {
    for (const node of nodes) this.runner.evaluatedModules.invalidateModule(node);
    return nodes.size;
  }

  /** The test side starts each suite from fresh modules, as in a Vitest worker. */
  invalidateTests() {
    const tests = path.join(this.root, 'tests') + path.sep;
    const nodes = new Set();
    for (const node of this.runner.evaluatedModules.idToModuleMap.values()) {
      if (node.file?.startsWith(tests) && !this.keep.has(node.file)) nodes.add(node);
    }
    this.invalidate(nodes);
  }

  /**
   * Runs suites one after another and returns every test's result.
   * @param {object} options
   * @param {object[]} options.suites
   * @param {Set<string>} [options.only] test ids to run in unit suites (a path suite always runs whole: its paths
   *   are generated from the machine, mutant included)
   * @param {string} [options.mutant] the active mutant's id
   * @param {string} [options.mutantFile] the file it is in
   * @param {boolean} [options.isStatic] whether it takes effect while its module loads
   * @param {boolean} [options.bail] stop at the first failure
   * @param {number} [options.hitLimit]
   * @param {Record<string, number>} [options.timeouts] per suite, its slowest test in the dry run (ms)
   */
  async run({ suites, only, mutant, mutantFile, isStatic = false, bail = true, hitLimit, timeouts }) {
    this.stats.runs += 1;
    // Modules evaluated under the last static mutant are evaluated again; so are, under a static mutant, its own
    // module and every module that imports it.
    const stale = new Set();
    for (const file of this.dirty) for (const node of this.runner.evaluatedModules.getModulesByFile(file) ?? []) stale.add(node);
    const reloaded = isStatic && mutantFile ? this.importersClosure([mutantFile]) : new Set();
    for (const node of reloaded) stale.add(node);
    this.stats.reevaluated += this.invalidate(stale);

    ns.activeMutant = mutant;
    ns.hitLimit = hitLimit;
    ns.hitCount = mutant === undefined ? undefined : 0;
    const results = [];
    const errors = [];
    this.errors = errors;
    const quiet = silenceConsole();
    let failed = false;
    try {
      for (const suite of suites) {
        if (failed && bail) break;
        const started = performance.now();
        const timeout = suite.kind === 'paths' ? suite.timeout : timeouts ? Math.max(suite.timeout, 2 * (timeouts[suite.id] ?? 0)) : 30_000;
        const outcome = await this.runSuite(suite, { only, bail, timeout });
        if (mutant === undefined) this.cost.set(suite.id, performance.now() - started);
        results.push(...outcome);
        failed ||= outcome.some((t) => t.status === 'failed');
      }
      // An actor's error is thrown from a timer (XState reports it so): let it land in this run, not the next.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      quiet();
      this.errors = undefined;
      ns.activeMutant = undefined;
      vi.useRealTimers();
    }
    const hitCount = ns.hitCount;
    ns.hitCount = undefined;
    // What was evaluated with a static mutant active holds it: its own module and the modules that import it
    // (those loaded for the first time during the run included). Other modules never ran its code as they loaded.
    this.dirty = new Set();
    if (isStatic && mutantFile) {
      for (const node of this.importersClosure([mutantFile])) if (node.file) this.dirty.add(node.file);
    }
    return { results, errors, hitCount };
  }

  async runSuite(suite, { only, bail, timeout }) {
    this.invalidateTests();
    if (suite.kind === 'paths') process.env.PATHS_ONLY = suite.machine;
    else delete process.env.PATHS_ONLY;
    let failed = false;
    const runner = {
      config: {
        root: this.root,
        setupFiles: [],
        name: undefined,
        passWithNoTests: true,
        testNamePattern: undefined,
        allowOnly: true,
        sequence: { shuffle: false, concurrent: false, seed: 0, hooks: 'stack', setupFiles: 'parallel' },
        chaiConfig: undefined,
        maxConcurrency: 5,
        testTimeout: timeout,
        // A worker's first path suite builds the template app (migrations, seeds, the operators' hashes): on two
        // busy cores that took more than ten seconds. Later suites start from the template in well under one.
        hookTimeout: 60_000,
        retry: 0,
        includeTaskLocation: false,
        tags: [],
        tagsFilter: undefined,
        strictTags: false,
      },
      // Loading modules is static (a mutant there needs its module evaluated again); what the suite's describe
      // blocks then do (a path suite generates its paths from the machine there) is the suite's own setup.
      importFile: async (filepath) => {
        ns.currentTestId = undefined;
        const exports = await this.runner.import(filepath);
        ns.currentTestId = this.setupId(suite);
        return exports;
      },
      onCollected: (files) => {
        ns.currentTestId = undefined;
        if (!only || suite.kind === 'paths' || only.has(this.setupId(suite))) return;
        for (const test of files.flatMap(testsOf)) if (!only.has(this.testId(suite, test))) test.mode = 'skip';
      },
      // Hooks (a path suite's server, started in beforeAll) count as the suite's setup too.
      onBeforeRunSuite: (task) => {
        if (failed && bail) task.mode = 'skip';
        ns.currentTestId = this.setupId(suite);
      },
      onAfterRunSuite: (task) => {
        ns.currentTestId = 'filepath' in task ? undefined : this.setupId(suite);
      },
      onBeforeRunTask: (test) => {
        if (failed && bail) test.mode = 'skip';
        if (test.mode === 'run' || test.mode === 'queued') ns.currentTestId = this.testId(suite, test);
      },
      onAfterRunTask: (test) => {
        ns.currentTestId = this.setupId(suite);
        if (test.result?.state === 'fail') failed = true;
      },
    };
    let files;
    try {
      files = await startTests([suite.file], runner);
    } finally {
      ns.currentTestId = undefined;
      vi.useRealTimers();
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    }
    const results = [];
    for (const file of files) {
      for (const test of testsOf(file)) {
        if (!test.result || test.mode === 'skip' || test.mode === 'todo') continue;
        const failure = test.result.state === 'fail' ? test.result.errors?.[0]?.message ?? 'failed' : undefined;
        results.push({ id: this.testId(suite, test), name: this.testName(suite, test), fileName: path.join(this.root, suite.testFile), status: failure ? 'failed' : 'passed', failure, ms: test.result.duration ?? 0 });
      }
      // The suite's setup, as a test of its own: what it covers, Stryker tests with this whole suite.
      results.push({ id: this.setupId(suite), name: `${suite.id} (setup)`, fileName: path.join(this.root, suite.testFile), status: 'passed', ms: 0, setup: true });
      // A file that fails outside its tests (it cannot be imported, a hook throws) fails the suite.
      const fileErrors = [...(file.result?.errors ?? []), ...collectSuiteErrors(file)];
      if (fileErrors.length) {
        results.push({ id: `${suite.testFile}#(suite)`, name: `${suite.id} (suite)`, fileName: path.join(this.root, suite.testFile), status: 'failed', failure: fileErrors[0]?.message ?? 'the suite failed', ms: 0 });
      }
    }
    return results;
  }

  testName(suite, test) {
    return fullName(test);
  }

  /** The setup of a suite: loading what it tests, collecting its tests (generating paths), its hooks. */
  setupId(suite) {
    return `${suite.testFile}#(setup)`;
  }

  /** Unique across suites: every path suite has a test named 'loads every machine and its path model'. */
  testId(suite, test) {
    return `${suite.testFile}#${fullName(test)}`;
  }

  async dispose() {
    const close = globalThis[Symbol.for('rumbo.mutation.pathsApp')];
    await close?.();
    await this.runner?.close();
    await this.server?.close();
  }
}

function collectSuiteErrors(task) {
  return (task.tasks ?? []).filter((t) => t.type === 'suite').flatMap((t) => [...(t.result?.state === 'fail' ? t.result.errors ?? [] : []), ...collectSuiteErrors(t)]);
}

/** The suites print tables and logs; a mutant run has no reader for them. */
function silenceConsole() {
  const names = ['log', 'info', 'warn', 'error', 'debug', 'table', 'dir', 'trace'];
  const saved = names.map((name) => [name, console[name]]);
  for (const name of names) console[name] = () => {};
  return () => {
    for (const [name, fn] of saved) console[name] = fn;
  };
}

/** The unit test files (the `unit` project of vitest.config.ts) and the machines with path models. */
export function discover(root) {
  const unitDirs = ['tests/machines', 'tests/domain', 'tests/services'];
  const unitTests = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.test.ts')) unitTests.push(rel);
    }
  };
  for (const dir of unitDirs) walk(dir);
  const machines = fs
    .readdirSync(path.join(root, 'machines'))
    .filter((f) => f.endsWith('.machine.ts'))
    .map((f) => f.replace(/\.machine\.ts$/, ''))
    .filter((m) => fs.existsSync(path.join(root, `tests/paths/${m}.paths.ts`)));
  return { unitTests: unitTests.sort(), machines };
}
