import { assign, setup } from 'xstate';
import { findCountry } from './domain/countries';
import type { Purpose } from './domain/visaRules';
import { choiceGuards, choiceUpdates, restoredChoice, type StartChoice, type StartChoiceEvent } from './startChoice';

export interface ApplyStartInput {
  country?: string | null;
  purpose?: string | null;
  multipleCitizenship?: boolean;
  otherCountry?: string | null;
}

export interface ApplyStartContext extends StartChoice {
  multipleCitizenship: boolean;
  /** The second citizenship, asked when the applicant has more than one; the summary recommends on the better. */
  otherQuery: string;
  otherCountry: string | null;
}

export type ApplyStartEvent =
  | StartChoiceEvent
  | { type: 'MULTIPLE_CITIZENSHIP.TOGGLE' }
  | { type: 'OTHER.QUERY.CHANGE'; query: string }
  | { type: 'OTHER.COUNTRY.SELECT'; country: string }
  | { type: 'OTHER.COUNTRY.CLEAR' }
  | { type: 'CONTINUE' }
  | { type: 'HOME' };

export interface ApplyStartOutput {
  to: string;
}

export interface PersistedStart {
  country: string | null;
  purpose: Purpose | null;
  multipleCitizenship: boolean;
  otherCountry: string | null;
}

function persisted(context: ApplyStartContext): PersistedStart {
  return {
    country: context.country,
    purpose: context.purpose,
    multipleCitizenship: context.multipleCitizenship,
    otherCountry: context.multipleCitizenship ? context.otherCountry : null,
  };
}

const persist = { type: 'persistStart', params: ({ context }: { context: ApplyStartContext }) => persisted(context) } as const;

/** /apply (spec 3-ai §2.2): country, multiple citizenship and purpose, kept in session storage as they change. */
export const applyStartMachine = setup({
  types: {
    input: {} as ApplyStartInput,
    context: {} as ApplyStartContext,
    events: {} as ApplyStartEvent,
    output: {} as ApplyStartOutput,
  },
  actions: {
    /** Writes apply-country, apply-purpose, apply-multiple-citizenship and apply-other-country; provided by the client. */
    persistStart: (_: unknown, _params: PersistedStart) => {},
  },
  guards: {
    ...choiceGuards,
    isKnownOtherCountry: ({ event }) => event.type === 'OTHER.COUNTRY.SELECT' && findCountry(event.country) !== undefined,
    /** Country and purpose, and the second citizenship when the applicant said there is one. */
    isComplete: ({ context }) =>
      context.country !== null && context.purpose !== null && (!context.multipleCitizenship || context.otherCountry !== null),
  },
}).createMachine({
  id: 'applyStart',
  context: ({ input }) => ({
    ...restoredChoice(input.country, input.purpose),
    multipleCitizenship: input.multipleCitizenship ?? false,
    otherQuery: '',
    otherCountry: (input.multipleCitizenship && input.otherCountry && findCountry(input.otherCountry)?.name) || null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'QUERY.CHANGE': { actions: assign({ query: choiceUpdates.query }) },
        'COUNTRY.SELECT': { guard: 'isKnownCountry', actions: [assign({ country: choiceUpdates.country, query: '' }), persist] },
        'COUNTRY.CLEAR': { actions: [assign({ country: null }), persist] },
        'PURPOSE.SELECT': { guard: 'isPurpose', actions: [assign({ purpose: choiceUpdates.purpose }), persist] },
        'MULTIPLE_CITIZENSHIP.TOGGLE': {
          actions: [assign({ multipleCitizenship: ({ context }) => !context.multipleCitizenship }), persist],
        },
        'OTHER.QUERY.CHANGE': { actions: assign({ otherQuery: ({ event }) => event.query.slice(0, 100) }) },
        'OTHER.COUNTRY.SELECT': {
          guard: 'isKnownOtherCountry',
          actions: [assign({ otherCountry: ({ event }) => findCountry(event.country)?.name ?? null, otherQuery: '' }), persist],
        },
        'OTHER.COUNTRY.CLEAR': { actions: [assign({ otherCountry: null }), persist] },
        CONTINUE: { guard: 'isComplete', target: 'continued' },
        HOME: 'leftHome',
      },
    },
    continued: { type: 'final', output: { to: '/apply/summary' } },
    leftHome: { type: 'final', output: { to: '/' } },
  },
  // Each final state names where the applicant goes; the machine's output passes it on.
  output: ({ event }) => event.output as ApplyStartOutput,
});
