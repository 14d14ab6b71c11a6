import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { machines, type MachineName } from '../../machines/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { CoverageRecorder, coverageRow, type CoverageRow } from './coverage';
import { pathModels, type AnySnapshotLike, type PathCase, type PathModel } from './models';
import { Script } from './script';
import { toTestMachine } from './testMachine';

// Paths are generated from each registered machine; each one is replayed against a live actor whose
// side effects are real (the server through app.inject), and the actor must land where the model says.

let server: TestApp;
const rows: CoverageRow[] = [];

beforeAll(async () => {
  server = await createTestApp();
});

afterAll(async () => {
  await server.close();
  console.table(rows.map(({ machine, states, transitions }) => ({ machine, states, transitions })));
});

interface Sut {
  actor: AnyActorRef;
  selfEvents: string[];
  /** Outcome events the live actor has received, and how many of each the path has used up. */
  received: Map<string, number>;
  consumed: Map<string, number>;
  /** Set when the path, not the server, decides how the machine's actors finish. */
  script: Script | null;
}

function eventsOf(pathCase: PathCase, snapshot: AnySnapshotLike) {
  return typeof pathCase.events === 'function' ? pathCase.events(snapshot) : pathCase.events;
}

const isActorOutcome = (type: string) => type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.');

function executor(sut: Sut) {
  return async (step: { event: { type: string } }) => {
    const { type } = step.event;
    if (isActorOutcome(type)) {
      // The real actor (the server behind it) decides: wait until the live machine has received this outcome
      // (done or error alike), then let the state check compare where it went.
      const outcome = type.replace(/^xstate\.(done|error)\./, '');
      if (sut.script) sut.script.settle(outcome.replace(/^actor\./, ''), step.event);
      const used = sut.consumed.get(outcome) ?? 0;
      const deadline = Date.now() + 5000;
      while ((sut.received.get(outcome) ?? 0) <= used) {
        if (Date.now() > deadline) throw new Error(`The live actor never received ${type}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      sut.consumed.set(outcome, used + 1);
    } else if (sut.selfEvents.includes(type)) {
      vi.advanceTimersByTime(60_000);
    } else {
      sut.actor.send(step.event);
    }
  };
}

function nodePerTransition(model: PathModel, event: { type: string }): boolean {
  const option = model.nodePerTransition ?? true;
  return typeof option === 'function' ? option(event) : option;
}

type GeneratedPath = { state: AnySnapshotLike; steps: { event: { type: string }; state: AnySnapshotLike }[] };

function sample<T extends GeneratedPath>(model: PathModel, paths: T[], _input: unknown): T[] {
  const shapeOf = model.lastStepShape;
  if (!shapeOf) return paths;
  const seen = new Set<string>();
  return [...paths]
    .sort((a, b) => a.steps.length - b.steps.length)
    .filter((path) => {
      const last = path.steps[path.steps.length - 1];
      const before = path.steps[path.steps.length - 2];
      if (!last || !before) return true;
      const shape = shapeOf(before.state, last.event, last.state);
      if (seen.has(shape)) return false;
      seen.add(shape);
      return true;
    });
}

/** The path's target state and its events with their payloads: short enough to read in a report. */
function describePath(path: { state: { value: unknown }; steps: { event: { type: string } }[] }): string {
  const events = path.steps.map(({ event }) => {
    const { type, ...payload } = event as { type: string } & Record<string, unknown>;
    const shown = Object.keys(payload).length ? ` ${JSON.stringify(payload)}` : '';
    return `${type.replace(/^xstate\./, '')}${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}`;
  });
  return `reaches ${JSON.stringify(path.state.value)}: ${events.join(' → ')}`;
}

it('every registered machine has a path model', () => {
  expect(Object.keys(pathModels).sort()).toEqual(Object.keys(machines).sort());
});

describe.each(Object.keys(machines) as MachineName[])('%s', (name) => {
  const machine = machines[name] as AnyStateMachine;
  const model = pathModels[name];
  const recorder = new CoverageRecorder();
  const keyOf = model.snapshotKey ?? ((s: AnySnapshotLike) => JSON.stringify({ value: s.value, context: s.context }));

  afterAll(() => {
    const row = coverageRow(name, machine, recorder);
    rows.push(row);
    // Every state and every transition of a registered machine is reached by some generated path.
    expect(row.missedStates, `${name}: states never reached`).toEqual([]);
    expect(row.missedTransitions, `${name}: transitions never taken`).toEqual([]);
  });

  for (const pathCase of model.cases) {
    describe(pathCase.name, () => {
      const testModel = createTestModel(toTestMachine(machine), {
        events: pathCase.events as never,
        // Only the listed events (with their payloads) drive the traversal; unlisted ones are not part of this case.
        filterEvents: (snapshot, event) => eventsOf(pathCase, snapshot as AnySnapshotLike).some((e) => e.type === event.type),
        ...(pathCase.input !== undefined ? { input: pathCase.input } : {}),
        // One graph node per (snapshot, event) pair, so a shortest path exists to every transition,
        // including those that loop back to a snapshot already seen (Change, toggles).
        serializeState: ((snapshot: AnySnapshotLike, event: unknown, previous: AnySnapshotLike | undefined) =>
          event && nodePerTransition(model, event as { type: string })
            ? `${keyOf(snapshot)} via ${JSON.stringify(event)} from ${previous ? keyOf(previous) : ''}`
            : keyOf(snapshot)) as never,
      });
      const paths = sample(model, testModel.getShortestPaths(), pathCase.input);

      it('generates paths', () => expect(paths.length).toBeGreaterThan(0));

      for (const path of paths) {
        it(describePath(path), async () => {
          if (model.selfEvents) vi.useFakeTimers();
          const received = new Map<string, number>();
          const script = model.scripted ? new Script() : null;
          const actor = createActor((pathCase.sut ?? model.sut)(server.app, script ?? new Script()), {
            ...(pathCase.input !== undefined ? { input: pathCase.input } : {}),
            inspect: (event) => {
              recorder.inspect(event);
              const type = event.type === '@xstate.event' ? event.event.type : '';
              if (event.type === '@xstate.event' && event.actorRef === actor && isActorOutcome(type)) {
                const outcome = type.replace(/^xstate\.(done|error)\./, '');
                received.set(outcome, (received.get(outcome) ?? 0) + 1);
              }
            },
          });
          const sut: Sut = { actor, selfEvents: model.selfEvents ?? [], received, consumed: new Map(), script };
          actor.start();
          try {
            await path.test({
              events: new Proxy({}, { get: () => executor(sut) }),
              states: {
                '*': (expected) => {
                  const actual = actor.getSnapshot();
                  expect(actual.value).toEqual(expected.value);
                  expect(actual.status).toBe(expected.status);
                  if (model.compareContext) expect(actual.context).toEqual(expected.context);
                  if (expected.status === 'done' && model.compareOutput !== false) expect(actual.output).toEqual(expected.output);
                },
              },
            });
          } finally {
            actor.stop();
            if (model.selfEvents) vi.useRealTimers();
          }
        });
      }
    });
  }
});
