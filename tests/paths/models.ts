import type { FastifyInstance } from 'fastify';
import { fromPromise, type AnyEventObject, type AnyStateMachine } from 'xstate';
import type { SummaryFacts } from '../../machines/applySummary.machine';
import type { Purpose } from '../../machines/domain/visaRules';
import { machines, type MachineName } from '../../machines/index';
import type { Script } from './script';
import { questionWizardModel } from './wizardModel';

export type AnySnapshotLike = { value?: unknown; context?: any; status?: string };

export interface PathCase {
  name: string;
  input?: unknown;
  /** Every event the traversal may send, with explicit payloads: valid ones and invalid ones (or, per snapshot, a function). */
  events: AnyEventObject[] | ((snapshot: AnySnapshotLike) => AnyEventObject[]);
  /** A case may set the server up differently (a session that already owns a lead). */
  sut?: (app: FastifyInstance, script: Script) => AnyStateMachine;
}

export interface PathModel {
  cases: PathCase[];
  /** The machine the system under test runs: real implementations, the server reached through app.inject. */
  sut: (app: FastifyInstance, script: Script) => AnyStateMachine;
  /** The path decides how the machine's actors finish (see Script); the server is not called. */
  scripted?: boolean;
  /**
   * One graph node per (snapshot, event) pair, so a shortest path reaches every transition, even those looping
   * back to a snapshot already seen. Machines with large state spaces keep it for some events only.
   */
  nodePerTransition?: boolean | ((event: { type: string }) => boolean);
  /**
   * For machines whose exact snapshots number in thousands: the shape of a path's last step. Only the first
   * (shortest) path of each shape runs, so every kind of move is tried from every kind of state, not every
   * combination of answers.
   */
  lastStepShape?: (from: AnySnapshotLike, event: { type: string }, to: AnySnapshotLike) => string;
  /** What makes two snapshots the same for the traversal; keeps it finite when context holds counters. */
  snapshotKey?: (snapshot: AnySnapshotLike) => string;
  /** Compare the whole context (deterministic machines) or only the state (server-fed ones). */
  compareContext: boolean;
  /** Compare the final output too (off where the server makes ids the model cannot know). */
  compareOutput?: boolean;
  /** Events the machine's own actors send (timers): replayed by advancing fake timers, not by sending. */
  selfEvents?: string[];
}

const START_EVENTS: AnyEventObject[] = [
  { type: 'QUERY.CHANGE', query: 'spa' },
  { type: 'COUNTRY.SELECT', country: 'Spain' },
  { type: 'COUNTRY.SELECT', country: 'Mexico' },
  { type: 'COUNTRY.SELECT', country: 'Atlantis' },
  { type: 'COUNTRY.CLEAR' },
  { type: 'PURPOSE.SELECT', purpose: 'tourism' },
  { type: 'PURPOSE.SELECT', purpose: 'study' },
  { type: 'PURPOSE.SELECT', purpose: 'smuggling' },
  { type: 'CONTINUE' },
];

/** What the server answers for Spain + tourism; the traversal uses it as the invoked actor's output. */
const SPAIN_FACTS: SummaryFacts = {
  country: 'Spain',
  visaType: 'ESTA',
  canUseESTA: true,
  maxStayDays: 90,
  governmentFee: 21,
  serviceFee: 99,
  processingTimeKey: 'eligibility.processing.esta',
  requirements: [],
};

const summaryEvents = (outcome: AnyEventObject): AnyEventObject[] => [
  outcome,
  { type: 'TYPE.TOGGLE' },
  { type: 'APPLY' },
  { type: 'BACK' },
  { type: 'RETRY' },
];

export const pathModels: Record<MachineName, PathModel> = {
  language: {
    cases: [
      { name: 'stored choice', input: { stored: 'fr', browserLanguages: ['es'], timeZone: 'Europe/Lisbon' }, events: [] },
      { name: 'browser language', input: { stored: null, browserLanguages: ['es-MX'], timeZone: 'Europe/Lisbon' }, events: [] },
      { name: 'time zone', input: { stored: null, browserLanguages: ['de'], timeZone: 'Europe/Lisbon' }, events: [] },
      {
        name: 'English by default',
        input: { stored: null, browserLanguages: ['de'], timeZone: 'Asia/Tokyo' },
        events: [
          { type: 'LANGUAGE.CHANGE', language: 'es' },
          { type: 'LANGUAGE.CHANGE', language: 'de' },
        ],
      },
    ],
    sut: () => machines.language,
    compareContext: true,
  },
  toast: {
    cases: [
      {
        name: 'toasts',
        events: [
          { type: 'TOAST.SHOW', toast: { title: 'a' } },
          { type: 'TOAST.SHOW', toast: { title: 'b', duration: 2000 } },
          { type: 'TOAST.DISMISS' },
          { type: 'TOAST.EXPIRED' },
        ],
      },
    ],
    sut: () => machines.toast,
    snapshotKey: (s) => JSON.stringify({ value: s.value, title: s.context?.current?.title ?? null }),
    compareContext: false,
    selfEvents: ['TOAST.EXPIRED'],
  },
  visaWizard: {
    cases: [
      {
        name: 'start flow',
        input: { language: 'es' },
        events: [...START_EVENTS, { type: 'START' }, { type: 'BACK' }, { type: 'METHOD.FORM' }, { type: 'METHOD.CHAT' }],
      },
    ],
    sut: () => machines.visaWizard,
    compareContext: true,
  },
  applyStart: {
    cases: [
      {
        name: '/apply',
        input: {},
        events: [...START_EVENTS, { type: 'MULTIPLE_CITIZENSHIP.TOGGLE' }, { type: 'HOME' }],
      },
    ],
    sut: () => machines.applyStart,
    compareContext: true,
  },
  applySummary: {
    cases: [
      {
        name: 'Spain + tourism, the server answers',
        input: { country: 'Spain', purpose: 'tourism' },
        events: summaryEvents({ type: 'xstate.done.actor.fetchEligibility', output: SPAIN_FACTS }),
      },
      {
        name: 'unknown country, the server refuses',
        input: { country: 'Atlantis', purpose: 'tourism' },
        events: summaryEvents({ type: 'xstate.error.actor.fetchEligibility', error: new Error('400') }),
      },
      { name: 'nothing stored', input: { country: null, purpose: null }, events: summaryEvents({ type: 'RETRY' }) },
    ],
    sut: (app) =>
      machines.applySummary.provide({
        actors: {
          fetchEligibility: fromPromise(async ({ input }: { input: { country: string; purpose: Purpose } }) => {
            const response = await app.inject({ method: 'GET', url: '/api/eligibility', query: input });
            if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
            return response.json() as SummaryFacts;
          }),
        },
      }),
    compareContext: false,
  },
  questionWizard: questionWizardModel,
};
