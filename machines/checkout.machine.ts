import { assign, emit, fromPromise, setup } from 'xstate';
import { invalidPlan, missingDetails, orderChanged, orderChangedCodes, paid, paymentFailed } from './domain/checkoutMessages';
import { orderConfirmationPath } from './domain/routes';
import { navigate, type WorldEffect } from './effects';
import type { OrderDto, ProcessPayment, ProductIdValue, QuoteDto, QuoteOption, QuoteQuery } from '../openapi/schemas/orders';
import { missingPaymentDetails, type PaymentDetails } from './domain/payment';
import {
  checkoutErrors,
  EMPTY_DETAILS,
  failureOf,
  fieldChanged,
  keyAfterFailure,
  keyForAttempt,
  type CheckoutErrors,
  type CheckoutField,
} from './domain/cardForm';
import { CARD_FORM_ID } from './domain/cardForm';

export { CHECKOUT_FIELDS, checkoutErrors, EMPTY_DETAILS, type CheckoutErrors, type CheckoutField } from './domain/cardForm';

export interface CheckoutInput {
  /** The page's query: plan, formType, service, amount, lead (spec 1-core §2.5). */
  query: QuoteQuery;
  /** The applicant's calendar day, 'YYYY-MM-DD', for the card's expiry. */
  today: string;
}

export interface CheckoutContext extends CheckoutInput {
  quote: QuoteDto | null;
  selected: ProductIdValue | null;
  /** Where the receipt is for: prefilled from the application or the account, so a guest can sign in with it. */
  email: string;
  details: PaymentDetails;
  errors: CheckoutErrors;
  /**
   * The idempotency key of the attempt being made. A new one for every new attempt; kept only when the last
   * one got no answer (the connection failed), so paying again cannot charge twice if it did reach the server.
   */
  attemptKey: string | null;
  order: OrderDto | null;
}

export type CheckoutEvent =
  | { type: 'PLAN.SELECT'; product: ProductIdValue }
  | { type: 'FIELD.CHANGE'; field: CheckoutField; value: string }
  | { type: 'PAY' }
  | { type: 'RETRY' }
  /** The same package again, for a new application (another traveller): an explicit choice, never a default. */
  | { type: 'ANOTHER_TRAVELLER' };

/** The option on screen. */
export function selectedOption(context: Pick<CheckoutContext, 'quote' | 'selected'>): QuoteOption | undefined {
  return context.quote?.options.find((o) => o.product === context.selected);
}

const RANK: Partial<Record<ProductIdValue, number>> = { basic: 1, pro: 2, premium: 3 };

/**
 * The paid order that makes the link's option pointless: the one that bought it, or the highest package the
 * application has when the link asks for a lower one. Null when the option is still for sale.
 */
export function ownedOrder(quote: QuoteDto | null, selected: ProductIdValue | null): QuoteDto['owned'][number] | null {
  const option = quote?.options.find((o) => o.product === selected);
  if (!quote || !option || option.available) return null;
  const same = quote.owned.find((o) => o.product === selected);
  return same ?? [...quote.owned].sort((a, b) => (RANK[b.product] ?? 0) - (RANK[a.product] ?? 0))[0] ?? null;
}

/** What else this application can still buy (an upgrade), beside the package it has. */
export const stillForSale = (quote: QuoteDto | null) => quote?.options.filter((o) => o.available) ?? [];

/** What the payment call sends: the option chosen and the card; the amount shown is for the server's log only. */
export function paymentRequest(context: CheckoutContext): ProcessPayment {
  const option = selectedOption(context) as QuoteOption;
  return {
    plan: option.product,
    amount: option.price.total / 100,
    ...(context.quote?.lead ? { leadId: context.quote.lead.id } : {}),
    ...(context.quote?.newApplication ? { newApplication: true } : {}),
    email: context.email.trim(),
    idempotencyKey: context.attemptKey as string,
    paymentDetails: context.details,
  };
}

/** Two tabs, Back, an old link: the server says the application already has it, or is paying for it now. */
const PURCHASE_CONFLICTS = orderChangedCodes('single');

