import { assign, emit, fromPromise, setup } from 'xstate';
import { formFailed, receiptFailed } from './confirmation.machine';
import { startWizardWith } from './domain/keptForms';
import { failureToast, navigate, type WorldEffect } from './effects';
import type { ApplicationDto } from '../openapi/schemas/applications';
import type { GroupPaymentSummaryDto } from '../openapi/schemas/groups';
import type { OrderDto } from '../openapi/schemas/orders';
import type { PdfFile } from './confirmation.machine';
import { getCatalog } from './domain/catalogs';
import { ROUTES } from './domain/routes';
import { addTravellerPath, groupPaymentPath, travellerPath } from './domain/groupPaths';
import { firstUnanswered } from './domain/wizardProgress';

/** The question wizards, continued from the answers the server holds (the ten-section form opens its lead itself). */
type CatalogWizard = Exclude<NonNullable<ApplicationDto['wizard']>, 'form'>;

export const WIZARD_ROUTES: Record<CatalogWizard, string> = {
  ds160: ROUTES.applyWizard,
  esta: ROUTES.applyEstaWizard,
  preassessment: ROUTES.wizard,
};

/**
 * What Continue hands the wizard: the answers as the server holds them, already synced, and the question it opens
 * on (the first unanswered one, null when every one is answered: the review), so any device resumes the same work.
 */
export interface Resume {
  catalogId: CatalogWizard;
  leadId: string;
  answers: Record<string, string>;
  currentId: string | null;
}

/** What the dashboard lists: the applications, and every order and group payment this browser or account placed. */
export interface DashboardData {
  applications: ApplicationDto[];
  orders: OrderDto[];
  groupPayments: GroupPaymentSummaryDto[];
}

export interface DashboardContext {
  applications: ApplicationDto[];
  orders: OrderDto[];
  groupPayments: GroupPaymentSummaryDto[];
  /** The order whose receipt or form is being made. */
  downloading: string | null;
  /** The application whose details are open (View), and its answers once loaded. */
  viewing: string | null;
  viewedAnswers: Record<string, unknown> | null;
  /** The application being continued. */
  continuing: string | null;
  /** Where the applicant goes when an application opens by its address (the ten-section form, 'Add a traveller'). */
  opening: string | null;
}

export type DashboardEvent =
  /** Who is signed in, as the app's session knows it (the door tells the dashboard when it is known, and when it changes). */
  | { type: 'SESSION'; signedIn: boolean; checking: boolean }
  | { type: 'VIEW'; id: string }
  | { type: 'PROFILE' }
  | { type: 'SETTINGS' }
  | { type: 'CLOSE' }
  | { type: 'CONTINUE'; id: string }
  /** 'Add a traveller': the application's form opens with its group panel ready to add one (issue 36). */
  | { type: 'ADD_TRAVELLER'; id: string }
  | { type: 'NEW' }
  | { type: 'LOGOUT' }
  | { type: 'RETRY' }
  | { type: 'DOWNLOAD.RECEIPT'; orderId: string }
  | { type: 'DOWNLOAD.FORM'; orderId: string };

/** A group's charge as its card shows it: paid together, and where its confirmation and receipt are again. */
export interface GroupCardPayment {
  id: string;
  number: string;
  paidAt: string;
  /** In cents, as charged. */
  total: number;
  to: string;
}

export type ApplicationCard = { kind: 'single'; application: ApplicationDto } | { kind: 'group'; id: string; applications: ApplicationDto[]; payments: GroupCardPayment[] };

/** The group's payments that went through, as the server lists them (newest first); a declined one charged nothing. */
function paidTogether(groupId: string, payments: readonly GroupPaymentSummaryDto[]): GroupCardPayment[] {
  return payments.flatMap((p) =>
    p.groupId === groupId && p.status === 'paid' ? [{ id: p.id, number: p.number, paidAt: p.paidAt ?? p.createdAt, total: p.price.total, to: groupPaymentPath(p.id) }] : [],
  );
}

/**
 * The dashboard's cards (issue 36): an application alone, or a family or group as one card, where its first
 * application would be, with its travellers leader first and the payments that paid for them together (the
 * leader who lost the confirmation's address finds the group's charge and receipt here); Continue on a traveller
 * continues that traveller's.
 */
