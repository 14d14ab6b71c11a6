import { assign, emit, fromPromise, setup } from 'xstate';
import { storedStartChoice } from './domain/storageKeys';
import { navigate, type WorldEffect } from './effects';
import type { Language } from './domain/language';
import type { EligibilityDto as Eligibility } from '../openapi/schemas/eligibility';
import type { Purpose, VisaType } from './domain/visaRules';
import { choiceGuards, choiceUpdates, restoredChoice, type StartChoice, type StartChoiceEvent } from './startChoice';

export interface VisaWizardInput {
  language: Language;
  country?: string | null;
  purpose?: string | null;
  /** A reload (or a history entry) on step 2 or 3 comes back there, once the server has answered again. */
  resumeAt?: 'recommended' | 'choosingMethod' | null;
}

export interface VisaWizardContext extends StartChoice {
  language: Language;
  /** The server's answer for the chosen country and purpose: the recommendation and its facts. */
  facts: Eligibility | null;
  method: 'form' | 'chat' | null;
  resumeAt: 'recommended' | 'choosingMethod' | null;
}

export type VisaWizardEvent =
  | StartChoiceEvent
  | { type: 'CONTINUE' }
  | { type: 'RETRY' }
  | { type: 'START' }
  | { type: 'BACK' }
  | { type: 'METHOD.FORM' }
  | { type: 'METHOD.CHAT' };

/** The recommended visa or ESTA, once the server has answered (none for a U.S. citizen). */
export function recommendationOf(context: Pick<VisaWizardContext, 'facts'>): VisaType | null {
  const type = context.facts?.visaType;
  return type === 'ESTA' || type === 'DS-160' ? type : null;
}

/** Spec 3-ai §2.1 step 3: where each application method leads. */
export function methodTarget(method: 'form' | 'chat', context: VisaWizardContext): string {
  const type = recommendationOf(context) ?? 'DS-160';
  if (method === 'form') return type === 'ESTA' ? '/apply/esta-wizard' : '/ds160-wizard';
  const query = new URLSearchParams({
    lang: context.language,
    country: context.country ?? '',
    purpose: context.purpose ?? '',
    visaType: type,
  });
  return `/ai-chat-sections?${query.toString()}`;
}

/** The choice as this tab keeps it (a reload, and the forms it leads to), with the recommendation once there is one. */
const persist = 'keepChoice' as const;

/** /visa-wizard: country and purpose, the server's recommendation, then the application method. */
export const visaWizardMachine = setup({
  types: {
    input: {} as VisaWizardInput,
    context: {} as VisaWizardContext,
    events: {} as VisaWizardEvent,
    emitted: {} as WorldEffect,
  },
  actors: {
    /** GET /api/eligibility; provided by the page (and by path tests, through the real server). */
    fetchEligibility: fromPromise<Eligibility, { country: string; purpose: Purpose }>(async () => {
      throw new Error('fetchEligibility is provided by the caller');
    }),
  },
  actions: {
    keepChoice: emit(({ context }) => {
      const visaType = recommendationOf(context);
      return storedStartChoice({ country: context.country, purpose: context.purpose, ...(visaType ? { visaType } : {}) });
    }),
  },
  guards: {
    ...choiceGuards,
    needsNoDocument: (_, params: { facts: Eligibility }) => params.facts.visaType === 'NONE',
    resumesAtMethod: ({ context }) => context.resumeAt === 'choosingMethod',
    isResuming: ({ context }) => context.resumeAt !== null && context.country !== null && context.purpose !== null,
  },
}).createMachine({
  id: 'visaWizard',
  context: ({ input }) => ({
    ...restoredChoice(input.country, input.purpose),
    language: input.language,
    facts: null,
    method: null,
    resumeAt: input.resumeAt ?? null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isResuming', target: 'recommending' }, { target: 'choosing' }],
    },
    choosing: {
      tags: ['step1'],
      // A recommendation belongs to the choice it was made for; a changed choice asks again.
      entry: assign({ facts: null }),
      on: {
        'QUERY.CHANGE': { actions: assign({ query: choiceUpdates.query }) },
        'COUNTRY.SELECT': { guard: 'isKnownCountry', actions: [assign({ country: choiceUpdates.country, query: '' }), persist] },
        'COUNTRY.CLEAR': { actions: [assign({ country: null }), persist] },
        'PURPOSE.SELECT': { guard: 'isPurpose', actions: [assign({ purpose: choiceUpdates.purpose }), persist] },
        CONTINUE: { guard: 'hasCountryAndPurpose', target: 'recommending' },
      },
    },
    // Asked as step 1 is left (spec 3-ai §2.1), so step 2 shows the server's settled answer.
    recommending: {
      tags: ['step2', 'busy'],
      invoke: {
        id: 'fetchEligibility',
        src: 'fetchEligibility',
        input: ({ context }) => ({ country: context.country as string, purpose: context.purpose as Purpose }),
        onDone: [
          {
            guard: { type: 'needsNoDocument', params: ({ event }) => ({ facts: event.output }) },
            target: 'noDocumentNeeded',
            actions: assign({ facts: ({ event }) => event.output, resumeAt: null }),
          },
          {
            guard: 'resumesAtMethod',
            target: 'choosingMethod',
            actions: [assign({ facts: ({ event }) => event.output, resumeAt: null }), persist],
          },
          { target: 'recommended', actions: [assign({ facts: ({ event }) => event.output, resumeAt: null }), persist] },
        ],
        onError: { target: 'recommendFailed', actions: assign({ resumeAt: null }) },
      },
    },
    recommendFailed: {
      tags: ['step2'],
      on: { RETRY: 'recommending', BACK: 'choosing' },
    },
    // A U.S. citizen needs neither a visa nor an ESTA: step 2 says so, and there is nothing to apply for.
    noDocumentNeeded: {
      tags: ['step2'],
      on: { BACK: 'choosing' },
    },
    recommended: {
      tags: ['step2'],
      on: { START: 'choosingMethod', BACK: 'choosing' },
    },
    choosingMethod: {
      tags: ['step3'],
      on: {
        BACK: 'recommended',
        'METHOD.FORM': { target: 'done', actions: assign({ method: 'form' }) },
        'METHOD.CHAT': { target: 'done', actions: assign({ method: 'chat' }) },
      },
    },
    done: {
      type: 'final',
      // Leaving for the form or the chat: nothing on this page moves any more.
      tags: ['busy'],
      entry: emit(({ context }) => navigate(methodTarget(context.method ?? 'form', context))),
    },
  },
});
