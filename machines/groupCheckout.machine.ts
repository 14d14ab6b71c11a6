import { assign, emit, fromPromise, setup } from 'xstate';
import { missingDetails, orderChanged, orderChangedCodes, paid, paymentFailed, requoteFailed } from './domain/checkoutMessages';
import { navigate, type WorldEffect } from './effects';
import type { GroupCheckoutBody, GroupPaymentDto, GroupQuoteDto, GroupQuoteQuery } from '../openapi/schemas/groups';
import type { ProductIdValue } from '../openapi/schemas/orders';
import { checkoutErrors, EMPTY_DETAILS, failureOf, fieldChanged, keyAfterFailure, keyForAttempt, type CardForm, type CheckoutField } from './domain/cardForm';
import { CARD_FORM_ID } from './domain/cardForm';
import { groupPaymentPath } from './domain/groupPaths';
import { missingPaymentDetails } from './domain/payment';

// One checkout for a group (issue 36): the leader pays once for every traveller with something to pay. The server
// quotes a line per traveller (the processing fee once) and prices any package the leader changes for a DS-160
// traveller; the page only chooses. The card form and the idempotency key follow the single checkout's rules.

export interface GroupCheckoutInput {
  groupId: string;
  /** The payer's calendar day, 'YYYY-MM-DD', for the card's expiry. */
  today: string;
}

/** A traveller's package the leader chose on this page, by lead: the quote's `plans=` and the payment's `plans`. */
export type PlanChoices = Record<string, ProductIdValue>;

export interface GroupCheckoutContext extends CardForm {
  groupId: string;
  quote: GroupQuoteDto | null;
  plans: PlanChoices;
  payment: GroupPaymentDto | null;
  /** Why the last payment failed, as the server coded it (a decline's reason); null when it gave none. */
  failure: string | null;
  /** Whether the leader is signed in, as the app's session last said: where "Back to your panel" goes. */
  signedIn: boolean;
}

export type GroupCheckoutEvent =
  /** A traveller's package, by the line's place in the quote (the page's rows). */
  | { type: 'LINE.SELECT'; line: number; product: ProductIdValue }
  | { type: 'FIELD.CHANGE'; field: CheckoutField; value: string }
  | { type: 'PAY' }
  | { type: 'RETRY' }
  /** Who is signed in, from the app's session when it is known and whenever it changes (the door sends it). */
  | { type: 'SESSION'; signedIn: boolean };

/** `leadId:pro,leadId:premium`: the query the quote reads; nothing when every traveller has their own package. */
export function quoteQuery(plans: PlanChoices): GroupQuoteQuery {
  const chosen = Object.entries(plans).map(([leadId, product]) => `${leadId}:${product}`);
  return chosen.length > 0 ? { plans: chosen.join(',') } : {};
}

/** What Pay sends: the packages chosen, the receipt's address, the attempt's key and the card; the server prices it. */
export function groupPaymentRequest(context: GroupCheckoutContext): GroupCheckoutBody {
  const plans = Object.entries(context.plans).map(([leadId, product]) => ({ leadId, product }));
  return {
    ...(plans.length > 0 ? { plans } : {}),
    email: context.email.trim(),
    idempotencyKey: context.attemptKey as string,
    paymentDetails: context.details,
  };
}

/** Only the choices the last quote priced: a package whose quote failed is not kept. */
const quotedChoices = (plans: PlanChoices, quote: GroupQuoteDto | null): PlanChoices =>
  Object.fromEntries(Object.entries(plans).filter(([leadId, product]) => quote?.lines.some((l) => l.leadId === leadId && l.product === product)));

/** The gateway refused the card (402): a decline, said with its reason; anything else is a failed attempt. */
const isDecline = (error: unknown) => (error as { status?: unknown } | null)?.status === 402;

/**
 * The payment of the page is refused because the group's state changed meanwhile: another tab paid, or removed a
 * minor's parent or guardian (the new quote names the child).
 */
const QUOTE_AGAIN = orderChangedCodes('group');

/** While the quote or the payment is under way the form is closed: these events are taken and do nothing. */
const CLOSED = { 'LINE.SELECT': {}, 'FIELD.CHANGE': {}, PAY: {} } as const;

