import { assign, fromPromise, setup } from 'xstate';
import { isPurpose, type Eligibility, type Purpose, type VisaType } from './domain/visaRules';

/** What the summary shows: the server's eligibility answer (GET /api/eligibility). */
export type SummaryFacts = Eligibility;

export interface ApplySummaryInput {
  country: string | null;
  purpose: string | null;
}

export interface ApplySummaryContext {
  country: string | null;
  purpose: Purpose | null;
  facts: SummaryFacts | null;
  /** The 'Change visa type' switch: on means the applicant picks DS-160 by hand. */
  changeType: boolean;
}

export type ApplySummaryEvent = { type: 'TYPE.TOGGLE' } | { type: 'APPLY' } | { type: 'BACK' } | { type: 'RETRY' };

export interface ApplySummaryOutput {
  to: string;
}

export function chosenType(context: ApplySummaryContext): VisaType {
  if (context.changeType) return 'DS-160';
  return context.facts?.visaType ?? 'DS-160';
}

/** APPLY NOW's routing (spec 3-ai §2.3). */
export function applyTarget(type: VisaType): string {
  return type === 'ESTA' ? '/apply/esta-wizard' : '/apply/wizard';
}

/** /apply/summary: loads the facts for the stored choice, lets the applicant switch to DS-160, then applies. */
export const applySummaryMachine = setup({
  types: {
    input: {} as ApplySummaryInput,
    context: {} as ApplySummaryContext,
    events: {} as ApplySummaryEvent,
    output: {} as ApplySummaryOutput,
  },
  actors: {
    /** GET /api/eligibility; provided by the client (and by path tests, through the real server). */
    fetchEligibility: fromPromise<SummaryFacts, { country: string; purpose: Purpose }>(async () => {
      throw new Error('fetchEligibility is provided by the caller');
    }),
  },
  actions: {
    /** Writes apply-visa-type; provided by the client. */
    persistVisaType: (_: unknown, _params: { visaType: VisaType }) => {},
  },
  guards: {
    hasChoice: ({ context }) => context.country !== null && context.purpose !== null,
  },
}).createMachine({
  id: 'applySummary',
  context: ({ input }) => ({
    country: input.country?.trim() || null,
    purpose: isPurpose(input.purpose) ? input.purpose : null,
    facts: null,
    changeType: false,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasChoice', target: 'loading' }, { target: 'missingChoice' }],
    },
    // Reached by opening /apply/summary without going through /apply first.
    missingChoice: {
      on: { BACK: 'backToStart' },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchEligibility',
        src: 'fetchEligibility',
        input: ({ context }) => ({ country: context.country as string, purpose: context.purpose as Purpose }),
        onDone: { target: 'ready', actions: assign({ facts: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'loading', BACK: 'backToStart' },
    },
    ready: {
      on: {
        'TYPE.TOGGLE': { actions: assign({ changeType: ({ context }) => !context.changeType }) },
        APPLY: {
          target: 'applying',
          actions: { type: 'persistVisaType', params: ({ context }) => ({ visaType: chosenType(context) }) },
        },
        BACK: 'backToStart',
      },
    },
    applying: {
      type: 'final',
      output: ({ context }) => ({ to: applyTarget(chosenType(context)) }),
    },
    backToStart: { type: 'final', output: { to: '/apply' } },
  },
  output: ({ event }) => event.output as ApplySummaryOutput,
});
