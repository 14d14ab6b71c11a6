// /dashboard's one door: the flow as the page opens it, and everything the page shows, already derived.
import type { SnapshotFrom } from 'xstate';
import type { ApplicationDto } from '../openapi/schemas/applications';
import type { OrderDto } from '../openapi/schemas/orders';
import { applicationCards, canAddTraveller, canContinue, dashboardMachine, hasFormPdf, hasReceipt, inProgressCount, payPath, shownPlan, type ApplicationCard } from './dashboard.machine';
import { travellersNextSteps } from './domain/nextSteps';
import { orderEntries } from './domain/orderEntries';
import { orderConfirmationPath, premiumPath } from './domain/routes';
import { defineFlow } from './flow';

export { describeAnswers, type DescribedAnswer } from './domain/answers';
export type { GroupEntry, OrderEntry } from './domain/orderEntries';
export type { NextStep } from './domain/nextSteps';
export { LANGUAGES, isLanguage } from './domain/language';
export type { ApplicationCard };

/** The dashboard waits for who is signed in: the door tells it when the session is known, and when it changes. */
export const dashboardFlow = defineFlow({
  name: 'dashboard',
  machine: dashboardMachine,
  input: () => undefined,
  session: ({ account, checking }) => ({ type: 'SESSION' as const, signedIn: account !== null, checking }),
});

type Snapshot = SnapshotFrom<typeof dashboardMachine>;

/** An application as its row shows it: what can be done with it. */
export const applicationRow = (application: ApplicationDto) => ({
  application,
  canContinue: canContinue(application),
  canAddTraveller: canAddTraveller(application),
  /** A finished application not paid yet: its checkout. */
  pay: payPath(application),
  /** The package bought, or none: a View never shows a plan nobody chose. */
  plan: shownPlan(application),
  /** A pre-assessment has its analysis to show. */
  hasAnalysis: application.type === 'PRE-ASSESSMENT',
  orders: application.orders.map((order) => ({ ...order, to: orderConfirmationPath(order.id) })),
});

/** An order as the orders list shows it: its confirmation, its PDFs, and a Premium order's interview (in the interface's language). */
export const orderRow = (order: OrderDto) => ({
  order,
  to: orderConfirmationPath(order.id),
  hasReceipt: hasReceipt(order),
  hasFormPdf: hasFormPdf(order),
  /** Paid before its form was complete: the PDF waits for the form. */
  formWaiting: order.status === 'paid' && !order.formReady,
  portal: order.accessCode ? premiumPath('text') : null,
});

const PANELS = ['profile', 'settings', 'viewing'] as const;

export function dashboardView(s: Snapshot) {
  const { applications, groupPayments, orders, downloading, viewing, continuing, viewedAnswers } = s.context;
  return {
    /** Waiting for who is signed in: nothing of the dashboard shows yet (nobody signed in goes to /login). */
    waiting: s.matches('waiting') || s.matches('toLogin'),
    screen: s.matches('loading') ? ('loading' as const) : s.matches('failed') ? ('failed' as const) : s.matches('ready') ? ('ready' as const) : ('leaving' as const),
    applications,
    /** An application alone, or a family or group as one card (issue 36). */
    cards: applicationCards(applications, groupPayments),
    inProgress: inProgressCount(applications),
    orders,
    /** The orders list: an order alone, or a group's payment as one attempt with its travellers' lines. */
    orderEntries: orderEntries(orders, groupPayments),
    /** What each paid traveller does next: the official site, its government fee, what follows (issue 45 item 23). */
    nextSteps: travellersNextSteps(orders),
    /** The order whose PDF is being made, and which one. */
    downloading: s.matches({ ready: 'receipt' }) ? { orderId: downloading as string, kind: 'receipt' as const } : s.matches({ ready: 'form' }) ? { orderId: downloading as string, kind: 'form' as const } : null,
    /** The application whose details are open, and its answers as the server holds them. */
    viewed: applications.find((a) => a.id === viewing) ?? null,
    answers: s.matches({ ready: { viewing: 'shown' } })
      ? { state: 'shown' as const, values: viewedAnswers ?? {} }
      : s.matches({ ready: { viewing: 'failed' } })
        ? { state: 'failed' as const, values: {} }
        : { state: 'loading' as const, values: {} },
    continuing: s.matches({ ready: 'continuing' }) ? continuing : null,
    panel: PANELS.find((panel) => s.matches({ ready: panel })) ?? null,
    /** While an application opens or a PDF is made the machine refuses anything else; the buttons say so. */
    busy: s.hasTag('busy'),
    canOpenPanels: s.can({ type: 'PROFILE' }),
    canStart: s.can({ type: 'NEW' }),
    canLogOut: s.can({ type: 'LOGOUT' }),
  };
}
