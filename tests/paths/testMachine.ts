import { createMachine, type AnyActorLogic, type AnyStateMachine } from 'xstate';

type StateConfig = {
  id?: string;
  invoke?: unknown;
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, StateConfig>;
  [key: string]: unknown;
};

type InvokeConfig = { id?: string; src?: unknown; onDone?: unknown; onError?: unknown };

/** Whether an actor is a state machine (a child the path tests keep and model) rather than a call. */
export const isMachine = (logic: unknown): logic is AnyStateMachine => typeof logic === 'object' && logic !== null && 'getStateNodeById' in logic;

/** The machines a machine invokes, by the src its invocations name. */
export function childMachines(machine: AnyStateMachine): Record<string, AnyStateMachine> {
  const actors = (machine.implementations.actors ?? {}) as Record<string, AnyActorLogic>;
  return Object.fromEntries(Object.entries(actors).filter(([, logic]) => isMachine(logic))) as Record<string, AnyStateMachine>;
}

/**
 * xstate/graph traverses machines without invocations or delays. The model is therefore the registered
 * machine with each invocation replaced by the events it would produce (xstate.done.actor.<id>,
 * xstate.error.actor.<id>) and each `after` delay by its event (xstate.after.<delay>.<state id>), so the
 * generated paths choose each outcome and moment while the live actor under test runs the real thing.
 * An invoked state machine (a child such as leadSync) is kept: its state is the system's, not an outcome; it is
 * itself made a test machine, so its own calls and delays become events sent to it (see system.ts).
 */
export function toTestMachine(machine: AnyStateMachine, keep: readonly string[] = []): AnyStateMachine {
  const config = machine.config as StateConfig;
  const children = Object.fromEntries(keptInvocations(machine, keep).map(({ src }) => [src, childMachines(machine)[src]!]));
  const testChildren = Object.fromEntries(Object.entries(children).map(([src, child]) => [src, toTestMachine(child)]));
  const kept = (inv: InvokeConfig) => keep.includes(inv.id ?? '') && typeof inv.src === 'string' && inv.src in children;
  return createMachine(strip(config, config.id ?? '(machine)', kept) as never).provide({
    ...machine.implementations,
    actors: { ...machine.implementations.actors, ...testChildren },
  } as never);
}

/**
 * The invocations a test machine keeps, with their src: those of `keep` (ids a path model names) that invoke a
 * state machine. A child the model does not name is replaced by its outcomes, as a call is.
 */
export function keptInvocations(machine: AnyStateMachine, keep: readonly string[]): Array<{ id: string; src: string }> {
  const children = childMachines(machine);
  const found: Array<{ id: string; src: string }> = [];
  const walk = (state: StateConfig) => {
    const invocations = (Array.isArray(state.invoke) ? state.invoke : state.invoke ? [state.invoke] : []) as InvokeConfig[];
    for (const inv of invocations) {
      if (inv.id && keep.includes(inv.id) && typeof inv.src === 'string' && inv.src in children) found.push({ id: inv.id, src: inv.src });
    }
    for (const child of Object.values(state.states ?? {})) walk(child);
  };
  walk(machine.config as StateConfig);
  return found;
}

/** The events a (child's) test machine takes in place of its invocations' outcomes and its delays. */
export function stubbedEvents(machine: AnyStateMachine): Set<string> {
  const config = machine.config as StateConfig;
  const types = new Set<string>();
  const stripped = strip(config, config.id ?? '(machine)', () => false);
  const original = new Set<string>();
  const collect = (state: StateConfig, into: Set<string>) => {
    for (const type of Object.keys(state.on ?? {})) into.add(type);
    for (const child of Object.values(state.states ?? {})) collect(child, into);
  };
  collect(config, original);
  collect(stripped, types);
  for (const type of original) types.delete(type);
  return types;
}

function strip(state: StateConfig, id: string, kept: (inv: InvokeConfig) => boolean): StateConfig {
  const { invoke, after, states, on, ...rest } = state;
  const invocations = (Array.isArray(invoke) ? invoke : invoke ? [invoke] : []) as InvokeConfig[];
  const outcomes: Record<string, unknown> = {};
  const keep: InvokeConfig[] = [];
  for (const inv of invocations) {
    if (!inv.id) throw new Error(`An invocation in ${id} has no id; path tests name its outcomes by it`);
    if (kept(inv)) {
      keep.push(inv);
      continue;
    }
    if (inv.onDone) outcomes[`xstate.done.actor.${inv.id}`] = inv.onDone;
    if (inv.onError) outcomes[`xstate.error.actor.${inv.id}`] = inv.onError;
  }
  for (const [delay, transition] of Object.entries(after ?? {})) outcomes[`xstate.after.${delay}.${state.id ?? id}`] = transition;
  return {
    ...rest,
    ...(keep.length ? { invoke: keep } : {}),
    ...(on || Object.keys(outcomes).length ? { on: { ...on, ...outcomes } } : {}),
    ...(states
      ? { states: Object.fromEntries(Object.entries(states).map(([key, child]) => [key, strip(child, `${id}.${key}`, kept)])) }
      : {}),
  };
}
