import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { eligibilityCalls } from '../../client/api/actors/eligibility';
import type { Eligibility } from '../../machines/domain/visaRules';
import { visaWizardMachine } from '../../machines/visaWizard.machine';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';
import { applyChoice, CHOICE_EVENTS, initialChoice, isComplete, type Choice } from './startChoice';

type Step = 'choosing' | 'loading' | 'failed' | 'recommended' | 'method' | 'done';

/** /visa-wizard as the spec states it (3-ai §2.1): three steps, Back one step at a time, the server's recommendation. */
function expected(world: World) {
  let choice: Choice = initialChoice(world.input);
  let step: Step = 'choosing';
  let method: 'form' | 'chat' | null = null;
  for (const event of world.events) {
    choice = step === 'choosing' ? applyChoice(choice, event).choice : choice;
    const type = event.type;
    if (step === 'choosing' && type === 'CONTINUE' && isComplete(choice)) step = 'loading';
    else if (step === 'loading' && type === 'xstate.done.actor.fetchEligibility') step = 'recommended';
    else if (step === 'loading' && type === 'xstate.error.actor.fetchEligibility') step = 'failed';
    else if (step === 'failed' && type === 'RETRY') step = 'loading';
    else if ((step === 'failed' || step === 'recommended') && type === 'BACK') step = 'choosing';
    else if (step === 'recommended' && type === 'START') step = 'method';
    else if (step === 'method' && type === 'BACK') step = 'recommended';
    else if (step === 'method' && (type === 'METHOD.FORM' || type === 'METHOD.CHAT')) {
      step = 'done';
      method = type === 'METHOD.FORM' ? 'form' : 'chat';
    }
  }
  return { choice, step, method };
}

const TAGS: Record<Step, string | null> = { choosing: 'step1', loading: 'step2', failed: 'step2', recommended: 'step2', method: 'step3', done: null };

/** Where each application method leads for the server's recommendation (spec 3-ai §2.1 step 3). */
function destination(method: 'form' | 'chat', facts: Eligibility, choice: Choice, language: string): string {
  if (method === 'form') return facts.visaType === 'ESTA' ? '/apply/esta-wizard' : '/ds160-wizard';
  const query = new URLSearchParams({ lang: language, country: choice.country ?? '', purpose: choice.purpose ?? '', visaType: facts.visaType });
  return `/ai-chat-sections?${query.toString()}`;
}

/** What each step of the page offers: step 1 the choice, step 2 Start and Back (or Try again), step 3 the methods. */
function events(snapshot: Snap): AnyEventObject[] {
  if (snapshot.matches('choosing')) return [...CHOICE_EVENTS, { type: 'CONTINUE' }];
  if (snapshot.matches('recommending')) {
    return [
      { type: 'xstate.done.actor.fetchEligibility', output: {} },
      { type: 'xstate.error.actor.fetchEligibility', error: 'network' },
    ];
  }
  if (snapshot.matches('recommendFailed')) return [{ type: 'RETRY' }, { type: 'BACK' }];
  if (snapshot.matches('recommended')) return [{ type: 'START' }, { type: 'BACK' }];
  return [{ type: 'BACK' }, { type: 'METHOD.FORM' }, { type: 'METHOD.CHAT' }];
}

export const visaWizardPaths: PathModel = {
  machine: visaWizardMachine,
  budget: 40,
  calls: eligibilityCalls,
  effects: ['persistChoice'],
  abstraction: (s) => ({ value: s.value, ...s.context, facts: s.context.facts !== null }),
  cases: [
    { name: 'Spanish interface', input: { language: 'es' }, events },
    {
      name: 'a choice kept from /apply',
      input: { language: 'fr', country: 'Mexico', purpose: 'business' },
      events: (s) => events(s).filter((e) => !e.type.startsWith('COUNTRY') && !e.type.startsWith('PURPOSE') && !e.type.startsWith('QUERY')),
    },
  ],
  oracle: {
    initial: (s, world) => {
      const { query, country, purpose } = s.context;
      expect({ query, country, purpose }).toEqual(initialChoice(world.input));
      expect({ facts: s.context.facts, language: s.context.language }).toEqual({ facts: null, language: world.input.language });
      expect(s.hasTag('step1')).toBe(true);
      expect(world.held).toEqual([]);
    },
    step: ({ after, world }) => {
      const want = expected(world);
      const { query, country, purpose } = after.context;
      expect({ query, country, purpose }).toEqual(want.choice);
      const tag = TAGS[want.step];
      for (const t of ['step1', 'step2', 'step3']) expect(after.hasTag(t), `${t} (expected ${want.step})`).toBe(t === tag);
      expect(after.hasTag('busy'), 'waiting for the server').toBe(want.step === 'loading');
      if (want.step !== 'done') expect(after.status).toBe('active');
    },
    states: {
      recommending: (_s, world) => {
        // The server is asked about exactly what the applicant chose.
        const want = expected(world);
        expect(lastHeld(world, 'fetchEligibility')?.input).toEqual({ country: want.choice.country, purpose: want.choice.purpose });
      },
      recommended: (s, world) => {
        const answer = lastCall(world, 'GET', '/api/eligibility');
        expect(answer?.status).toBe(200);
        expect(s.context.facts).toEqual(answer?.response);
      },
      recommendFailed: (s, world) => {
        expect(s.can({ type: 'RETRY' }) && s.can({ type: 'BACK' })).toBe(true);
        expect(lastHeld(world, 'fetchEligibility')?.verdict).toBe('dropped');
        expect(s.context.facts === null || lastCall(world, 'GET', '/api/eligibility') !== undefined).toBe(true);
      },
      done: (s, world) => {
        const want = expected(world);
        const facts = lastCall(world, 'GET', '/api/eligibility')?.response as Eligibility;
        expect(s.output).toEqual({ to: destination(want.method as 'form' | 'chat', facts, want.choice, world.input.language) });
        // The wizards it leads to start from the same choice and the server's recommendation.
        expect(effectsOf(world, 'persistChoice').map((e) => e.params)).toEqual([
          { country: want.choice.country, purpose: want.choice.purpose, visaType: facts.visaType },
        ]);
      },
    },
  },
};
