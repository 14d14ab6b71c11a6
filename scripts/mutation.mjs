// `npm run test:mutation`: Stryker over every machine, view module and rule (machines/domain), one run with the
// Rumbo test runner (mutation/runner), then one score a file. Exits non-zero when a file is under the goal. Not
// part of `npm test`. MUTATION_ONLY=name[,name] limits it to some files (a machine, a view module, a rule or a
// folder of rules by name: `ds160Form`, `checkout.view`, `validators`, `ds160Sections`).
//
// Incremental: the results are kept in mutation/all.incremental.json (committed) and Stryker tests again only the
// mutants in code that changed. It cannot see a change to a test that leaves the test's name as it was (a path
// model that changes what a path checks), so the hash of the test files that judge each mutated file is kept in
// mutation/judges.json, and a file whose judges changed has its results dropped before the run. A change outside
// tests/ (the server, the client's calls) is not seen: MUTATION_FULL=1 tests every mutant again.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { judgeKindsOf } from '../mutation/runner/judging.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOAL = 80;
const DETECTED = new Set(['Killed', 'Timeout']);
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);
const INCREMENTAL = path.join(ROOT, 'mutation/all.incremental.json');
const JUDGES = path.join(ROOT, 'mutation/judges.json');
const REPORTS = path.join(ROOT, 'reports/mutation');

const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');

function walk(dir) {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
}

/** Every file Stryker mutates: the machines, their view modules, the rules. */
const mutated = [
  ...walk('machines').filter((f) => /^machines\/[^/]+\.(machine|view)\.ts$/.test(f)),
  ...walk('machines/domain').filter((f) => f.endsWith('.ts')),
].sort();

const only = process.env.MUTATION_ONLY?.split(',').filter(Boolean);
const chosen = only
  ? mutated.filter((f) => only.some((name) => f === `machines/${name}.machine.ts` || f === `machines/${name}.ts` || f === `machines/domain/${name}.ts` || f.startsWith(`machines/domain/${name}/`)))
  : mutated;
if (chosen.length === 0) {
  console.error(`Nothing to mutate matches ${only}`);
  process.exit(2);
}

// ---- What judges each file, as the runner decides it (mutation/runner/session.mjs), read from the imports ----

const importCache = new Map();
/** A file's relative imports, resolved to project files. */
function importsOf(file) {
  if (importCache.has(file)) return importCache.get(file);
  const found = [];
  const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
  for (const [, spec] of source.matchAll(/(?:^|\n)\s*(?:import|export)[^;'"]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)) {
    if (!spec) continue;
    const base = path.join(path.dirname(file), spec);
    const hit = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => fs.existsSync(path.join(ROOT, f)) && fs.statSync(path.join(ROOT, f)).isFile());
    if (hit) found.push(hit.split(path.sep).join('/'));
  }
  importCache.set(file, found);
  return found;
}

function closure(entries, skip = () => false) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file) || skip(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

const unitTests = ['tests/machines', 'tests/domain', 'tests/services'].flatMap(walk).filter((f) => f.endsWith('.test.ts'));
const machines = mutated.filter((f) => f.endsWith('.machine.ts')).map((f) => path.basename(f, '.machine.ts'));
const suites = [
  ...unitTests.map((file) => ({ kind: 'unit', entries: [file], skip: () => false })),
  ...machines.map((m) => ({ kind: 'paths', machine: m, entries: [`tests/paths/${m}.paths.ts`, 'tests/paths/paths.test.ts'], skip: (f) => f.startsWith('server/') })),
].map((s) => ({ ...s, closure: closure(s.entries, s.skip) }));
const runnerFiles = walk('mutation/runner').sort();

/** The hash of the test files (and the runner) that judge a file: when it changes, the file's results go. */
function judgesHash(file) {
  const machine = /^machines\/([^/]+)\.machine\.ts$/.exec(file)?.[1];
  const judges = machine ? suites.filter((s) => s.machine === machine) : suites.filter((s) => judgeKindsOf(file).includes(s.kind) && s.closure.has(file));
  const tests = new Set(runnerFiles);
  for (const s of judges) for (const f of s.closure) if (f.startsWith('tests/')) tests.add(f);
  const hash = createHash('sha256');
  for (const f of [...tests].sort()) hash.update(f).update(fs.readFileSync(path.join(ROOT, f)));
  return hash.digest('hex');
}

const hashes = Object.fromEntries(chosen.map((f) => [f, judgesHash(f)]));
const kept = fs.existsSync(JUDGES) ? JSON.parse(fs.readFileSync(JUDGES, 'utf8')) : {};
const afresh = chosen.filter((f) => kept[f] !== hashes[f]);

// ---- The run ----

fs.mkdirSync(REPORTS, { recursive: true });
const runIncremental = path.join(ROOT, 'mutation/run.incremental.json');
const previous = fs.existsSync(INCREMENTAL) ? JSON.parse(fs.readFileSync(INCREMENTAL, 'utf8')) : undefined;
if (previous) {
  // Stryker reads this run's copy, without the results of files whose judges changed.
  const copy = structuredClone(previous);
  for (const f of afresh) delete copy.files[f];
  fs.writeFileSync(runIncremental, JSON.stringify(copy));
} else {
  fs.rmSync(runIncremental, { force: true });
}
const trace = path.join(REPORTS, 'trace.jsonl');
fs.rmSync(trace, { force: true });
console.log(`${chosen.length} files to mutate${afresh.length ? `, ${afresh.length} of them tested afresh (their judging tests changed)` : ''}; Stryker's log in reports/mutation/stryker.log`);
const started = Date.now();
const log = fs.openSync(path.join(REPORTS, 'stryker.log'), 'w');
const status = await new Promise((resolve) => {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/stryker'), ['run'], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: { ...process.env, MUTATION_FILES: chosen.join(','), MUTATION_REPORT: 'run', MUTATION_TRACE: trace },
  });
  child.on('close', (code) => resolve(code));
});
fs.closeSync(log);
const minutes = (Date.now() - started) / 60000;
if (status !== 0) {
  console.error(`Stryker failed after ${minutes.toFixed(1)} minutes: see reports/mutation/stryker.log`);
  process.exit(1);
}

