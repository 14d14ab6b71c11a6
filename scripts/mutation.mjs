// `npm run test:mutation`: Stryker once per registered machine, each judged by its own path tests only,
// then one table of scores. Exits non-zero when a machine's score is under the goal. Slow (minutes per
// machine), so it is not part of `npm test`. MUTATION_ONLY=name[,name] limits it to some machines.
//
// Machines run side by side (MUTATION_JOBS, default 2), the cores shared among them: a machine whose results are
// kept spends most of its time in Stryker's start and its one dry run, which use one core.
//
// Incremental: Stryker keeps each machine's results in mutation/<machine>.incremental.json (committed) and tests
// again only the mutants in code that changed. It cannot see a change to the path model or the path runner (the
// tests are all generated in one file), so the hash of the test files a machine's paths import is kept beside the
// results and a change to them tests that machine's mutants afresh. A change elsewhere (the server, the client's calls) is not seen: MUTATION_FULL=1
// tests every mutant again.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOAL = 80;
const DETECTED = new Set(['Killed', 'Timeout']);
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);

const all = fs
  .readdirSync(path.join(ROOT, 'machines'))
  .filter((f) => f.endsWith('.machine.ts'))
  .map((f) => f.replace(/\.machine\.ts$/, ''));
const only = process.env.MUTATION_ONLY?.split(',').filter(Boolean);
const machines = only ? all.filter((m) => only.includes(m)) : all;

/**
 * What a machine's path tests are made of, besides the machine: the suite file, the machine's path model and every
 * test file they import (the runner, the helpers, shared models), followed through relative imports within tests/.
 * Only these: a new machine's model added to tests/paths/models.ts, which a one-machine run never loads, leaves
 * every other machine's results standing.
 */
function testInputsHash(machine) {
  const seen = new Set();
  const queue = ['tests/paths/paths.test.ts', `tests/paths/${machine}.paths.ts`];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const [, spec] of source.matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gms)) {
      const base = path.join(path.dirname(file), spec);
      const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => fs.existsSync(path.join(ROOT, f)) && fs.statSync(path.join(ROOT, f)).isFile());
      if (found && found.startsWith('tests/') && found !== 'tests/paths/models.ts') queue.push(found);
    }
  }
  const hash = createHash('sha256');
  for (const file of [...seen].sort()) hash.update(file).update(fs.readFileSync(path.join(ROOT, file)));
  return hash.digest('hex');
}

const JOBS = Math.max(1, Math.min(machines.length, Number(process.env.MUTATION_JOBS ?? 2)));
// Each Stryker gets its share of the cores as test runners (stryker.config.mjs reads MUTATION_CONCURRENCY).
const CONCURRENCY = Math.max(1, Math.floor(os.availableParallelism() / JOBS));
fs.mkdirSync(path.join(ROOT, 'reports/mutation'), { recursive: true });

/** One machine's Stryker run; its output goes to reports/mutation/<machine>.log, its row to the table. */
async function measure(machine) {
  const started = Date.now();
  const inputsFile = path.join(ROOT, `mutation/${machine}.tests.sha256`);
  const inputs = testInputsHash(machine);
  const testsChanged = !fs.existsSync(inputsFile) || fs.readFileSync(inputsFile, 'utf8').trim() !== inputs;
  const logFile = path.join(ROOT, `reports/mutation/${machine}.log`);
  console.log(`${machine}: started${testsChanged ? ' (its path tests changed: every mutant afresh)' : ''}, log in reports/mutation/${machine}.log`);
  const log = fs.openSync(logFile, 'w');
  const status = await new Promise((resolve) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/stryker'), ['run'], {
      cwd: ROOT,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        MUTATION_MACHINE: machine,
        MUTATION_CONCURRENCY: String(CONCURRENCY),
        PATHS_ONLY: machine,
        ...(testsChanged ? { MUTATION_FULL: '1' } : {}),
      },
    });
    child.on('close', (code) => resolve(code));
  });
  fs.closeSync(log);
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  if (status !== 0) {
    console.log(`${machine}: failed after ${minutes} minutes (see its log)`);
    return { row: { machine, score: 'failed', killed: '', survived: '', minutes }, survivors: [] };
  }
  fs.writeFileSync(inputsFile, `${inputs}\n`);
  const report = JSON.parse(fs.readFileSync(path.join(ROOT, `reports/mutation/${machine}.json`), 'utf8'));
  const mutants = Object.values(report.files).flatMap((file) => file.mutants);
  const counted = mutants.filter((m) => COUNTED.has(m.status));
  const detected = counted.filter((m) => DETECTED.has(m.status));
  const source = fs.readFileSync(path.join(ROOT, `machines/${machine}.machine.ts`), 'utf8').split('\n');
  const survivors = counted
    .filter((x) => !DETECTED.has(x.status))
    .map((m) => `${machine}.machine.ts:${m.location.start.line} ${m.mutatorName}: ${source[m.location.start.line - 1]?.trim()} → ${m.replacement ?? ''}`);
  const score = counted.length ? (100 * detected.length) / counted.length : 100;
  console.log(`${machine}: ${score.toFixed(1)}% in ${minutes} minutes`);
  return { row: { machine, score: `${score.toFixed(1)}%`, killed: detected.length, survived: counted.length - detected.length, minutes }, survivors };
}

const runStarted = Date.now();
const results = new Map();
const queue = [...machines];
await Promise.all(
  Array.from({ length: JOBS }, async () => {
    while (queue.length) {
      const machine = queue.shift();
      results.set(machine, await measure(machine));
    }
  }),
);
const rows = machines.map((m) => results.get(m).row);
const survivors = machines.flatMap((m) => results.get(m).survivors);

console.log('\nMutation score of the path tests alone, per machine (goal: at least 80%):');
console.table(rows);
console.log(`${machines.length} machines in ${((Date.now() - runStarted) / 60000).toFixed(1)} minutes, ${JOBS} at a time.`);
if (survivors.length) {
  fs.writeFileSync(path.join(ROOT, 'reports/mutation/survivors.txt'), `${survivors.join('\n')}\n`);
  console.log(`Surviving mutants: reports/mutation/survivors.txt (${survivors.length})`);
}
const missed = rows.filter((r) => r.score === 'failed' || Number.parseFloat(r.score) < GOAL);
if (missed.length) {
  console.error(`Under the goal: ${missed.map((r) => r.machine).join(', ')}`);
  process.exitCode = 1;
}
