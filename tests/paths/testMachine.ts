import { createMachine, type AnyStateMachine } from 'xstate';

type StateConfig = {
  invoke?: unknown;
  on?: Record<string, unknown>;
  states?: Record<string, StateConfig>;
  [key: string]: unknown;
};

type InvokeConfig = { id?: string; onDone?: unknown; onError?: unknown };

/**
 * xstate/graph traverses machines without invocations. The model is therefore the registered machine with
 * each invocation replaced by the events it would produce (xstate.done.actor.<id>, xstate.error.actor.<id>),
 * so the generated paths choose each outcome while the live actor under test runs the real invocation.
 */
export function toTestMachine(machine: AnyStateMachine): AnyStateMachine {
  return createMachine(stripInvocations(machine.config as StateConfig) as never).provide(machine.implementations as never);
}

function stripInvocations(state: StateConfig): StateConfig {
  const { invoke, states, on, ...rest } = state;
  const invocations = (Array.isArray(invoke) ? invoke : invoke ? [invoke] : []) as InvokeConfig[];
  const outcomes: Record<string, unknown> = {};
  for (const inv of invocations) {
    if (!inv.id) continue;
    if (inv.onDone) outcomes[`xstate.done.actor.${inv.id}`] = inv.onDone;
    if (inv.onError) outcomes[`xstate.error.actor.${inv.id}`] = inv.onError;
  }
  return {
    ...rest,
    ...(on || invocations.length ? { on: { ...on, ...outcomes } } : {}),
    ...(states
      ? { states: Object.fromEntries(Object.entries(states).map(([key, child]) => [key, stripInvocations(child)])) }
      : {}),
  };
}
