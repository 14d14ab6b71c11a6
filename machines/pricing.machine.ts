import { assign, emit, fromPromise, setup } from 'xstate';
import { failureToast, navigate, type WorldEffect } from './effects';
import type { PriceListDto } from '../openapi/schemas/orders';
import type { PlanDto } from '../openapi/schemas/plans';

/**
 * What the pricing page shows: the three packages, and every product's price story as the server states it
 * (docs/DECISIONS.md "One price story": the ESTA card's total is the server's, not a figure of the page's).
 */
export interface PricingData {
  plans: PlanDto[];
  prices: PriceListDto;
}

export interface PricingContext {
  data: PricingData | null;
  /** The package whose purchase is running or ran last. */
  planId: string | null;
  /** Where the server said to pay for it. */
  checkoutUrl: string | null;
}

export type PricingEvent = { type: 'PURCHASE'; planId: string } | { type: 'RETRY' };

/** The server's data when the page arrived with it (an entry page rendered on the server): nothing to load. */
export type PricingInput = { data?: PricingData | null } | undefined;

/** /pricing (spec 1-core §2.4): loads the packages, then 'Purchase {name}' asks for a checkout link and follows it. */
export const pricingMachine = setup({
  types: { context: {} as PricingContext, events: {} as PricingEvent, input: {} as PricingInput, emitted: {} as WorldEffect },
  actors: {
    /** GET /api/subscription/plans and GET /api/prices; provided by the client. */
    fetchPricing: fromPromise<PricingData>(async () => {
      throw new Error('fetchPricing is provided by the caller');
    }),
    /** POST /api/packages/purchase; provided by the client. */
    purchasePackage: fromPromise<{ checkoutUrl: string }, { planId: string }>(async () => {
      throw new Error('purchasePackage is provided by the caller');
    }),
  },
  actions: {
    /** 'Error' / 'Failed to purchase package. Please try again.' (spec 1-core §8). */
    announcePurchaseFailed: emit(failureToast('commerce:toast.purchaseFailed.title', 'commerce:toast.purchaseFailed.description')),
  },
  guards: {
    hasData: ({ context }) => context.data !== null,
    isOffered: ({ context }, params: { planId: string }) => context.data?.plans.some((p) => p.id === params.planId) ?? false,
  },
}).createMachine({
  id: 'pricing',
  context: ({ input }) => ({ data: input?.data ?? null, planId: null, checkoutUrl: null }),
  initial: 'opening',
  states: {
    opening: { always: [{ guard: 'hasData', target: 'ready' }, { target: 'loading' }] },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPricing',
        src: 'fetchPricing',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            PURCHASE: {
              guard: { type: 'isOffered', params: ({ event }) => ({ planId: event.planId }) },
              target: 'purchasing',
              actions: assign({ planId: ({ event }) => event.planId }),
            },
          },
        },
        purchasing: {
          tags: ['busy'],
          invoke: {
            id: 'purchasePackage',
            src: 'purchasePackage',
            input: ({ context }) => ({ planId: context.planId as string }),
            onDone: { target: '#pricing.checkout', actions: assign({ checkoutUrl: ({ event }) => event.output.checkoutUrl }) },
            onError: { target: 'idle', actions: 'announcePurchaseFailed' },
          },
        },
      },
    },
    // Off to pay where the server said: the buttons stay as they are (Processing…) until the page goes.
    checkout: {
      type: 'final',
      tags: ['busy'],
      entry: emit(({ context }) => navigate(context.checkoutUrl as string)),
    },
  },
});