// The run's results replace those of the files it mutated; the other files' results stay as they were.
const report = JSON.parse(fs.readFileSync(runIncremental, 'utf8'));
const merged = previous ?? { ...report, files: {}, testFiles: {} };
for (const f of Object.keys(merged.files)) if (!mutated.includes(f)) delete merged.files[f];
Object.assign(merged.files, report.files);
merged.testFiles = { ...merged.testFiles, ...report.testFiles };
fs.writeFileSync(INCREMENTAL, `${JSON.stringify(merged)}\n`);
fs.rmSync(runIncremental, { force: true });
fs.writeFileSync(JUDGES, `${JSON.stringify({ ...kept, ...hashes }, Object.keys({ ...kept, ...hashes }).sort(), 2)}\n`);

// ---- One score a file ----

const costs = new Map();
if (fs.existsSync(trace)) {
  for (const line of fs.readFileSync(trace, 'utf8').split('\n').filter(Boolean)) {
    const { file, cpuMs } = JSON.parse(line);
    costs.set(file, (costs.get(file) ?? 0) + cpuMs);
  }
}
const rows = [];
const survivors = [];
for (const file of mutated) {
  const entry = merged.files[file];
  if (!entry) continue;
  const counted = entry.mutants.filter((m) => COUNTED.has(m.status));
  if (counted.length === 0) continue;
  const detected = counted.filter((m) => DETECTED.has(m.status)).length;
  const lines = entry.source.split('\n');
  for (const m of counted) {
    if (!DETECTED.has(m.status)) survivors.push(`${file}:${m.location.start.line} ${m.mutatorName} (${m.status}): ${lines[m.location.start.line - 1]?.trim()} → ${m.replacement ?? ''}`);
  }
  rows.push({
    file: file.replace(/^machines\//, ''),
    score: `${((100 * detected) / counted.length).toFixed(1)}%`,
    killed: detected,
    survived: counted.length - detected,
    'processor s': costs.has(file) ? Math.round(costs.get(file) / 1000) : '',
  });
}
console.log(`\nMutation score per file (goal: at least ${GOAL}%); processor seconds of this run's mutant runs:`);
console.table(rows);
console.log(`${chosen.length} files in ${minutes.toFixed(1)} minutes.`);
fs.writeFileSync(path.join(REPORTS, 'survivors.txt'), `${survivors.join('\n')}\n`);
console.log(`Surviving mutants: reports/mutation/survivors.txt (${survivors.length})`);
const missed = rows.filter((r) => Number.parseFloat(r.score) < GOAL);
if (missed.length) {
  console.error(`Under the goal: ${missed.map((r) => r.file).join(', ')}`);
  process.exitCode = 1;
}
