import { createActor, type AnyActorRef, type AnyStateMachine, type InputFrom } from 'xstate';
import type { WorldEffect } from '../../machines/effects';

/** Everything an actor emits (what it does to the world, machines/effects.ts), heard from before it starts. */
export function heard(actor: AnyActorRef): WorldEffect[] {
  const effects: WorldEffect[] = [];
  actor.on('*', (effect) => void effects.push(effect as WorldEffect));
  return effects;
}

/** An actor started with its effects recorded: `effects` holds each one it emitted, in order. */
export function startHeard<M extends AnyStateMachine>(machine: M, input?: InputFrom<M>) {
  const actor = createActor(machine, (input === undefined ? {} : { input }) as never);
  const effects = heard(actor);
  actor.start();
  return Object.assign(actor, { effects });
}

/** The effects of one type, without their type. */
export function effectsOf<T extends WorldEffect['type']>(effects: readonly WorldEffect[], type: T): Array<Extract<WorldEffect, { type: T }>> {
  return effects.filter((e): e is Extract<WorldEffect, { type: T }> => e.type === type);
}

/** Where the flow last sent the applicant. */
export const lastNavigation = (effects: readonly WorldEffect[]) => effectsOf(effects, 'navigate').at(-1)?.to;
