import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { eligibilityCalls } from '../../client/api/actors/eligibility';
import type { Eligibility } from '../../machines/domain/visaRules';
import { visaWizardMachine } from '../../machines/visaWizard.machine';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';
import { applyChoice, CHOICE_EVENTS, initialChoice, isComplete, modelEligibility, type Choice } from './startChoice';

type Screen = 'choosing' | 'loading' | 'failed' | 'noDocument' | 'recommended' | 'method' | 'done';

interface Saved {
  country: string | null;
  purpose: string | null;
  visaType: string | null;
}

/**
 * /visa-wizard as the spec states it (3-ai §2.1): three steps, Back one step at a time, the server's
 * recommendation (nothing to apply for when none is needed), a reload resuming on its step, and the choice kept
 * in session storage as it changes.
 */
function expected(world: World) {
  let choice: Choice = initialChoice(world.input);
  let resume: string | null = world.input.resumeAt ?? null;
  let screen: Screen = resume && isComplete(choice) ? 'loading' : 'choosing';
  let method: 'form' | 'chat' | null = null;
  const saves: Saved[] = [];
  let answers = 0;
  for (const event of world.events) {
    const type = event.type;
    if (screen === 'choosing') {
      const next = applyChoice(choice, event);
      choice = next.choice;
      if (next.changed) saves.push({ country: choice.country, purpose: choice.purpose, visaType: null });
      if (type === 'CONTINUE' && isComplete(choice)) screen = 'loading';
    } else if (screen === 'loading' && type === 'xstate.done.actor.fetchEligibility') {
      const facts = world.calls.filter((c) => c.path.startsWith('/api/eligibility'))[answers]?.response as Eligibility;
      answers += 1;
      if (facts.visaType === 'NONE') screen = 'noDocument';
      else {
        screen = resume === 'choosingMethod' ? 'method' : 'recommended';
        saves.push({ country: choice.country, purpose: choice.purpose, visaType: facts.visaType });
      }
      resume = null;
    } else if (screen === 'loading' && type === 'xstate.error.actor.fetchEligibility') {
      screen = 'failed';
      resume = null;
    } else if (screen === 'failed' && type === 'RETRY') screen = 'loading';
    else if ((screen === 'failed' || screen === 'recommended' || screen === 'noDocument') && type === 'BACK') screen = 'choosing';
    else if (screen === 'recommended' && type === 'START') screen = 'method';
    else if (screen === 'method' && type === 'BACK') screen = 'recommended';
    else if (screen === 'method' && (type === 'METHOD.FORM' || type === 'METHOD.CHAT')) {
      screen = 'done';
      method = type === 'METHOD.FORM' ? 'form' : 'chat';
    }
  }
  return { choice, screen, method, saves };
}

const TAGS: Record<Screen, string | null> = {
  choosing: 'step1',
  loading: 'step2',
  failed: 'step2',
  noDocument: 'step2',
  recommended: 'step2',
  method: 'step3',
  done: null,
};

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
      { type: 'xstate.done.actor.fetchEligibility', output: modelEligibility(snapshot.context) },
      { type: 'xstate.error.actor.fetchEligibility', error: 'network' },
    ];
  }
  if (snapshot.matches('recommendFailed')) return [{ type: 'RETRY' }, { type: 'BACK' }];
  if (snapshot.matches('noDocumentNeeded')) return [{ type: 'BACK' }, { type: 'START' }];
  if (snapshot.matches('recommended')) return [{ type: 'START' }, { type: 'BACK' }];
  return [{ type: 'BACK' }, { type: 'METHOD.FORM' }, { type: 'METHOD.CHAT' }];
}

const onlyMoves = (s: Snap) => events(s).filter((e) => !/^(COUNTRY|PURPOSE|QUERY)/.test(e.type));

