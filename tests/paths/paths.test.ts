import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import type { MachineName } from '../../machines/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fakeOpenAi';
import { CoverageRecorder, coverageRow, type CoverageRow } from './coverage';
import { PATHS_SESSION_SECRET, pathsOperators } from './operators';
import type { PathModel } from './model';
import { generatePaths, runPath } from './runner';

// Paths are generated from each registered machine's model and replayed on a live actor whose calls reach
// the real server (app.inject); at every step the oracle checks what happened outside the machine.
// PATHS_ONLY=<machine> runs one machine's paths (the mutation run uses it).

let server: TestApp;
const rows: CoverageRow[] = [];
const only = process.env.PATHS_ONLY;

// Loaded here rather than imported, so a machine that throws as it is created fails a test instead of leaving
// the file with no tests at all (which a mutation run would count as a survivor).
let machines = {} as Record<MachineName, AnyStateMachine>;
let pathModels = {} as Record<MachineName, PathModel>;
let loadError: unknown;
try {
  if (only) {
    // One machine's paths alone (a mutation run does this for every mutant): only its own model is loaded, not
    // every machine and model, which would cost each run the import of all of them.
    const model = (await import(`./${only}.paths.ts`))[`${only}Paths`] as PathModel;
    pathModels = { [only]: model } as never;
    machines = { [only]: model.machine } as never;
  } else {
    machines = (await import('../../machines/index')).machines as never;
    pathModels = (await import('./models')).pathModels;
  }
} catch (err) {
  loadError = err;
}
const names = (Object.keys(machines) as MachineName[]).filter((name) => !only || name === only);

it('loads every machine and its path model', () => {
  if (loadError) throw loadError;
});

// Speech to text goes to a local OpenAI-compatible server, as in production it goes to OpenAI or one of ours.
let speechService: FakeOpenAi;
beforeAll(async () => {
  speechService = await startFakeOpenAi();
  // Paths make pending orders by hand (no charge behind them) and look at them pending; reconciliation, which
  // would settle them after its grace period, has its own API tests (tests/api/purchases.test.ts).
  server = await createTestApp(
    {
      speechToText: { baseUrl: speechService.baseURL, apiKey: 'test-key', model: 'whisper-fake' },
      reconcile: { graceMs: 3_600_000, everyMs: 3_600_000 },
      // The operators' TOTP secrets are sealed under it, so the admin models can seal their own (tests/paths/operators.ts).
      sessionSecret: PATHS_SESSION_SECRET,
    },
    { logger: false, operators: pathsOperators },
  );
});

afterAll(async () => {
  await server.close();
  await speechService.close();
  console.table(rows.map(({ machine, paths, states, transitions }) => ({ machine, paths, states, transitions })));
});

// The registry's own check, when every machine runs.
if (!only) {
  it('every registered machine has a path model', () => {
    expect(Object.keys(pathModels).sort()).toEqual(Object.keys(machines).sort());
  });

  // Issue 46 item 2: a machine with a failure, retry or paid state declares the sequences a person takes through
  // it (a failure, then again; a paid item, then what must be refused). Found from the machines' own state names,
  // so a new machine or a new such state is covered without anyone listing it here.
  it('every machine with a failure, retry or paid state declares required sequences', () => {
    const stateNames = (node: { states?: Record<string, unknown> }): string[] =>
      Object.entries(node.states ?? {}).flatMap(([key, child]) => [key, ...stateNames(child as { states?: Record<string, unknown> })]);
    const undeclared = (Object.keys(machines) as MachineName[]).filter((name) => {
      const telling = stateNames((machines[name] as AnyStateMachine).root).filter((state) => /fail|retry|declin|paid|refus/i.test(state));
      return telling.length > 0 && !(pathModels[name]?.required?.length);
    });
    expect(undeclared).toEqual([]);
  });
}

describe.each(names)('%s', (name) => {
  const machine = machines[name] as AnyStateMachine;
  const model = pathModels[name];
  const recorder = new CoverageRecorder();
  // A machine the model cannot even traverse (an invalid target, an invocation without an id) fails a test,
  // rather than the whole file failing to load.
  let paths: ReturnType<typeof generatePaths> = [];
  let generationError: unknown;
  try {
    paths = generatePaths(model);
  } catch (err) {
    generationError = err;
  }

  it('can be traversed', () => {
    if (generationError) throw generationError;
  });

  it(`stays within its budget of ${model.budget} paths`, () => {
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.length).toBeLessThanOrEqual(model.budget);
  });

  it('makes a path that moves for every case that offers a move', () => {
    for (const pathCase of model.cases) {
      const initial = paths.find((p) => p.pathCase === pathCase)?.initial;
      expect(initial, pathCase.name).toBeDefined();
      if (pathCase.events(initial as never).length > 0) {
        expect(paths.some((p) => p.pathCase === pathCase && p.steps.length > 0), pathCase.name).toBe(true);
      }
    }
  });

  for (const path of paths) {
    it(`${path.pathCase.name}: ${path.description}`, () => runPath(model, path, server.app, recorder));
  }

  it('reaches every state and takes every transition', () => {
    const row = { ...coverageRow(name, machine, recorder), paths: paths.length };
    rows.push(row);
    expect(row.missedStates, `${name}: states never reached`).toEqual([]);
    expect(row.missedTransitions, `${name}: transitions never taken`).toEqual([]);
  });
});
