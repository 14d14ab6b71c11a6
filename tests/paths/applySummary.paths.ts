import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { eligibilityCalls } from '../../client/api/actors/eligibility';
import { applySummaryMachine, type ApplySummaryContext } from '../../machines/applySummary.machine';
import type { EligibilityDto as Eligibility } from '../../openapi/schemas/eligibility';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';
import { modelEligibility } from './startChoice';

/** APPLY NOW applies for the type the facts on screen describe. */
const chosenType = (context: ApplySummaryContext) => context.facts?.visaType ?? null;

type Screen = 'missing' | 'loading' | 'failed' | 'noDocument' | 'ready' | 'applied' | 'back';

const answerOf = (world: World, i: number) => world.calls.filter((c) => c.path.startsWith('/api/eligibility'))[i];

/**
 * /apply/summary as the spec states it (3-ai §2.3), replayed from the path's events and the server's answers:
 * the facts always describe the type shown, so switching to DS-160 asks the server for its facts.
 */
function expected(world: World) {
  const chosen = Boolean(world.input.country?.trim() && world.input.purpose);
  let screen: Screen = chosen ? 'loading' : 'missing';
  let dsByHand = false;
  let forGroup = false;
  let facts: Eligibility | null = null;
  let answers = 0;
  for (const { type } of world.events) {
    if (screen === 'loading' && type === 'xstate.done.actor.fetchEligibility') {
      facts = answerOf(world, answers)?.response as Eligibility;
      answers += 1;
      screen = facts.visaType === 'NONE' ? 'noDocument' : 'ready';
    } else if (screen === 'loading' && type === 'xstate.error.actor.fetchEligibility') {
      answers += lastHeld(world, 'fetchEligibility')?.verdict === 'sent' ? 1 : 0;
      screen = 'failed';
    } else if (screen === 'failed' && type === 'RETRY') screen = 'loading';
    // Only an ESTA recommendation can be swapped for a DS-160.
    else if (screen === 'ready' && type === 'TYPE.TOGGLE' && facts?.recommended === 'ESTA') {
      dsByHand = !dsByHand;
      screen = 'loading';
    } else if (screen === 'ready' && (type === 'APPLY' || type === 'APPLY.GROUP')) {
      screen = 'applied';
      forGroup = type === 'APPLY.GROUP';
    }
    else if (screen !== 'loading' && type === 'BACK') screen = 'back';
    if (screen === 'applied' || screen === 'back') break;
  }
  return { screen, dsByHand, facts, forGroup };
}

const STATE: Record<Screen, string> = {
  missing: 'missingChoice',
  loading: 'loading',
  failed: 'failed',
  noDocument: 'noDocumentNeeded',
  ready: 'ready',
  applied: 'applying',
  back: 'backToStart',
};

/** What the screen offers in each state: its buttons, and while loading, each outcome of the call. */
const events =
  (failure: 'network' | 'server') =>
  (s: Snap): AnyEventObject[] => {
    if (s.matches('loading')) {
      const c = s.context;
      const output = modelEligibility({ ...c, ...(c.changeType ? { visaType: 'DS-160' as const } : {}) });
      return [
        { type: 'xstate.done.actor.fetchEligibility', output },
        { type: 'xstate.error.actor.fetchEligibility', error: failure },
      ];
    }
    if (s.matches('ready')) return [{ type: 'TYPE.TOGGLE' }, { type: 'APPLY' }, { type: 'APPLY.GROUP' }, { type: 'BACK' }];
    if (s.matches('failed')) return [{ type: 'RETRY' }, { type: 'BACK' }];
    return [{ type: 'BACK' }, { type: 'APPLY' }, { type: 'APPLY.GROUP' }, { type: 'TYPE.TOGGLE' }];
  };