export const visaWizardPaths: PathModel = {
  machine: visaWizardMachine,
  budget: 60,
  calls: eligibilityCalls,
  abstraction: (s) => ({ value: s.value, ...s.context, facts: s.context.facts?.visaType ?? null }),
  cases: [
    { name: 'Spanish interface', input: { language: 'es' }, events },
    { name: 'a choice kept from /apply', input: { language: 'fr', country: 'Mexico', purpose: 'business' }, events: onlyMoves },
    { name: 'a U.S. citizen', input: { language: 'en', country: 'United States', purpose: 'tourism' }, events: onlyMoves },
    { name: 'a reload on step 3', input: { language: 'pt', country: 'Spain', purpose: 'tourism', resumeAt: 'choosingMethod' }, events: onlyMoves },
    { name: 'a reload on step 2 without a choice', input: { language: 'en', resumeAt: 'recommended' }, events: onlyMoves },
  ],
  // What a person does after a failure, a reload or a change of mind, whatever the transition cover picks: the
  // failure clears the reload's step (the recommendation shows, not step 3), and what was recommended for one
  // choice does not lead the next.
  required: [
    {
      name: 'a reload on step 3, the recommendation lost, then Try again: step 2, not 3',
      case: 'a reload on step 3',
      through: [(e) => e.type === 'xstate.error.actor.fetchEligibility', (e) => e.type === 'RETRY', (e) => e.type === 'xstate.done.actor.fetchEligibility'],
    },
    {
      name: 'a recommendation, Back, another country, then the form: the new recommendation leads',
      case: 'Spanish interface',
      through: [
        (e) => e.type === 'xstate.done.actor.fetchEligibility',
        (e) => e.type === 'BACK',
        (e) => e.type === 'COUNTRY.SELECT' && e.country === 'Mexico',
        (e) => e.type === 'xstate.done.actor.fetchEligibility',
        (e) => e.type === 'METHOD.FORM',
      ],
    },
    {
      name: 'the recommendation lost, Back, then Continue again',
      case: 'a choice kept from /apply',
      through: [(e) => e.type === 'xstate.error.actor.fetchEligibility', (e) => e.type === 'BACK', (e) => e.type === 'CONTINUE', (e) => e.type === 'xstate.done.actor.fetchEligibility'],
    },
  ],
  // Each kind of event again once something is chosen, so a refused country has a choice to leave alone.
  variety: ({ before, event }) =>
    before.matches('choosing') && (before.context.country !== null || before.context.query !== '') ? JSON.stringify([event.type]) : null,
  oracle: {
    initial: (s, world) => {
      const { query, country, purpose } = s.context;
      expect({ query, country, purpose }).toEqual(initialChoice(world.input));
      expect({ facts: s.context.facts, language: s.context.language }).toEqual({ facts: null, language: world.input.language });
      const want = expected(world);
      expect(s.hasTag(TAGS[want.screen] as string)).toBe(true);
      expect(s.hasTag('busy')).toBe(want.screen === 'loading');
    },
    step: ({ after, world }) => {
      const want = expected(world);
      const { query, country, purpose } = after.context;
      expect({ query, country, purpose }).toEqual(want.choice);
      const tag = TAGS[want.screen];
      for (const t of ['step1', 'step2', 'step3']) expect(after.hasTag(t), `${t} (expected ${want.screen})`).toBe(t === tag);
      expect(after.hasTag('busy'), 'waiting for the server, or leaving').toBe(want.screen === 'loading' || want.screen === 'done');
      expect(after.status).toBe(want.screen === 'done' ? 'done' : 'active');
      // The choice is kept in the tab as it changes (a reload keeps it), with the recommendation once there is one.
      expect(effectsOf(world, 'store').map((e) => e.params)).toEqual(
        want.saves.map(({ country, purpose, visaType }) => ({
          type: 'store',
          area: 'session',
          values: { 'apply-country': country, 'apply-purpose': purpose, ...(visaType ? { 'apply-visa-type': visaType } : {}) },
        })),
      );
      // Only a chosen method leaves the page, once.
      expect(effectsOf(world, 'navigate')).toHaveLength(want.screen === 'done' ? 1 : 0);
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
      noDocumentNeeded: (s, world) => {
        expect(lastCall(world, 'GET', '/api/eligibility')?.response).toMatchObject({ visaType: 'NONE', recommended: 'NONE' });
        expect(s.can({ type: 'START' })).toBe(false);
        expect(s.can({ type: 'BACK' })).toBe(true);
      },
      recommendFailed: (s, world) => {
        expect(s.can({ type: 'RETRY' }) && s.can({ type: 'BACK' })).toBe(true);
        expect(lastHeld(world, 'fetchEligibility')?.verdict).toBe('dropped');
      },
      choosing: (s) => expect(s.context.facts).toBeNull(),
      done: (s, world) => {
        const want = expected(world);
        const facts = lastCall(world, 'GET', '/api/eligibility')?.response as Eligibility;
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual([destination(want.method as 'form' | 'chat', facts, want.choice, world.input.language)]);
        expect(s.hasTag('busy'), 'leaving: nothing moves').toBe(true);
      },
    },
  },
};