export const groupCheckoutMachine = setup({
  types: {
    input: {} as GroupCheckoutInput,
    context: {} as GroupCheckoutContext,
    events: {} as GroupCheckoutEvent,
    emitted: {} as WorldEffect,
  },
  actors: {
    /** GET /api/groups/{id}/quote; provided by the client. */
    fetchQuote: fromPromise<GroupQuoteDto, { groupId: string; query: GroupQuoteQuery }>(async () => {
      throw new Error('fetchQuote is provided by the caller');
    }),
    /** POST /api/groups/{id}/checkout; provided by the client. */
    processPayment: fromPromise<GroupPaymentDto, { groupId: string; body: GroupCheckoutBody }>(async () => {
      throw new Error('processPayment is provided by the caller');
    }),
  },
  actions: {
    announceMissing: emit(missingDetails),
    /** Pay refused for a field: focus moves to the first one, whose error is read with it. */
    focusError: emit({ type: 'focusError', form: CARD_FORM_ID }),
    announcePaid: emit(paid),
    /** 'Payment Failed' with the server's reason (a decline code) or the default. */
    announcePaymentFailed: emit((_, params: { message: string | undefined; code: string | undefined }) => paymentFailed(params.code)),
    announceRequoteFailed: emit(requoteFailed),
    /** The group changed in another tab (paid, or being paid): the page quotes it again. */
    announceQuoteChanged: emit((_, params: { code: string | undefined }) => orderChanged('group', params.code)),
  },
  guards: {
    hasLines: ({ context }) => (context.quote?.lines.length ?? 0) > 0,
    /** A minor quoted with no parent or guardian on record: the server takes no payment until one is set. */
    waitsForGuardian: ({ context }) => Boolean(context.quote?.lines.some((l) => l.needsGuardian)),
    /** Only a package the line offers for sale, other than the one it has now. */
    canSelect: ({ context }, params: { line: number; product: ProductIdValue }) => {
      const line = context.quote?.lines[params.line];
      return Boolean(line && line.product !== params.product && line.options.some((o) => o.product === params.product && o.available));
    },
    missingDetails: ({ context }) => missingPaymentDetails(context.details),
    invalidDetails: ({ context }) => Object.keys(checkoutErrors(context)).length > 0,
    isDecline: (_, params: { error: unknown }) => isDecline(params.error),
    quoteChanged: (_, params: { error: unknown }) => QUOTE_AGAIN.includes(failureOf(params.error).code ?? ''),
  },
}).createMachine({
  id: 'groupCheckout',
  context: ({ input }) => ({
    groupId: input.groupId,
    today: input.today,
    quote: null,
    plans: {},
    email: '',
    details: EMPTY_DETAILS,
    errors: {},
    attemptKey: null,
    payment: null,
    failure: null,
    signedIn: false,
  }),
  on: { SESSION: { actions: assign({ signedIn: ({ event }) => event.signedIn }) } },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchQuote',
        src: 'fetchQuote',
        input: ({ context }) => ({ groupId: context.groupId, query: quoteQuery(context.plans) }),
        onDone: {
          target: 'quoted',
          actions: assign({
            quote: ({ event }) => event.output,
            plans: ({ context, event }) => quotedChoices(context.plans, event.output),
            // What the payer typed stays; otherwise the leader's address, as the quote says.
            email: ({ context, event }) => context.email || event.output.email,
          }),
        },
        onError: 'quoteFailed',
      },
    },
    // The quote decides: the form, or nothing to pay when every traveller has paid (another tab, an old link).
    quoted: { always: [{ guard: 'hasLines', target: 'ready' }, { target: 'nothingToPay' }] },
    quoteFailed: { on: { RETRY: 'loading' } },
    nothingToPay: {},
    ready: {
      initial: 'editing',
      // The card form's moves: the same in the form, after a decline and after a failed attempt.
      on: {
        'LINE.SELECT': {
          guard: { type: 'canSelect', params: ({ event }) => event },
          target: '.requoting',
          actions: assign({ plans: ({ context, event }) => ({ ...context.plans, [(context.quote as GroupQuoteDto).lines[event.line]!.leadId]: event.product }), attemptKey: null }),
        },
        'FIELD.CHANGE': { actions: assign(({ context, event }) => fieldChanged(context, event.field, event.value)) },
        PAY: [
          // Pay is disabled with the reason on screen; the card's fields are judged once it can be used.
          { guard: 'waitsForGuardian' },
          { guard: 'missingDetails', target: '.editing', actions: [assign({ errors: ({ context }) => checkoutErrors(context) }), 'announceMissing', 'focusError'] },
          { guard: 'invalidDetails', target: '.editing', actions: [assign({ errors: ({ context }) => checkoutErrors(context) }), 'focusError'] },
          { target: '.paying', actions: assign({ errors: {}, failure: null, attemptKey: ({ context }) => keyForAttempt(context) }) },
        ],
      },
      states: {
        editing: {},
        // The gateway refused the card: the reason is on screen; a new attempt (new key) with this or another card.
        declined: {},
        // No answer, or the server refused the attempt: Pay again keeps the key if the answer was lost.
        failed: {},
        requoting: {
          tags: ['busy'],
          on: CLOSED,
          invoke: {
            id: 'fetchQuote',
            src: 'fetchQuote',
            input: ({ context }) => ({ groupId: context.groupId, query: quoteQuery(context.plans) }),
            onDone: { target: '#groupCheckout.quoted', actions: assign({ quote: ({ event }) => event.output, plans: ({ context, event }) => quotedChoices(context.plans, event.output) }) },
            onError: { target: 'editing', actions: [assign({ plans: ({ context }) => quotedChoices(context.plans, context.quote) }), 'announceRequoteFailed'] },
          },
        },
        paying: {
          tags: ['busy'],
          on: CLOSED,
          invoke: {
            id: 'processPayment',
            src: 'processPayment',
            input: ({ context }) => ({ groupId: context.groupId, body: groupPaymentRequest(context) }),
            onDone: { target: '#groupCheckout.paid', actions: [assign({ payment: ({ event }) => event.output }), 'announcePaid'] },
            onError: [
              {
                guard: { type: 'quoteChanged', params: ({ event }) => ({ error: event.error }) },
                target: '#groupCheckout.loading',
                actions: [{ type: 'announceQuoteChanged', params: ({ event }) => ({ code: failureOf(event.error).code }) }, assign({ attemptKey: null })],
              },
              {
                guard: { type: 'isDecline', params: ({ event }) => ({ error: event.error }) },
                target: 'declined',
                actions: [{ type: 'announcePaymentFailed', params: ({ event }) => failureOf(event.error) }, assign({ attemptKey: null, failure: ({ event }) => failureOf(event.error).code ?? null })],
              },
              {
                target: 'failed',
                actions: [
                  { type: 'announcePaymentFailed', params: ({ event }) => failureOf(event.error) },
                  assign({ attemptKey: ({ context, event }) => keyAfterFailure(context, event.error), failure: ({ event }) => failureOf(event.error).code ?? null }),
                ],
              },
            ],
          },
        },
      },
    },
    paid: {
      type: 'final',
      tags: ['busy'],
      entry: emit(({ context }) => navigate(groupPaymentPath((context.payment as GroupPaymentDto).id))),
    },
  },
});

