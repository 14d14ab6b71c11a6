import { assign, emit, fromPromise, setup } from 'xstate';
import { navigate, type WorldEffect } from './effects';
import type { AnalysisDto, EstaCheckDto } from '../openapi/schemas/results';
import { ROUTES } from './domain/routes';

/** Both answers of the results page; either is null when the server could not give it. */
export interface ResultsData {
  analysis: AnalysisDto | null;
  esta: EstaCheckDto | null;
}

export interface ResultsContext extends ResultsData {}

export type ResultsEvent = { type: 'PRINT' } | { type: 'START_NEW' } | { type: 'RETRY' };

/**
 * /results (spec 1-core §2.7): the analysis of this applicant's newest pre-assessment and the ESTA check,
 * asked together. With no pre-assessment there is nothing to analyse, and the page says so and offers /wizard.
 */
export const resultsMachine = setup({
  types: { context: {} as ResultsContext, events: {} as ResultsEvent, emitted: {} as WorldEffect },
  actors: {
    /** GET /api/wizard/analysis and GET /api/esta/check; provided by the client. */
    fetchResults: fromPromise<ResultsData>(async () => {
      throw new Error('fetchResults is provided by the caller');
    }),
  },
  actions: {
    /** 'Download Summary' prints the page. */
    print: emit({ type: 'print' }),
  },
  guards: {
    hasAnalysis: (_, params: { data: ResultsData }) => params.data.analysis !== null,
  },
}).createMachine({
  id: 'results',
  context: { analysis: null, esta: null },
  initial: 'loading',
  on: { START_NEW: '.startingNew' },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchResults',
        src: 'fetchResults',
        onDone: [
          { guard: { type: 'hasAnalysis', params: ({ event }) => ({ data: event.output }) }, target: 'ready', actions: assign(({ event }) => event.output) },
          { target: 'noData' },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    noData: {},
    ready: { on: { PRINT: { actions: 'print' } } },
    startingNew: { type: 'final', tags: ['busy'], entry: emit(navigate(ROUTES.wizard)) },
  },
});
