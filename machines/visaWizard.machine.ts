import { assign, setup } from 'xstate';
import type { Language } from './domain/language';
import { recommendVisa, type Purpose, type VisaType } from './domain/visaRules';
import { choiceGuards, choiceUpdates, restoredChoice, type StartChoice, type StartChoiceEvent } from './startChoice';

export interface VisaWizardInput {
  language: Language;
  country?: string | null;
  purpose?: string | null;
}

export interface VisaWizardContext extends StartChoice {
  language: Language;
  recommendation: VisaType | null;
  method: 'form' | 'chat' | null;
}

export type VisaWizardEvent =
  | StartChoiceEvent
  | { type: 'CONTINUE' }
  | { type: 'START' }
  | { type: 'BACK' }
  | { type: 'METHOD.FORM' }
  | { type: 'METHOD.CHAT' };

export interface VisaWizardOutput {
  to: string;
}

/** Spec 3-ai §2.1 step 3: where each application method leads. */
export function methodTarget(method: 'form' | 'chat', context: VisaWizardContext): string {
  const type = context.recommendation ?? 'DS-160';
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
    visaType: context.recommendation as VisaType,
  };
}

/** /visa-wizard: country and purpose, the recommendation, then the application method. */
export const visaWizardMachine = setup({
  types: {
    input: {} as VisaWizardInput,
    context: {} as VisaWizardContext,
    events: {} as VisaWizardEvent,
    output: {} as VisaWizardOutput,
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
    recommendation: null,
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
        CONTINUE: {
          guard: 'hasCountryAndPurpose',
          target: 'recommended',
          // Computed as step 1 is left (spec 3-ai §2.1), so step 2 shows a settled answer.
          actions: assign({
            recommendation: ({ context }) => recommendVisa(context.country as string, context.purpose as Purpose),
          }),
        },
      },
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
