import { assign, setup } from 'xstate';
import type { Purpose } from './domain/visaRules';
import { choiceGuards, choiceUpdates, restoredChoice, type StartChoice, type StartChoiceEvent } from './startChoice';

export interface ApplyStartInput {
  country?: string | null;
  purpose?: string | null;
  multipleCitizenship?: boolean;
}

export interface ApplyStartContext extends StartChoice {
  multipleCitizenship: boolean;
}

export type ApplyStartEvent =
  | StartChoiceEvent
  | { type: 'MULTIPLE_CITIZENSHIP.TOGGLE' }
  | { type: 'CONTINUE' }
  | { type: 'HOME' };

export interface ApplyStartOutput {
  to: string;
}

export interface PersistedStart {
  country: string | null;
  purpose: Purpose | null;
  multipleCitizenship: boolean;
}

function persisted(context: ApplyStartContext): PersistedStart {
  return { country: context.country, purpose: context.purpose, multipleCitizenship: context.multipleCitizenship };
}

/** /apply (spec 3-ai §2.2): country, multiple citizenship and purpose, kept in session storage as they change. */
export const applyStartMachine = setup({
  types: {
    input: {} as ApplyStartInput,
    context: {} as ApplyStartContext,
    events: {} as ApplyStartEvent,
    output: {} as ApplyStartOutput,
  },
  actions: {
    /** Writes apply-country, apply-purpose and apply-multiple-citizenship; provided by the client. */
    persistStart: (_: unknown, _params: PersistedStart) => {},
  },
  guards: choiceGuards,
}).createMachine({
  id: 'applyStart',
  context: ({ input }) => ({
    ...restoredChoice(input.country, input.purpose),
    multipleCitizenship: input.multipleCitizenship ?? false,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'QUERY.CHANGE': { actions: assign({ query: choiceUpdates.query }) },
        'COUNTRY.SELECT': {
          guard: 'isKnownCountry',
          actions: [assign({ country: choiceUpdates.country, query: '' }), { type: 'persistStart', params: ({ context }) => persisted(context) }],
        },
        'COUNTRY.CLEAR': { actions: [assign({ country: null }), { type: 'persistStart', params: ({ context }) => persisted(context) }] },
        'PURPOSE.SELECT': { guard: 'isPurpose', actions: [assign({ purpose: choiceUpdates.purpose }), { type: 'persistStart', params: ({ context }) => persisted(context) }] },
        'MULTIPLE_CITIZENSHIP.TOGGLE': {
          actions: [assign({ multipleCitizenship: ({ context }) => !context.multipleCitizenship }), { type: 'persistStart', params: ({ context }) => persisted(context) }],
        },
        CONTINUE: { guard: 'hasCountryAndPurpose', target: 'continued' },
        HOME: 'leftHome',
      },
    },
    continued: { type: 'final', output: { to: '/apply/summary' } },
    leftHome: { type: 'final', output: { to: '/' } },
  },
  // Each final state names where the applicant goes; the machine's output passes it on.
  output: ({ event }) => event.output as ApplyStartOutput,
});
