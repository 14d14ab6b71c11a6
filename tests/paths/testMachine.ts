import { createMachine, type AnyStateMachine } from 'xstate';

type StateConfig = {
  id?: string;
  invoke?: unknown;
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, StateConfig>;
  [key: string]: unknown;
};

type InvokeConfig = { id?: string; onDone?: unknown; onError?: unknown };

/**
 * xstate/graph traverses machines without invocations or delays. The model is therefore the registered
 * machine with each invocation replaced by the events it would produce (xstate.done.actor.<id>,
 * xstate.error.actor.<id>) and each `after` delay by its event (xstate.after.<delay>.<state id>), so the
 * generated paths choose each outcome and moment while the live actor under test runs the real thing.
 */
export function toTestMachine(machine: AnyStateMachine): AnyStateMachine {
  const config = machine.config as StateConfig;
  return createMachine(strip(config, config.id ?? '(machine)') as never).provide(machine.implementations as never);
}

function strip(state: StateConfig, id: string): StateConfig {
  const { invoke, after, states, on, ...rest } = state;
  const invocations = (Array.isArray(invoke) ? invoke : invoke ? [invoke] : []) as InvokeConfig[];
  const outcomes: Record<string, unknown> = {};
  for (const inv of invocations) {
    if (!inv.id) throw new Error(`An invocation in ${id} has no id; path tests name its outcomes by it`);
    if (inv.onDone) outcomes[`xstate.done.actor.${inv.id}`] = inv.onDone;
    if (inv.onError) outcomes[`xstate.error.actor.${inv.id}`] = inv.onError;
  }
  for (const [delay, transition] of Object.entries(after ?? {})) outcomes[`xstate.after.${delay}.${state.id ?? id}`] = transition;
  return {
    ...rest,
    ...(on || Object.keys(outcomes).length ? { on: { ...on, ...outcomes } } : {}),
    ...(states
      ? { states: Object.fromEntries(Object.entries(states).map(([key, child]) => [key, strip(child, `${id}.${key}`)])) }
      : {}),
  };
}
