import { assign, emit, setup } from 'xstate';
import { storedStartChoice } from './domain/storageKeys';
import { navigate, type WorldEffect } from './effects';
import { ROUTES } from './domain/routes';
import { findCountry } from './domain/countries';
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

/** The choice kept in the tab as it changes (spec 1-core §9): a reload keeps it, the summary reads it. */
const persist = 'keepChoice' as const;

/** /apply (spec 3-ai §2.2): country, multiple citizenship and purpose, kept in session storage as they change. */
export const applyStartMachine = setup({
  types: {
    input: {} as ApplyStartInput,
    context: {} as ApplyStartContext,
    events: {} as ApplyStartEvent,
    emitted: {} as WorldEffect,
  },
  actions: {
    keepChoice: emit(({ context }) =>
      storedStartChoice({
        country: context.country,
        purpose: context.purpose,
        multipleCitizenship: context.multipleCitizenship,
        otherCountry: context.multipleCitizenship ? context.otherCountry : null,
      }),
    ),
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
    // Each way out names where the applicant goes.
    continued: { type: 'final', tags: ['busy'], entry: emit(navigate(ROUTES.applySummary)) },
    leftHome: { type: 'final', tags: ['busy'], entry: emit(navigate(ROUTES.home)) },
  },
});