export function applicationCards(applications: readonly ApplicationDto[], groupPayments: readonly GroupPaymentSummaryDto[]): ApplicationCard[] {
  const cards: ApplicationCard[] = [];
  const groups = new Map<string, ApplicationDto[]>();
  for (const application of applications) {
    const id = application.group?.id;
    if (!id) {
      cards.push({ kind: 'single', application });
      continue;
    }
    const members = groups.get(id);
    if (members) {
      members.push(application);
      continue;
    }
    const list = [application];
    groups.set(id, list);
    cards.push({ kind: 'group', id, applications: list, payments: paidTogether(id, groupPayments) });
  }
  for (const list of groups.values()) list.sort((a, b) => Number(b.group?.relationship === 'leader') - Number(a.group?.relationship === 'leader'));
  return cards;
}

/**
 * Drafts and applications in progress can be continued (spec 1-core §2.8), and only by a wizard; so can a finished
 * one not paid yet (issue 45 item 5: its review, to check before paying). An application made in the AI assistant
 * has the wizard of its catalog (the server says which).
 */
export function canContinue(application: ApplicationDto): boolean {
  if (application.wizard === null) return false;
  return application.status === 'draft' || application.status === 'in-progress' || (application.status === 'submitted' && !isPaid(application));
}

const isPaid = (application: ApplicationDto) => application.paymentStatus === 'paid';

/**
 * Pay (issue 45 item 5): a finished ESTA or DS-160 not paid yet goes to its checkout, for that application; the
 * package is the one its form calls for (the ESTA's own, else the plan chosen, else the first).
 */
export function payPath(application: ApplicationDto): string | null {
  if (application.status !== 'submitted' || isPaid(application) || application.type === 'PRE-ASSESSMENT') return null;
  const chosen = (['basic', 'pro', 'premium'] as const).find((plan) => plan === application.plan);
  const plan = application.type === 'ESTA' ? 'esta' : (chosen ?? 'basic');
  return `${ROUTES.checkout}?${new URLSearchParams({ plan, lead: application.id }).toString()}`;
}

/**
 * The plan a View shows: a paid DS-160's package, an ESTA's own when paid; none before a package is bought
 * (issue 45 item 15: an ESTA read "Plan: Basic", a default nobody chose).
 */
export function shownPlan(application: ApplicationDto): string | null {
  if (!isPaid(application) || application.type === 'PRE-ASSESSMENT') return null;
  if (application.type === 'ESTA') return 'esta';
  return application.plan && application.plan !== 'none' ? application.plan : null;
}

/**
 * Travellers are added where the group panel is (the ESTA wizard, the ten-section form), by the person who fills
 * the application and pays: someone travelling alone or a group's leader, while the application is not closed.
 */
export function canAddTraveller(application: ApplicationDto): boolean {
  const form = application.wizard === 'esta' || application.wizard === 'form';
  const open = application.status === 'draft' || application.status === 'in-progress' || application.status === 'submitted';
  return form && open && (application.group === null || application.group.relationship === 'leader');
}

/** The application's own form, opened on it: by its address for the ten-section form and for 'Add a traveller'. */
export function openingPath(application: ApplicationDto, addTraveller: boolean): string {
  const form = application.wizard === 'esta' ? 'ESTA' : 'DS-160';
  return addTraveller ? addTravellerPath(form, application.id) : travellerPath(form, application.id);
}

export const inProgressCount = (applications: readonly ApplicationDto[]) => applications.filter((a) => a.status === 'in-progress').length;

/** A paid order has a receipt to print; its form prints once the application's form is complete. */
export const hasReceipt = (order: OrderDto) => order.status === 'paid';
export const hasFormPdf = (order: OrderDto) => order.status === 'paid' && order.formReady;

function unauthorized(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 401;
}

/**
 * While an application opens or a PDF is made, nothing else starts: a new application, another Continue or Logout
 * wait (a child's undefined transition forbids its parent's), so the page asks can() instead of dropping clicks.
 */
const WHILE_BUSY = { NEW: undefined, CONTINUE: undefined, ADD_TRAVELLER: undefined, LOGOUT: undefined } as const;

const byId = (context: DashboardContext, id: string | null) => context.applications.find((a) => a.id === id);
const orderOf = (context: DashboardContext, id: string | null) => context.orders.find((o) => o.id === id);

