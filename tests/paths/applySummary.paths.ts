import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { eligibilityCalls } from '../../client/api/actors/eligibility';
import { applySummaryMachine, chosenType } from '../../machines/applySummary.machine';
import type { Eligibility } from '../../machines/domain/visaRules';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

/** The type APPLY NOW applies for: the server's recommendation, or DS-160 while 'Change visa type' is on. */
function effectiveType(world: World): 'ESTA' | 'DS-160' | null {
  const answer = lastCall(world, 'GET', '/api/eligibility');
  if (answer?.status !== 200) return null;
  const toggles = world.events.filter((e) => e.type === 'TYPE.TOGGLE').length;
  return toggles % 2 === 1 ? 'DS-160' : (answer.response as Eligibility).visaType;
}

const events =
  (failure: 'network' | 'server') =>
  (snapshot: Snap): AnyEventObject[] => [
    { type: 'TYPE.TOGGLE' },
    { type: 'APPLY' },
    { type: 'BACK' },
    { type: 'RETRY' },
    ...(snapshot.matches('loading')
      ? [{ type: 'xstate.done.actor.fetchEligibility', output: {} }, { type: 'xstate.error.actor.fetchEligibility', error: failure }]
      : []),
  ];

export const applySummaryPaths: PathModel = {
  machine: applySummaryMachine,
  budget: 40,
  calls: eligibilityCalls,
  effects: ['persistVisaType'],
  abstraction: (s) => ({ value: s.value, changeType: s.context.changeType, facts: s.context.facts !== null }),
  cases: [
    { name: 'Spain and tourism (ESTA)', input: { country: 'Spain', purpose: 'tourism' }, events: events('network') },
    { name: 'Mexico and business (DS-160)', input: { country: 'Mexico', purpose: 'business' }, events: events('network') },
    {
      name: 'a country the server does not know',
      input: { country: 'Atlantis', purpose: 'tourism' },
      events: (s) => events('server')(s).filter((e) => e.type !== 'xstate.done.actor.fetchEligibility'),
    },
    { name: 'nothing chosen yet', input: { country: null, purpose: null }, events: events('network') },
  ],
  oracle: {
    initial: (s, world) => {
      // With a stored choice the summary asks the server at once; without one it says so.
      const chosen = Boolean(world.input.country && world.input.purpose);
      expect(s.matches(chosen ? 'loading' : 'missingChoice')).toBe(true);
      expect(s.hasTag('busy')).toBe(chosen);
      expect({ facts: s.context.facts, changeType: s.context.changeType }).toEqual({ facts: null, changeType: false });
    },
    step: ({ event, after, world }) => {
      if (event.type === 'TYPE.TOGGLE') expect(chosenType(after.context)).toBe(effectiveType(world));
    },
    states: {
      loading: (_s, world) => {
        expect(lastHeld(world, 'fetchEligibility')?.input).toEqual({ country: world.input.country, purpose: world.input.purpose });
      },
      ready: (s, world) => {
        const answer = lastCall(world, 'GET', '/api/eligibility');
        expect(answer?.status).toBe(200);
        expect(s.context.facts).toEqual(answer?.response);
        expect(chosenType(s.context)).toBe(effectiveType(world));
      },
      failed: (_s, world) => {
        // Either the connection was lost, or the server refused the choice (an unknown country).
        const held = lastHeld(world, 'fetchEligibility');
        const answer = lastCall(world, 'GET', '/api/eligibility');
        expect(held?.verdict === 'dropped' || (answer !== undefined && answer.status >= 400)).toBe(true);
      },
      missingChoice: (_s, world) => {
        expect(world.input.country === null || world.input.purpose === null).toBe(true);
        expect(world.held).toEqual([]);
      },
      applying: (s, world) => {
        const type = effectiveType(world);
        expect(s.output).toEqual({ to: type === 'ESTA' ? '/apply/esta-wizard' : '/apply/wizard' });
        expect(effectsOf(world, 'persistVisaType').map((e) => e.params)).toEqual([{ visaType: type }]);
      },
      backToStart: (s, world) => {
        expect(s.output).toEqual({ to: '/apply' });
        expect(effectsOf(world, 'persistVisaType')).toEqual([]);
      },
    },
  },
};
