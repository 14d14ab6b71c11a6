import { assign, emit, fromPromise, setup } from 'xstate';
import { ROUTES } from './domain/routes';
import { storedStartChoice } from './domain/storageKeys';
import { navigate, type WorldEffect } from './effects';
import type { EligibilityDto } from '../openapi/schemas/eligibility';
import { addTravellerPath } from './domain/groupPaths';
import { isPurpose, type Purpose, type VisaType } from './domain/visaRules';

/** What the summary shows: the server's eligibility answer (GET /api/eligibility) for the type shown. */
/** The server's facts for the choice, with the price of the service they lead to. */
export type SummaryFacts = EligibilityDto;

export interface ApplySummaryInput {
  country: string | null;
  purpose: string | null;
  /** The second citizenship, when the applicant has one: the server recommends on the more favourable. */
  otherCountry?: string | null;
}

export interface ApplySummaryContext {
  country: string | null;
  purpose: Purpose | null;
  otherCountry: string | null;
  /** The facts of the type shown: the recommendation, or DS-160 when the applicant switched by hand. */
  facts: SummaryFacts | null;
  /** The 'Change visa type' switch: on means the applicant picks DS-160 by hand. */
  changeType: boolean;
  /** 'Apply for a family or group': the applicant's form opens with its group panel ready to add travellers. */
  forGroup: boolean;
}

export interface EligibilityRequest {
  country: string;
  purpose: Purpose;
  otherCountry?: string;
  visaType?: 'DS-160';
}

export type ApplySummaryEvent = { type: 'TYPE.TOGGLE' } | { type: 'APPLY' } | { type: 'APPLY.GROUP' } | { type: 'BACK' } | { type: 'RETRY' };

/** The type APPLY NOW applies for: the one the facts on screen describe. */
export function chosenType(context: Pick<ApplySummaryContext, 'facts'>): VisaType | null {
  const type = context.facts?.visaType;
  return type === 'ESTA' || type === 'DS-160' ? type : null;
}

/**
 * APPLY NOW's routing (spec 3-ai §2.3). A family or group (issue 36) fills its forms where the group panel is: the
 * ESTA wizard, or the ten-section DS-160 form.
 */
export function applyTarget(type: VisaType, forGroup = false): string {
  if (forGroup) return addTravellerPath(type === 'ESTA' ? 'ESTA' : 'DS-160', null);
  return type === 'ESTA' ? ROUTES.applyEstaWizard : ROUTES.applyWizard;
}

function request(context: ApplySummaryContext): EligibilityRequest {
  return {
    country: context.country as string,
    purpose: context.purpose as Purpose,
    ...(context.otherCountry ? { otherCountry: context.otherCountry } : {}),
    ...(context.changeType ? { visaType: 'DS-160' as const } : {}),
  };
}

/** /apply/summary: loads the facts for the stored choice, lets the applicant switch to DS-160, then applies. */
export const applySummaryMachine = setup({
  types: {
    input: {} as ApplySummaryInput,
    context: {} as ApplySummaryContext,
    events: {} as ApplySummaryEvent,
    emitted: {} as WorldEffect,
  },
  actors: {
    /** GET /api/eligibility; provided by the client (and by path tests, through the real server). */
    fetchEligibility: fromPromise<SummaryFacts, EligibilityRequest>(async () => {
      throw new Error('fetchEligibility is provided by the caller');
    }),
  },
  actions: {
    /** The type applied for, kept in the tab beside the choice (spec 1-core §9). */
    keepType: emit(({ context }) => storedStartChoice({ visaType: chosenType(context) as VisaType })),
  },
  guards: {
    hasChoice: ({ context }) => context.country !== null && context.purpose !== null,
    /** Only an ESTA recommendation can be swapped for a DS-160; a DS-160 one already is. */
    canChangeType: ({ context }) => context.facts?.recommended === 'ESTA',
    needsNoDocument: (_, params: { facts: SummaryFacts }) => params.facts.visaType === 'NONE',
  },
}).createMachine({
  id: 'applySummary',
  context: ({ input }) => ({
    country: input.country?.trim() || null,
    purpose: isPurpose(input.purpose) ? input.purpose : null,
    otherCountry: input.otherCountry?.trim() || null,
    facts: null,
    changeType: false,
    forGroup: false,
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
        input: ({ context }) => request(context),
        onDone: [
          {
            guard: { type: 'needsNoDocument', params: ({ event }) => ({ facts: event.output }) },
            target: 'noDocumentNeeded',
            actions: assign({ facts: ({ event }) => event.output }),
          },
          { target: 'ready', actions: assign({ facts: ({ event }) => event.output }) },
        ],
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'loading', BACK: 'backToStart' },
    },
    // A U.S. citizen needs neither a visa nor an ESTA: nothing to apply for.
    noDocumentNeeded: {
      on: { BACK: 'backToStart' },
    },
    ready: {
      on: {
        // The facts follow the type: switching asks the server for that type's stay, fees and requirements.
        'TYPE.TOGGLE': { guard: 'canChangeType', target: 'loading', actions: assign({ changeType: ({ context }) => !context.changeType }) },
        APPLY: { target: 'applying', actions: 'keepType' },
        'APPLY.GROUP': { target: 'applying', actions: [assign({ forGroup: true }), 'keepType'] },
        BACK: 'backToStart',
      },
    },
    applying: {
      type: 'final',
      tags: ['busy'],
      entry: emit(({ context }) => navigate(applyTarget(chosenType(context) as VisaType, context.forGroup))),
    },
    backToStart: { type: 'final', tags: ['busy'], entry: emit(navigate(ROUTES.apply)) },
  },
});