/**
 * /dashboard (spec 1-core §2.8): the signed-in applicant's applications and orders from the server. Nobody signed
 * in is sent to /login. Continue loads the application's answers and opens its wizard where they stop; a paid
 * order's receipt and form are made by the server again (issue 30: every purchase can be found again here).
 */
export const dashboardMachine = setup({
  types: { context: {} as DashboardContext, events: {} as DashboardEvent, emitted: {} as WorldEffect },
  actors: {
    /** GET /api/applications, GET /api/orders and GET /api/group-payments; provided by the client. */
    fetchDashboard: fromPromise<DashboardData>(async () => {
      throw new Error('fetchDashboard is provided by the caller');
    }),
    /** POST /api/generate-pdf; provided by the client. */
    downloadReceipt: fromPromise<PdfFile, { order: OrderDto }>(async () => {
      throw new Error('downloadReceipt is provided by the caller');
    }),
    /** POST /api/generate-form-pdf; provided by the client. */
    downloadForm: fromPromise<PdfFile, { order: OrderDto }>(async () => {
      throw new Error('downloadForm is provided by the caller');
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
    /** The wizard opens, on any device, with the server's answers and where the machine says they stop. */
    resume: emit((_, params: Resume) => startWizardWith(params.catalogId, params.answers, { leadId: params.leadId, currentId: params.currentId })),
    /** Ends the session: the app's session actor signs out on the server and says 'Logged Out' (spec 1-core §2.8). */
    signOut: emit({ type: 'signOut' }),
    /** 'Error' with the spec's load failure text. */
    announceContinueFailed: emit(failureToast('account:toast.continueFailed.title', 'account:toast.continueFailed.description')),
    /** Hands the PDF to the browser as a download. */
    saveFile: emit((_, params: { file: PdfFile }) => ({ type: 'download' as const, file: params.file })),
    /** The spec's alerts (1-core §8) naming the confirmation number. */
    announceReceiptFailed: emit((_, params: { number: string }) => receiptFailed(params.number)),
    announceFormFailed: emit((_, params: { number: string }) => formFailed(params.number)),
  },
  guards: {
    signedIn: ({ event }) => event.type === 'SESSION' && event.signedIn,
    /** The session answered, and nobody is signed in. */
    signedOut: ({ event }) => event.type === 'SESSION' && !event.signedIn && !event.checking,
    unauthorized: (_, params: { error: unknown }) => unauthorized(params.error),
    isListed: ({ context }, params: { id: string }) => byId(context, params.id) !== undefined,
    continuable: ({ context }, params: { id: string }) => {
      const application = byId(context, params.id);
      return application !== undefined && canContinue(application);
    },
    /** The ten-section form opens its application by its address: nothing to load first. */
    continuesInForm: ({ context }, params: { id: string }) => {
      const application = byId(context, params.id);
      return application !== undefined && canContinue(application) && application.wizard === 'form';
    },
    groupable: ({ context }, params: { id: string }) => {
      const application = byId(context, params.id);
      return application !== undefined && canAddTraveller(application);
    },
    receiptReady: ({ context }, params: { id: string }) => {
      const order = orderOf(context, params.id);
      return order !== undefined && hasReceipt(order);
    },
    formReady: ({ context }, params: { id: string }) => {
      const order = orderOf(context, params.id);
      return order !== undefined && hasFormPdf(order);
    },
  },
}).createMachine({
  id: 'dashboard',
  context: { applications: [], orders: [], groupPayments: [], downloading: null, viewing: null, viewedAnswers: null, continuing: null, opening: null },
  initial: 'waiting',
  on: { LOGOUT: { target: '.leaving', actions: 'signOut' } },
  states: {
    // Nobody signed in goes to /login as soon as the session is known, without asking the server for a list it would
    // refuse: a first visit signed out is a state, not a 401 in the console (issue 34). Once open, the dashboard stays
    // until its own flow leaves (its Logout goes home, not to /login).
    waiting: {
      tags: ['busy'],
      on: { SESSION: [{ guard: 'signedIn', target: 'loading' }, { guard: 'signedOut', target: 'toLogin' }] },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchDashboard',
        src: 'fetchDashboard',
        onDone: {
          target: 'ready',
          actions: assign({ applications: ({ event }) => event.output.applications, orders: ({ event }) => event.output.orders, groupPayments: ({ event }) => event.output.groupPayments }),
        },
        onError: [{ guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) }, target: 'toLogin' }, { target: 'failed' }],
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'list',
      on: {
        NEW: '#dashboard.starting',
        CONTINUE: [
          {
            guard: { type: 'continuesInForm', params: ({ event }) => ({ id: event.id }) },
            target: '#dashboard.opened',
            actions: assign({ opening: ({ context, event }) => openingPath(byId(context, event.id) as ApplicationDto, false) }),
          },
          {
            guard: { type: 'continuable', params: ({ event }) => ({ id: event.id }) },
            target: '.continuing',
            actions: assign({ continuing: ({ event }) => event.id }),
          },
        ],
        ADD_TRAVELLER: {
          guard: { type: 'groupable', params: ({ event }) => ({ id: event.id }) },
          target: '#dashboard.opened',
          actions: assign({ opening: ({ context, event }) => openingPath(byId(context, event.id) as ApplicationDto, true) }),
        },
      },
      states: {
        list: {
          on: {
            PROFILE: 'profile',
            SETTINGS: 'settings',
            VIEW: { guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) }, target: 'viewing', actions: assign({ viewing: ({ event }) => event.id }) },
            'DOWNLOAD.RECEIPT': {
              guard: { type: 'receiptReady', params: ({ event }) => ({ id: event.orderId }) },
              target: 'receipt',
              actions: assign({ downloading: ({ event }) => event.orderId }),
            },
            'DOWNLOAD.FORM': {
              guard: { type: 'formReady', params: ({ event }) => ({ id: event.orderId }) },
              target: 'form',
              actions: assign({ downloading: ({ event }) => event.orderId }),
            },
          },
        },
        // One PDF at a time, made by the server from the order it stores.
        receipt: {
          tags: ['downloading', 'busy'],
          on: WHILE_BUSY,
          invoke: {
            id: 'downloadReceipt',
            src: 'downloadReceipt',
            input: ({ context }) => ({ order: orderOf(context, context.downloading) as OrderDto }),
            onDone: { target: 'list', actions: [{ type: 'saveFile', params: ({ event }) => ({ file: event.output }) }, assign({ downloading: null })] },
            onError: {
              target: 'list',
              actions: [{ type: 'announceReceiptFailed', params: ({ context }) => ({ number: (orderOf(context, context.downloading) as OrderDto).number }) }, assign({ downloading: null })],
            },
          },
        },
        form: {
          tags: ['downloading', 'busy'],
          on: WHILE_BUSY,
          invoke: {
            id: 'downloadForm',
            src: 'downloadForm',
            input: ({ context }) => ({ order: orderOf(context, context.downloading) as OrderDto }),
            onDone: { target: 'list', actions: [{ type: 'saveFile', params: ({ event }) => ({ file: event.output }) }, assign({ downloading: null })] },
            onError: {
              target: 'list',
              actions: [{ type: 'announceFormFailed', params: ({ context }) => ({ number: (orderOf(context, context.downloading) as OrderDto).number }) }, assign({ downloading: null })],
            },
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
          on: WHILE_BUSY,
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
                  const catalogId = application.wizard as Resume['catalogId'];
                  const currentId = firstUnanswered({ catalog: getCatalog(catalogId), answers: event.output }) ?? null;
                  return { catalogId, leadId: application.id, answers: event.output, currentId };
                },
              },
            },
            onError: { target: 'list', actions: [assign({ continuing: null }), 'announceContinueFailed'] },
          },
        },
      },
    },
    // Each way out names where the applicant goes; the page waits meanwhile.
    toLogin: { type: 'final', tags: ['busy'], entry: emit(navigate(ROUTES.login, true)) },
    starting: { type: 'final', tags: ['busy'], entry: emit(navigate(ROUTES.apply)) },
    leaving: { type: 'final', tags: ['busy'], entry: emit(navigate(ROUTES.home)) },
    opened: { type: 'final', tags: ['busy'], entry: emit(({ context }) => navigate(context.opening as string)) },
    continued: {
      type: 'final',
      tags: ['busy'],
      entry: emit(({ context }) => navigate(WIZARD_ROUTES[(byId(context, context.continuing) as ApplicationDto).wizard as Resume['catalogId']])),
    },
  },
});
