import { createActor, type AnyActorRef, type AnyEventObject, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { transitionKey } from './coverage';
import type { Snap } from './model';
import { childMachines, keptInvocations, stubbedEvents, toTestMachine } from './testMachine';

/**
 * A machine with its invoked child machines, as the path generator traverses it: each step restores the whole
 * actor system from its persisted snapshot (the children's states with it), delivers one event and waits for
 * nothing (a child's reports, sendParent and sendTo, are synchronous within one system), then records the root's
 * snapshot. A child's own outcomes and delays (its test machine's events) go to the child; the rest to the root.
 */
export interface SystemModel {
  testMachine: AnyStateMachine;
  /** xstate/graph's TestModel takes any actor logic: this one's snapshots are the root's. */
  logic: { getInitialSnapshot: (scope: unknown, input: unknown) => Snap; transition: (snap: Snap, event: AnyEventObject) => Snap };
  /** The root's snapshot after the event, and the transitions the root took (raised events and `always` hops). */
  step: (before: Snap, event: AnyEventObject) => { after: Snap; taken: string[] };
  start: (input: unknown) => Snap;
}

interface Recorded {
  persisted: unknown;
  /** Each child machine's snapshot, by invocation id, as it was when the root's was taken. */
  children: Record<string, Snap>;
}

const recorded = new WeakMap<object, Recorded>();

/** The snapshot of a child machine (by its invocation id): as recorded in the traversal, else the live child's. */
export function childOf(s: Snap, id: string): Snap | undefined {
  const stored = recorded.get(s as object);
  if (stored) return stored.children[id];
  const ref = (s as { children?: Record<string, AnyActorRef | undefined> }).children?.[id];
  return ref?.getSnapshot() as Snap | undefined;
}

/**
 * A live snapshot with its children's snapshots as they are now: a live child moves on, and an oracle comparing
 * before with after must see the child as it was before.
 */
export function freeze<T extends Snap>(s: T, ids: string[]): T {
  if (ids.length === 0) return s;
  const children: Record<string, Snap> = {};
  for (const id of ids) {
    const child = childOf(s, id);
    if (child) children[id] = child;
  }
  // A view of its own: an event only the child takes leaves the root's snapshot the same object.
  const view = Object.create(s as object) as T;
  recorded.set(view, { persisted: undefined, children });
  return view;
}

/** Which child (by invocation id) takes each of its test machine's outcome and delay events. */
export function childEventRoutes(machine: AnyStateMachine, keep: readonly string[]): Map<string, string> {
  const children = childMachines(machine);
  const routes = new Map<string, string>();
  for (const { id, src } of keptInvocations(machine, keep)) for (const type of stubbedEvents(children[src]!)) routes.set(type, id);
  return routes;
}

export function systemModel(machine: AnyStateMachine, keep: readonly string[]): SystemModel {
  const testMachine = toTestMachine(machine, keep);
  const routes = childEventRoutes(machine, keep);
  const ids = keptInvocations(machine, keep).map((k) => k.id);

  const record = (actor: AnyActorRef): Snap => {
    const snap = actor.getSnapshot() as Snap & { children: Record<string, AnyActorRef | undefined> };
    const children: Record<string, Snap> = {};
    for (const id of ids) {
      const child = snap.children[id];
      if (child) children[id] = child.getSnapshot() as Snap;
    }
    recorded.set(snap, { persisted: actor.getPersistedSnapshot(), children });
    actor.stop();
    return snap;
  };

  const restore = (before: Snap, inspect?: (e: InspectionEvent) => void) => {
    const stored = recorded.get(before as object);
    if (!stored?.persisted) throw new Error('A snapshot the traversal did not make: its children cannot be restored');
    return createActor(testMachine, { snapshot: stored.persisted as never, ...(inspect ? { inspect } : {}) });
  };

  const deliver = (actor: AnyActorRef, event: AnyEventObject) => {
    const to = routes.get(event.type);
    if (!to) return actor.send(event);
    const child = (actor.getSnapshot() as { children: Record<string, AnyActorRef | undefined> }).children[to];
    // A child that is not running (its state left) hears nothing, as a stopped actor's timer never fires.
    child?.send(event);
  };

  const start = (input: unknown) => {
    const actor = createActor(testMachine, { input });
    actor.start();
    return record(actor);
  };

  const step = (before: Snap, event: AnyEventObject) => {
    const taken: string[] = [];
    let root: AnyActorRef | undefined;
    const actor = restore(before, (e) => {
      // The root's transitions only: a coverage of the parent is compared with the parent's own.
      if (e.type === '@xstate.microstep' && e.actorRef === root) for (const t of e._transitions) taken.push(transitionKey(t));
    });
    root = actor;
    actor.start();
    deliver(actor, event);
    return { after: record(actor), taken };
  };

  return {
    testMachine,
    start,
    step,
    logic: { getInitialSnapshot: (_scope, input) => start(input), transition: (snap, event) => step(snap, event).after },
  };
}