/**
 * /checkout (spec 1-core §2.5): asks the server what the link offers and at what price, lets the applicant
 * change the option and fill the card form, and pays. The server prices the order; the page only chooses.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    emitted: {} as WorldEffect,
  },
  actors: {
    /** GET /api/checkout/quote; provided by the client. */
    fetchQuote: fromPromise<QuoteDto, QuoteQuery>(async () => {
      throw new Error('fetchQuote is provided by the caller');
    }),
    /** POST /api/checkout/process; provided by the client. */
    processPayment: fromPromise<OrderDto, ProcessPayment>(async () => {
      throw new Error('processPayment is provided by the caller');
    }),
  },
  actions: {
    announceMissing: emit(missingDetails),
    /** Pay refused for a field: focus moves to the first one, whose error is read with it. */
    focusError: emit({ type: 'focusError', form: CARD_FORM_ID }),
    announcePaid: emit(paid),
    /** 'Payment Failed' with the server's reason (or the spec's default). */
    announcePaymentFailed: emit((_, params: { message: string | undefined; code: string | undefined }) => paymentFailed(params.code)),
    announceInvalidPlan: emit(invalidPlan),
    /** The purchase was refused because it was made already (or is being made) elsewhere. */
    announcePurchaseConflict: emit((_, params: { code: string | undefined }) => orderChanged('single', params.code)),
  },
  guards: {
    hasSelection: (_, params: { quote: QuoteDto }) => params.quote.selected !== null,
    ownsSelection: (_, params: { quote: QuoteDto }) => ownedOrder(params.quote, params.quote.selected) !== null,
    isPurchaseConflict: (_, params: { error: unknown }) => PURCHASE_CONFLICTS.includes(failureOf(params.error).code ?? ''),
    /** Only an option of this quote that the application does not already have. */
    canSelect: ({ context }, params: { product: ProductIdValue }) =>
      context.quote?.options.some((o) => o.product === params.product && o.available) ?? false,
    missingDetails: ({ context }) => missingPaymentDetails(context.details),
    invalidDetails: ({ context }) => Object.keys(checkoutErrors(context)).length > 0,
    selectionAvailable: ({ context }) => selectedOption(context)?.available === true,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    ...input,
    quote: null,
    selected: null,
    email: '',
    details: EMPTY_DETAILS,
    errors: {},
    attemptKey: null,
    order: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchQuote',
        src: 'fetchQuote',
        input: ({ context }) => context.query,
        onDone: [
          // Back after paying, a second tab, an old link: the paid order and what else can be bought, not a form.
          {
            guard: { type: 'ownsSelection', params: ({ event }) => ({ quote: event.output }) },
            target: 'owned',
            actions: assign({
              quote: ({ event }) => event.output,
              selected: ({ event }) => event.output.selected,
              // Kept for an upgrade or another traveller's purchase, which is still this buyer's receipt.
              email: ({ context, event }) => context.email || (event.output.email ?? ''),
            }),
          },
          {
            guard: { type: 'hasSelection', params: ({ event }) => ({ quote: event.output }) },
            target: 'ready',
            actions: assign({
              quote: ({ event }) => event.output,
              selected: ({ event }) => event.output.selected,
              // What the buyer typed stays; otherwise the application's or account's address.
              email: ({ context, event }) => context.email || (event.output.email ?? ''),
            }),
          },
          // The link names a plan that does not exist: 'Invalid Plan' (spec 1-core §5).
          { target: 'invalidPlan', actions: assign({ quote: ({ event }) => event.output }) },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    invalidPlan: { entry: 'announceInvalidPlan' },
    owned: {
      on: {
        'PLAN.SELECT': {
          guard: { type: 'canSelect', params: ({ event }) => ({ product: event.product }) },
          target: 'ready',
          actions: assign({ selected: ({ event }) => event.product }),
        },
        ANOTHER_TRAVELLER: {
          target: 'loading',
          actions: assign({
            query: ({ context }) => ({ plan: context.selected ?? undefined, formType: context.quote?.service, newApplication: true }),
          }),
        },
      },
    },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'PLAN.SELECT': {
              guard: { type: 'canSelect', params: ({ event }) => ({ product: event.product }) },
              actions: assign({ selected: ({ event }) => event.product, attemptKey: null }),
            },
            'FIELD.CHANGE': {
              actions: assign(({ context, event }) => fieldChanged(context, event.field, event.value)),
            },
            PAY: [
              {
                guard: 'missingDetails',
                actions: [assign({ errors: ({ context }) => checkoutErrors(context) }), 'announceMissing', 'focusError'],
              },
              { guard: 'invalidDetails', actions: [assign({ errors: ({ context }) => checkoutErrors(context) }), 'focusError'] },
              {
                guard: 'selectionAvailable',
                target: 'paying',
                actions: assign({ errors: {}, attemptKey: ({ context }) => keyForAttempt(context) }),
              },
            ],
          },
        },
        paying: {
          tags: ['busy'],
          invoke: {
            id: 'processPayment',
            src: 'processPayment',
            input: ({ context }) => paymentRequest(context),
            onDone: { target: '#checkout.paid', actions: [assign({ order: ({ event }) => event.output }), 'announcePaid'] },
            onError: [
              // Paid (or being paid) in another tab: ask again what this application has, and show that.
              {
                guard: { type: 'isPurchaseConflict', params: ({ event }) => ({ error: event.error }) },
                target: '#checkout.loading',
                actions: [{ type: 'announcePurchaseConflict', params: ({ event }) => ({ code: failureOf(event.error).code }) }, assign({ attemptKey: null })],
              },
              {
                target: 'editing',
                actions: [
                  { type: 'announcePaymentFailed', params: ({ event }) => failureOf(event.error) },
                  assign({ attemptKey: ({ context, event }) => keyAfterFailure(context, event.error) }),
                ],
              },
            ],
          },
        },
      },
    },
    // The confirmation shows the order as the server recorded it; the form waits, closed, until the page goes.
    paid: {
      type: 'final',
      tags: ['busy'],
      entry: emit(({ context }) => navigate(orderConfirmationPath((context.order as OrderDto).id))),
    },
  },
});
