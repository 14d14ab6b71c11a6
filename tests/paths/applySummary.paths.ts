import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { eligibilityCalls } from '../../client/api/actors/eligibility';
import { applySummaryMachine, chosenType } from '../../machines/applySummary.machine';
import type { Eligibility } from '../../machines/domain/visaRules';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

type Screen = 'missing' | 'loading' | 'failed' | 'ready' | 'applied' | 'back';

/** /apply/summary as the spec states it (3-ai §2.3), replayed from the path's events and the server's answers. */
function expected(world: World) {
  const chosen = Boolean(world.input.country?.trim() && world.input.purpose);
  let screen: Screen = chosen ? 'loading' : 'missing';
  let dsByHand = false;
  for (const { type } of world.events) {
    if (screen === 'loading' && type === 'xstate.done.actor.fetchEligibility') screen = 'ready';
    else if (screen === 'loading' && type === 'xstate.error.actor.fetchEligibility') screen = 'failed';
    else if (screen === 'failed' && type === 'RETRY') screen = 'loading';
    else if (screen === 'ready' && type === 'TYPE.TOGGLE') dsByHand = !dsByHand;
    else if (screen === 'ready' && type === 'APPLY') screen = 'applied';
    else if (screen !== 'loading' && type === 'BACK') screen = 'back';
    if (screen === 'applied' || screen === 'back') break;
  }
  const answer = lastCall(world, 'GET', '/api/eligibility');
  const recommended = answer?.status === 200 ? (answer.response as Eligibility).visaType : null;
  return { screen, dsByHand, type: dsByHand ? 'DS-160' : recommended, answer };
}

const STATE: Record<Screen, string> = {
  missing: 'missingChoice',
  loading: 'loading',
  failed: 'failed',
  ready: 'ready',
  applied: 'applying',
  back: 'backToStart',
};

/** What the screen offers in each state: its buttons, and while loading, each outcome of the call. */
const events =
  (failure: 'network' | 'server') =>
  (s: Snap): AnyEventObject[] => {
    if (s.matches('loading')) {
      return [
        { type: 'xstate.done.actor.fetchEligibility', output: {} },
        { type: 'xstate.error.actor.fetchEligibility', error: failure },
      ];
    }
    if (s.matches('ready')) return [{ type: 'TYPE.TOGGLE' }, { type: 'APPLY' }, { type: 'BACK' }];
    if (s.matches('failed')) return [{ type: 'RETRY' }, { type: 'BACK' }];
    return [{ type: 'BACK' }, { type: 'APPLY' }];
  };

export const applySummaryPaths: PathModel = {
  machine: applySummaryMachine,
  budget: 50,
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
    { name: 'a country but no purpose', input: { country: 'Spain', purpose: null }, events: events('network') },
    { name: 'a purpose but a blank country', input: { country: '  ', purpose: 'tourism' }, events: events('network') },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe(STATE[expected(world).screen]);
      expect({ facts: s.context.facts, changeType: s.context.changeType }).toEqual({ facts: null, changeType: false });
    },
    step: ({ after, world }) => {
      const want = expected(world);
      expect(after.value, 'the screen').toBe(STATE[want.screen]);
      expect(after.context.changeType, "'Change visa type'").toBe(want.dsByHand);
      expect(after.hasTag('busy')).toBe(want.screen === 'loading');
    },
    states: {
      loading: (_s, world) => {
        // The server is asked about the stored choice, trimmed.
        expect(lastHeld(world, 'fetchEligibility')?.input).toEqual({ country: world.input.country.trim(), purpose: world.input.purpose });
      },
      ready: (s, world) => {
        const want = expected(world);
        expect(want.answer?.status).toBe(200);
        expect(s.context.facts).toEqual(want.answer?.response);
        expect(chosenType(s.context)).toBe(want.type);
      },
      failed: (s, world) => {
        // Either the connection was lost, or the server refused the choice (an unknown country).
        const held = lastHeld(world, 'fetchEligibility');
        const answer = lastCall(world, 'GET', '/api/eligibility');
        expect(held?.verdict === 'dropped' || (answer !== undefined && answer.status >= 400)).toBe(true);
        expect(s.context.facts).toBeNull();
      },
      missingChoice: (_s, world) => {
        expect(world.held).toEqual([]);
      },
      applying: (s, world) => {
        const { type } = expected(world);
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
