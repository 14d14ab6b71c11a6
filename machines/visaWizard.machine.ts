import { assign, fromPromise, setup } from 'xstate';
import type { Language } from './domain/language';
import type { Eligibility, Purpose, VisaType } from './domain/visaRules';
import { choiceGuards, choiceUpdates, restoredChoice, type StartChoice, type StartChoiceEvent } from './startChoice';

export interface VisaWizardInput {
  language: Language;
  country?: string | null;
  purpose?: string | null;
}

export interface VisaWizardContext extends StartChoice {
  language: Language;
  /** The server's answer for the chosen country and purpose: the recommendation and its facts. */
  facts: Eligibility | null;
  method: 'form' | 'chat' | null;
}

export type VisaWizardEvent =
  | StartChoiceEvent
  | { type: 'CONTINUE' }
  | { type: 'RETRY' }
  | { type: 'START' }
  | { type: 'BACK' }
  | { type: 'METHOD.FORM' }
  | { type: 'METHOD.CHAT' };

export interface VisaWizardOutput {
  to: string;
}

/** The recommended travel document, once the server has answered. */
export const recommendationOf = (context: Pick<VisaWizardContext, 'facts'>): VisaType | null => context.facts?.visaType ?? null;

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

function persisted(context: VisaWizardContext) {
  return {
    country: context.country as string,
    purpose: context.purpose as Purpose,
    visaType: recommendationOf(context) as VisaType,
  };
}

/** /visa-wizard: country and purpose, the server's recommendation, then the application method. */
export const visaWizardMachine = setup({
  types: {
    input: {} as VisaWizardInput,
    context: {} as VisaWizardContext,
    events: {} as VisaWizardEvent,
    output: {} as VisaWizardOutput,
  },
  actors: {
    /** GET /api/eligibility; provided by the page (and by path tests, through the real server). */
    fetchEligibility: fromPromise<Eligibility, { country: string; purpose: Purpose }>(async () => {
      throw new Error('fetchEligibility is provided by the caller');
    }),
  },
  actions: {
    /** Keeps the choice in session storage for the wizards; provided by the client. */
    persistChoice: (_: unknown, _params: { country: string; purpose: Purpose; visaType: VisaType }) => {},
  },
  guards: choiceGuards,
}).createMachine({
  id: 'visaWizard',
  context: ({ input }) => ({
    ...restoredChoice(input.country, input.purpose),
    language: input.language,
    facts: null,
    method: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      tags: ['step1'],
      on: {
        'QUERY.CHANGE': { actions: assign({ query: choiceUpdates.query }) },
        'COUNTRY.SELECT': { guard: 'isKnownCountry', actions: assign({ country: choiceUpdates.country, query: '' }) },
        'COUNTRY.CLEAR': { actions: assign({ country: null }) },
        'PURPOSE.SELECT': { guard: 'isPurpose', actions: assign({ purpose: choiceUpdates.purpose }) },
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
        onDone: { target: 'recommended', actions: assign({ facts: ({ event }) => event.output }) },
        onError: 'recommendFailed',
      },
    },
    recommendFailed: {
      tags: ['step2'],
      on: { RETRY: 'recommending', BACK: 'choosing' },
    },
    recommended: {
      tags: ['step2'],
      on: { START: 'choosingMethod', BACK: 'choosing' },
    },
    choosingMethod: {
      tags: ['step3'],
      on: {
        BACK: 'recommended',
        'METHOD.FORM': { target: 'done', actions: [assign({ method: 'form' }), { type: 'persistChoice', params: ({ context }) => persisted(context) }] },
        'METHOD.CHAT': { target: 'done', actions: [assign({ method: 'chat' }), { type: 'persistChoice', params: ({ context }) => persisted(context) }] },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ to: methodTarget(context.method ?? 'form', context) }),
});
