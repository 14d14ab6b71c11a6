import { assign, fromPromise, setup } from 'xstate';
import type { ApplicationDto } from '../openapi/schemas/applications';
import { ROUTES } from './domain/routes';

/** The question wizard that continues an application, and where it lives. */
export const WIZARD_ROUTES: Record<NonNullable<ApplicationDto['wizard']>, string> = {
  ds160: ROUTES.applyWizard,
  esta: ROUTES.applyEstaWizard,
  preassessment: ROUTES.wizard,
};

/** What Continue hands the wizard: the answers as the server holds them, so any device resumes the same work. */
export interface Resume {
  catalogId: NonNullable<ApplicationDto['wizard']>;
  leadId: string;
  answers: Record<string, string>;
}

export interface DashboardContext {
  applications: ApplicationDto[];
  /** The application whose details are open (View), and its answers once loaded. */
  viewing: string | null;
  viewedAnswers: Record<string, unknown> | null;
  /** The application being continued. */
  continuing: string | null;
}

export type DashboardEvent =
  | { type: 'VIEW'; id: string }
  | { type: 'PROFILE' }
  | { type: 'SETTINGS' }
  | { type: 'CLOSE' }
  | { type: 'CONTINUE'; id: string }
  | { type: 'NEW' }
  | { type: 'LOGOUT' }
  | { type: 'RETRY' };

export interface DashboardOutput {
  to: string;
}

/** Only drafts and applications in progress can be continued (spec 1-core §2.8), and only by a wizard. */
export function canContinue(application: ApplicationDto): boolean {
  return (application.status === 'draft' || application.status === 'in-progress') && application.wizard !== null;
}

export const inProgressCount = (applications: readonly ApplicationDto[]) => applications.filter((a) => a.status === 'in-progress').length;

function unauthorized(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 401;
}

const byId = (context: DashboardContext, id: string | null) => context.applications.find((a) => a.id === id);

/**
 * /dashboard (spec 1-core §2.8): the signed-in applicant's applications from the server. Nobody signed in is
 * sent to /login. Continue loads the application's answers and opens its wizard where they stop.
 */
export const dashboardMachine = setup({
  types: { context: {} as DashboardContext, events: {} as DashboardEvent, output: {} as DashboardOutput },
  actors: {
    /** GET /api/applications; provided by the client. */
    fetchApplications: fromPromise<ApplicationDto[]>(async () => {
      throw new Error('fetchApplications is provided by the caller');
    }),
    /** GET /api/leads/{id}: every answer, for View; provided by the client. */
    fetchLead: fromPromise<Record<string, unknown>, { leadId: string }>(async () => {
      throw new Error('fetchLead is provided by the caller');
    }),
    /** GET /api/leads/{id}: the answers to continue with; provided by the client. */
    fetchAnswers: fromPromise<Record<string, string>, { leadId: string }>(async () => {
      throw new Error('fetchAnswers is provided by the caller');
    }),
  },
  actions: {
    /** Stores the answers where the wizard restores its progress from; provided by the client. */
    resume: (_: unknown, _params: Resume) => {},
    /** Ends the session (the app's session actor says 'Logged Out'); provided by the client. */
    signOut: () => {},
    /** 'Error' with the spec's load failure text; provided by the client. */
    announceContinueFailed: () => {},
  },
  guards: {
    unauthorized: (_, params: { error: unknown }) => unauthorized(params.error),
    isListed: ({ context }, params: { id: string }) => byId(context, params.id) !== undefined,
    continuable: ({ context }, params: { id: string }) => {
      const application = byId(context, params.id);
      return application !== undefined && canContinue(application);
    },
  },
}).createMachine({
  id: 'dashboard',
  context: { applications: [], viewing: null, viewedAnswers: null, continuing: null },
  initial: 'loading',
  on: { LOGOUT: { target: '.leaving', actions: 'signOut' } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchApplications',
        src: 'fetchApplications',
        onDone: { target: 'ready', actions: assign({ applications: ({ event }) => event.output }) },
        onError: [{ guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) }, target: 'toLogin' }, { target: 'failed' }],
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'list',
      on: {
        NEW: '#dashboard.starting',
        CONTINUE: {
          guard: { type: 'continuable', params: ({ event }) => ({ id: event.id }) },
          target: '.continuing',
          actions: assign({ continuing: ({ event }) => event.id }),
        },
      },
      states: {
        list: {
          on: {
            PROFILE: 'profile',
            SETTINGS: 'settings',
            VIEW: { guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) }, target: 'viewing', actions: assign({ viewing: ({ event }) => event.id }) },
          },
        },
        profile: { on: { CLOSE: 'list' } },
        settings: { on: { CLOSE: 'list' } },
        // A read-only view of the application: its facts at once, its answers as the server holds them.
        viewing: {
          initial: 'loading',
          on: { CLOSE: 'list' },
          exit: assign({ viewing: null, viewedAnswers: null }),
          states: {
            loading: {
              invoke: {
                id: 'fetchLead',
                src: 'fetchLead',
                input: ({ context }) => ({ leadId: context.viewing as string }),
                onDone: { target: 'shown', actions: assign({ viewedAnswers: ({ event }) => event.output }) },
                onError: 'failed',
              },
            },
            shown: {},
            failed: { on: { RETRY: 'loading' } },
          },
        },
        continuing: {
          tags: ['busy'],
          invoke: {
            id: 'fetchAnswers',
            src: 'fetchAnswers',
            input: ({ context }) => ({ leadId: context.continuing as string }),
            onDone: {
              target: '#dashboard.continued',
              actions: {
                type: 'resume',
                params: ({ context, event }) => {
                  const application = byId(context, context.continuing) as ApplicationDto;
                  return { catalogId: application.wizard as Resume['catalogId'], leadId: application.id, answers: event.output };
                },
              },
            },
            onError: { target: 'list', actions: [assign({ continuing: null }), 'announceContinueFailed'] },
          },
        },
      },
    },
    toLogin: { type: 'final', output: { to: ROUTES.login } },
    starting: { type: 'final', output: { to: ROUTES.apply } },
    leaving: { type: 'final', output: { to: ROUTES.home } },
    continued: {
      type: 'final',
      output: ({ context }) => ({ to: WIZARD_ROUTES[(byId(context, context.continuing) as ApplicationDto).wizard as Resume['catalogId']] }),
    },
  },
  output: ({ event }) => event.output as DashboardOutput,
});
