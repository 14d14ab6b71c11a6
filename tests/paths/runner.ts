import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { createActor, type AnyActorRef, type AnyEventObject, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { TestModel } from 'xstate/graph';
import { actorsOf } from '../../client/api/actors/actorsOf';
import { injectTransport } from '../helpers/transport';
import { CoverageRecorder, transitionKey } from './coverage';
import { stateValueOf, type HeldCall, type PathCase, type PathModel, type RequiredPath, type Snap, type World } from './model';
import { childOf, freeze, systemModel } from './system';
import { childMachines, keptInvocations, toTestMachine } from './testMachine';

export interface GeneratedStep {
  event: AnyEventObject;
  /** The state the model says the machine is in after the event. */
  state: Snap;
}

export interface GeneratedPath {
  pathCase: PathCase;
  description: string;
  /** The model's initial snapshot, then one step per event. */
  initial: Snap;
  steps: GeneratedStep[];
}

const isOutcome = (type: string) => /^xstate\.(done|error)\.actor\./.test(type);
const isDelay = (type: string) => type.startsWith('xstate.after.');

/** What a path says happened: the event with its payload, short enough for a report. */
function describe(steps: GeneratedStep[], last: Snap): string {
  const events = steps.map(({ event }) => {
    const { type, ...payload } = event;
    const shown = Object.keys(payload).length ? ` ${JSON.stringify(payload)}` : '';
    return `${type.replace(/^xstate\./, '')}${shown.length > 50 ? `${shown.slice(0, 47)}...` : shown}`;
  });
  return `reaches ${JSON.stringify(last.value)}: ${events.join(' → ') || '(start)'}`;
}

/** How the generator steps through a model: the machine alone, or (with child machines) the whole actor system. */
interface Traversal {
  /** The logic TestModel traverses. */
  logic: unknown;
  start: (input: unknown) => Snap;
  /** The snapshot after the event, and the (root's) transitions it took, raised events and `always` hops included. */
  step: (before: Snap, event: AnyEventObject) => { after: Snap; taken: string[] };
}

function traversalOf(model: PathModel): Traversal {
  if (keptInvocations(model.machine, model.children ?? []).length > 0) return systemModel(model.machine, model.children ?? []);
  const testMachine = toTestMachine(model.machine);
  return {
    logic: testMachine,
    start: (input) => {
      const actor = createActor(testMachine, { input });
      actor.start();
      const initial = actor.getSnapshot() as Snap;
      actor.stop();
      return initial;
    },
    step: (before, event) => {
      const taken: string[] = [];
      const actor = createActor(testMachine, {
        snapshot: before as never,
        inspect: (e: InspectionEvent) => {
          if (e.type === '@xstate.microstep') for (const t of e._transitions) taken.push(transitionKey(t));
        },
      });
      actor.start();
      actor.send(event);
      const after = actor.getSnapshot() as Snap;
      actor.stop();
      return { after, taken };
    },
  };
}

/** What makes two snapshots one node of the graph: the model's abstraction, and each child machine's state. */
function keyOf(model: PathModel): (s: Snap) => string {
  const ids = keptInvocations(model.machine, model.children ?? []).map((k) => k.id);
  const own = (s: Snap) => (model.abstraction ? model.abstraction(s) : { value: s.value, context: s.context });
  if (ids.length === 0) return (s) => JSON.stringify(own(s));
  return (s) =>
    JSON.stringify({
      own: own(s),
      children: ids.map((id) => {
        const child = childOf(s, id);
        if (!child) return null;
        return model.childAbstraction ? model.childAbstraction(id, child) : { value: child.value, context: child.context };
      }),
    });
}

/**
 * Paths from the model: a shortest path to every (abstract) transition, then the fewest of them that take
 * every transition the machine defines, then (if the model asks) one more per distinct last-step shape.
 */
export function generatePaths(model: PathModel): GeneratedPath[] {
  const traversal = traversalOf(model);
  const key = keyOf(model);
  const selected: GeneratedPath[] = [];
  for (const pathCase of model.cases) {
    // Each case takes every transition it can reach: the same transition behaves differently per case
    // (a DS-160 submit creates a lead, an ESTA submit with a lead completes it).
    const covered = new Set<string>();
    const shapes = new Set<string>();
    // The TestModel that createTestModel builds, but offered exactly the case's events: createTestModel would
    // drop those the state does not handle, and an event the machine must ignore is behaviour to check too.
    const offered = (s: Snap) => (s.status === 'active' ? pathCase.events(s) : []);
    const testModel = new TestModel(traversal.logic as never, {
      events: offered as never,
      input: pathCase.input,
      // One graph node per (snapshot, event, previous snapshot): a shortest path then ends with every transition.
      serializeState: ((s: Snap, e: AnyEventObject | undefined, prev: Snap | undefined) =>
        e ? `${key(s)} via ${JSON.stringify(e)} from ${prev ? key(prev) : ''}` : key(s)) as never,
    } as never);
    // Prefixes of longer paths are kept: a path ending with a transition is what the selection below needs.
    const candidates = testModel
      .getShortestPaths({ allowDuplicatePaths: true })
      .map((p) => {
        const steps = p.steps.slice(1).map((s) => ({ event: s.event as AnyEventObject, state: s.state as unknown as Snap }));
        return { initial: p.steps[0]?.state as unknown as Snap, steps, last: p.state as unknown as Snap };
      })
      .sort((a, b) => a.steps.length - b.steps.length);
    const extras: GeneratedPath[] = [];
    for (const candidate of candidates) {
      const n = candidate.steps.length;
      if (n === 0) continue;
      const before = n > 1 ? (candidate.steps[n - 2] as GeneratedStep).state : candidate.initial;
      const last = candidate.steps[n - 1] as GeneratedStep;
      // Each listed payload of an event is its own input: one path per transition and payload that takes it.
      // An event the machine refuses where it is (a guard says no) is behaviour too: it gets its path.
      const payload = model.payloadKind?.(before, last.event) ?? JSON.stringify(last.event);
      const taken = traversal.step(before, last.event).taken;
      const units = taken.length ? taken.map((t) => `${t} ${payload}`) : [`${last.event.type} ignored in ${JSON.stringify(before.value)}`];
      const fresh = units.filter((t) => !covered.has(t));
      const path = { pathCase, description: describe(candidate.steps, candidate.last), initial: candidate.initial, steps: candidate.steps };
      if (fresh.length > 0) {
        for (const t of fresh) covered.add(t);
        selected.push(path);
        const shape = model.variety?.({ before, event: last.event, after: last.state });
        if (shape) shapes.add(shape);
      } else if (model.variety) {
        const shape = model.variety({ before, event: last.event, after: last.state });
        if (shape && !shapes.has(shape)) {
          shapes.add(shape);
          extras.push(path);
        }
      }
    }
    selected.push(...extras);
    // A case with nothing to do (a detection at start) still runs once, from its initial state.
    const start = candidates.find((c) => c.steps.length === 0);
    if (start && !selected.some((p) => p.pathCase === pathCase)) {
      selected.push({ pathCase, description: describe([], start.last), initial: start.initial, steps: [] });
    }
  }
  // Beside the cover, the sequences the model says must run (what its oracle was written for).
  for (const required of model.required ?? []) selected.push(requiredPath(model, required));
  return selected;
}

/**
 * A required sequence (PathModel.required) as a path: a breadth-first search through the case's offered events
 * for the shortest path that makes the sequence's moves in order, so the sequence follows the model as it changes.
 */
export function requiredPath(model: PathModel, required: RequiredPath, limit = 20_000): GeneratedPath {
  const pathCase = required.case === undefined ? model.cases[0] : model.cases.find((c) => c.name === required.case);
  if (!pathCase) throw new Error(`Required path "${required.name}": no case ${required.case}`);
  const traversal = traversalOf(model);
  const nodeKey = keyOf(model);
  const key = (s: Snap, progress: number) => `${progress} ${nodeKey(s)}`;
  const initial = traversal.start(pathCase.input);
  const queue: Array<{ snap: Snap; steps: GeneratedStep[]; progress: number }> = [{ snap: initial, steps: [], progress: 0 }];
  const seen = new Set([key(initial, 0)]);
  for (let expanded = 0; queue.length && expanded < limit; expanded += 1) {
    const node = queue.shift()!;
    for (const event of node.snap.status === 'active' ? pathCase.events(node.snap) : []) {
      const next = traversal.step(node.snap, event).after;
      const progress = node.progress + (required.through[node.progress]!(event, node.snap) ? 1 : 0);
      const steps = [...node.steps, { event, state: next }];
      if (progress === required.through.length) return { pathCase, description: `required, ${required.name}: ${describe(steps, next)}`, initial, steps };
      const k = key(next, progress);
      if (seen.has(k)) continue;
      seen.add(k);
      queue.push({ snap: next, steps, progress });
    }
  }
  throw new Error(`Required path "${required.name}": no path through the case "${pathCase.name}" makes its moves`);
}

/** Calls held until the path says how they end: sent to the real server, or dropped as a lost connection. */
class Gate {
  private readonly waiting = new Map<string, Array<(verdict: 'sent' | 'dropped') => void>>();

  constructor(private readonly held: HeldCall[]) {}

  wrap(calls: Record<string, (input: any) => Promise<unknown>>) {
    return Object.fromEntries(
      Object.entries(calls).map(([name, fn]) => [
        name,
        async (input: unknown) => {
          const record: HeldCall = { name, input, verdict: 'waiting' };
          this.held.push(record);
          const verdict = await new Promise<'sent' | 'dropped'>((resolve) => {
            const list = this.waiting.get(name) ?? [];
            list.push(resolve);
            this.waiting.set(name, list);
          });
          record.verdict = verdict;
          // What fetch throws when the connection fails: the request never reaches the server.
          if (verdict === 'dropped') throw new TypeError('Failed to fetch');
          return fn(input);
        },
      ]),
    );
  }

  release(name: string, verdict: 'sent' | 'dropped'): void {
    const next = this.waiting.get(name)?.shift();
    if (!next) throw new Error(`No ${name} call is waiting, yet the path says it finished`);
    next(verdict);
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Replays one generated path on a live actor with real actors, checking the state and the oracle at every step. */
export async function runPath(model: PathModel, path: GeneratedPath, app: FastifyInstance, recorder: CoverageRecorder): Promise<void> {
  const calls: World['calls'] = [];
  // One browser session for the case's setup and the machine's actors alike.
  const world: World = { app, http: injectTransport(app, calls), calls, held: [], effects: [], input: undefined, events: [], times: [] };
  let now = 0;
  const advance = (ms: number) => {
    vi.advanceTimersByTime(ms);
    now += ms;
  };
  const input = path.pathCase.setup ? await path.pathCase.setup(world, path.pathCase.input) : path.pathCase.input;
  world.input = input;
  const gate = new Gate(world.held);
  const effects = Object.fromEntries(
    (model.effects ?? []).map((type) => [type, (_: unknown, params: unknown) => void world.effects.push({ type, params })]),
  );
  // The same gated calls for the machine and for the child machines it invokes (the page provides them alike).
  const gated = model.calls ? (actorsOf((http) => gate.wrap(model.calls!(http, input)), world.http) as Record<string, unknown>) : undefined;
  const kept = keptInvocations(model.machine, model.children ?? []);
  const children = Object.fromEntries(
    kept.map(({ src }) => [src, gated ? childMachines(model.machine)[src]!.provide({ actors: gated } as never) : childMachines(model.machine)[src]!]),
  );
  const machine = model.machine.provide({
    ...(gated || Object.keys(children).length ? { actors: { ...gated, ...children } as never } : {}),
    actions: effects,
  } as never);
  const childIds = new Set(kept.map((k) => k.id));
  const received = new Map<string, number>();
  let actor: AnyActorRef | undefined;
  // What the root and its child machines received: a child's outcomes and delays are the child's events.
  const ours = (ref: AnyActorRef) => ref === actor || (childIds.has(ref.id) && (ref as { _parent?: AnyActorRef })._parent === actor);
  const live = createActor(machine, {
    input,
    inspect: (event) => {
      recorder.inspect(event);
      if (event.type === '@xstate.event' && ours(event.actorRef as AnyActorRef)) {
        received.set(event.event.type, (received.get(event.event.type) ?? 0) + 1);
      }
    },
  });
  actor = live;
  // What the machine does to the world (its emitted effects, machines/effects.ts), as the page's handler would hear it.
  live.on('*', (emitted) => void world.effects.push({ type: emitted.type, params: emitted }));
  // Only the timers the machine schedules on: the runner itself waits on setImmediate.
  if (model.delayEndsAt) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    live.start();
    await check(model, path.initial, live.getSnapshot() as Snap, world);
    await model.oracle.initial?.(live.getSnapshot() as Snap, world);
    const consumed = new Map<string, number>();
    const ids = [...childIds];
    for (const step of path.steps) {
      const before = freeze(live.getSnapshot() as Snap, ids);
      const heldBefore = world.held.length;
      const effectsBefore = world.effects.length;
      const { type } = step.event;
      if (isOutcome(type) || isDelay(type)) {
        // The real actor (the server behind it) or the real timer decides; the path only says when.
        if (isOutcome(type)) {
          // An error outcome is a lost connection, unless the path says the server itself refuses
          // (`error: 'server'`, or an error the page's code makes of the server's refusal, marked `sent`).
          const refused = (step.event as { error?: unknown }).error === 'server' || (step.event as { sent?: boolean }).sent === true;
          gate.release(type.replace(/^xstate\.(done|error)\.actor\./, ''), type.startsWith('xstate.done.') || refused ? 'sent' : 'dropped');
        } else {
          const endsAt = (model.delayEndsAt as (w: World) => number)(world);
          expect(endsAt, 'the delay should have ended already').toBeGreaterThan(now);
          advance(endsAt - now - 1);
          expect(received.get(type) ?? 0, `${type} fired before ${endsAt} ms`).toBe(consumed.get(type) ?? 0);
          advance(1);
        }
        const used = consumed.get(type) ?? 0;
        const other = type.startsWith('xstate.done.') ? type.replace('xstate.done.', 'xstate.error.') : type.replace('xstate.error.', 'xstate.done.');
        await until(() => (received.get(type) ?? 0) > used || (isOutcome(type) && (received.get(other) ?? 0) > (consumed.get(other) ?? 0)), type);
        expect(received.get(type) ?? 0, `the live machine received ${other} where the path expected ${type}`).toBeGreaterThan(used);
        consumed.set(type, used + 1);
      } else {
        if (model.delayEndsAt) advance(1000);
        live.send(step.event);
      }
      world.events.push(step.event);
      world.times.push(now);
      const after = freeze(live.getSnapshot() as Snap, ids);
      await check(model, step.state, after, world);
      await model.oracle.step?.({
        before,
        event: step.event,
        after,
        world,
        started: world.held.slice(heldBefore),
        asked: world.effects.slice(effectsBefore),
      });
    }
  } finally {
    live.stop();
    if (model.delayEndsAt) vi.useRealTimers();
  }
}

async function check(model: PathModel, expected: Snap, actual: Snap, world: World): Promise<void> {
  expect(actual.value, 'state').toEqual(expected.value);
  expect(actual.status, 'status').toBe(expected.status);
  // A child machine is where the model says too (its state is the system's, not the root's).
  for (const { id } of keptInvocations(model.machine, model.children ?? [])) expect(childOf(actual, id)?.value, `${id}'s state`).toEqual(childOf(expected, id)?.value);
  for (const [path, oracle] of Object.entries(model.oracle.states ?? {})) {
    if (actual.matches(stateValueOf(path))) await oracle(actual, world);
  }
}