export const applySummaryPaths: PathModel = {
  machine: applySummaryMachine,
  budget: 60,
  calls: eligibilityCalls,
  abstraction: (s) => ({ value: s.value, changeType: s.context.changeType, facts: s.context.facts?.visaType ?? null }),
  // A family applies from either recommendation: the ESTA wizard or the ten-section form opens ready to add them.
  required: [
    { name: 'an ESTA family', case: 'Spain and tourism (ESTA)', through: [(event) => event.type === 'APPLY.GROUP'] },
    { name: 'a DS-160 family', case: 'Mexico and business (DS-160)', through: [(event) => event.type === 'APPLY.GROUP'] },
  ],
  cases: [
    { name: 'Spain and tourism (ESTA)', input: { country: 'Spain', purpose: 'tourism' }, events: events('network') },
    { name: 'Mexico and business (DS-160)', input: { country: 'Mexico', purpose: 'business' }, events: events('network') },
    { name: 'a U.S. citizen', input: { country: 'United States', purpose: 'tourism' }, events: events('network') },
    {
      name: 'two citizenships, the second the more favourable',
      input: { country: 'Mexico', purpose: 'tourism', otherCountry: 'Spain' },
      events: events('network'),
    },
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
      // Waiting for the server, or leaving the page: nothing moves.
      expect(after.hasTag('busy')).toBe(want.screen === 'loading' || want.screen === 'applied' || want.screen === 'back');
    },
    states: {
      loading: (s, world) => {
        // The server is asked about the stored choice (trimmed), the second citizenship, and DS-160 when switched.
        expect(lastHeld(world, 'fetchEligibility')?.input).toEqual({
          country: world.input.country.trim(),
          purpose: world.input.purpose,
          ...(world.input.otherCountry ? { otherCountry: world.input.otherCountry } : {}),
          ...(s.context.changeType ? { visaType: 'DS-160' } : {}),
        });
      },
      ready: (s, world) => {
        const answer = lastCall(world, 'GET', '/api/eligibility');
        expect(answer?.status).toBe(200);
        expect(s.context.facts).toEqual(answer?.response);
        // The badge, the stay, the fees and the requirements all describe the type APPLY NOW applies for.
        expect(chosenType(s.context)).toBe(expected(world).dsByHand ? 'DS-160' : (answer?.response as Eligibility).recommended);
        expect(s.can({ type: 'TYPE.TOGGLE' })).toBe((answer?.response as Eligibility).recommended === 'ESTA');
      },
      noDocumentNeeded: (s, world) => {
        expect(lastCall(world, 'GET', '/api/eligibility')?.response).toMatchObject({ visaType: 'NONE' });
        expect(s.can({ type: 'APPLY' })).toBe(false);
      },
      failed: (s, world) => {
        expect(s.can({ type: 'RETRY' }) && s.can({ type: 'BACK' })).toBe(true);
        // Either the connection was lost, or the server refused the choice (an unknown country).
        const held = lastHeld(world, 'fetchEligibility');
        const answer = lastCall(world, 'GET', '/api/eligibility');
        expect(held?.verdict === 'dropped' || (answer !== undefined && answer.status >= 400)).toBe(true);
      },
      missingChoice: (s, world) => {
        expect(world.held).toEqual([]);
        expect(s.can({ type: 'BACK' })).toBe(true);
      },
      applying: (s, world) => {
        const { facts, forGroup } = expected(world);
        const type = facts?.visaType;
        // A family or group opens the form that has the group panel, asking it to add travellers.
        const to = forGroup ? (type === 'ESTA' ? '/apply/esta-wizard?add-traveller=1' : '/ds160-wizard?add-traveller=1') : type === 'ESTA' ? '/apply/esta-wizard' : '/apply/wizard';
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual([to]);
        expect(effectsOf(world, 'store').map((e) => e.params)).toEqual([{ type: 'store', area: 'session', values: { 'apply-visa-type': type } }]);
        expect(s.hasTag('busy')).toBe(true);
      },
      backToStart: (s, world) => {
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual(['/apply']);
        expect(effectsOf(world, 'store')).toEqual([]);
      },
    },
  },
};
