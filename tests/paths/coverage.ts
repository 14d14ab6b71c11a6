import type { AnyStateMachine, AnyTransitionDefinition, InspectionEvent, StateNode } from 'xstate';

type AnyNode = StateNode<any, any>;

function allNodes(node: AnyNode): AnyNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyNode>).flatMap(allNodes)];
}

export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyNode;
  const list = t.eventType ? (source.transitions.get(t.eventType) ?? []) : (source.always ?? []);
  return `${source.id} ${t.eventType || '(always)'} #${list.indexOf(t)}`;
}

/** Every state node and every transition (each guarded candidate counts apart) that a machine defines. */
export function definedElements(machine: AnyStateMachine) {
  const nodes = allNodes(machine.root as AnyNode);
  const transitions = nodes.flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]) as AnyTransitionDefinition[];
  return { states: nodes.map((n) => n.id), transitions: transitions.map(transitionKey) };
}

/** Collects what a running actor actually visited and took, from the inspection stream. */
export class CoverageRecorder {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();

  readonly inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep') {
      const nodes = (event.snapshot as { _nodes?: AnyNode[] })._nodes ?? [];
      for (const node of nodes) this.states.add(node.id);
    }
    if (event.type === '@xstate.microstep') {
      for (const t of event._transitions) {
        this.transitions.add(transitionKey(t));
        // Transient states (eventless `always` hops) never rest in a snapshot; being left counts as reached.
        this.states.add((t.source as AnyNode).id);
      }
    }
  };
}

export interface CoverageRow {
  paths?: number;
  machine: string;
  states: string;
  transitions: string;
  missedStates: string[];
  missedTransitions: string[];
}

export function coverageRow(name: string, machine: AnyStateMachine, recorder: CoverageRecorder): CoverageRow {
  const defined = definedElements(machine);
  const missedStates = defined.states.filter((s) => !recorder.states.has(s));
  const missedTransitions = defined.transitions.filter((t) => !recorder.transitions.has(t));
  const pct = (hit: number, all: number) => `${hit}/${all} (${Math.round((100 * hit) / all)}%)`;
  return {
    machine: name,
    states: pct(defined.states.length - missedStates.length, defined.states.length),
    transitions: pct(defined.transitions.length - missedTransitions.length, defined.transitions.length),
    missedStates,
    missedTransitions,
  };
}
