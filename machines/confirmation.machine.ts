import { assign, emit, fromPromise, setup } from 'xstate';
import { failureToast, type SavedFile, type WorldEffect } from './effects';
import type { OrderDto } from '../openapi/schemas/orders';
import { ROUTES } from './domain/routes';

export interface ConfirmationInput {
  /** The `order` query parameter: which order to show. Nothing else in the address is trusted. */
  orderId: string | null;
}

export interface ConfirmationContext {
  orderId: string | null;
  order: OrderDto | null;
}

/** A PDF the server made, ready for the browser to save. */
export type PdfFile = SavedFile;

export type ConfirmationEvent = { type: 'DOWNLOAD.RECEIPT' } | { type: 'DOWNLOAD.FORM' } | { type: 'RETRY' } | { type: 'REFRESH' };

/** 'Error generating confirmation PDF' and 'Error generating form PDF', with the order's number (spec 1-core §8). */
export const receiptFailed = (number: string) => failureToast('commerce:toast.receiptFailed.title', 'commerce:toast.receiptFailed.description', { number });
export const formFailed = (number: string) => failureToast('commerce:toast.formFailed.title', 'commerce:toast.formFailed.description', { number });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /payment-confirmation (spec 1-core §2.6, docs/DECISIONS.md): loads the order from the server and shows its true
 * status: only an order the server recorded as paid is 'Payment Successful!'. A paid order's receipt and form
 * PDFs are made by the server from its own records, one download at a time.
 */
export const confirmationMachine = setup({
  types: { input: {} as ConfirmationInput, context: {} as ConfirmationContext, events: {} as ConfirmationEvent, emitted: {} as WorldEffect },
  actors: {
    /** GET /api/orders/{id}; provided by the client. */
    fetchOrder: fromPromise<OrderDto, { orderId: string }>(async () => {
      throw new Error('fetchOrder is provided by the caller');
    }),
    /** POST /api/generate-pdf; provided by the client. */
    downloadReceipt: fromPromise<PdfFile, { order: OrderDto }>(async () => {
      throw new Error('downloadReceipt is provided by the caller');
    }),
    /** POST /api/generate-form-pdf; provided by the client. */
    downloadForm: fromPromise<PdfFile, { order: OrderDto }>(async () => {
      throw new Error('downloadForm is provided by the caller');
    }),
  },
  actions: {
    /** Hands the PDF to the browser as a download. */
    saveFile: emit((_, params: { file: PdfFile }) => ({ type: 'download' as const, file: params.file })),
    /** The spec's alerts (1-core §8) naming the confirmation number. */
    announceReceiptFailed: emit((_, params: { number: string }) => receiptFailed(params.number)),
    announceFormFailed: emit((_, params: { number: string }) => formFailed(params.number)),
  },
  guards: {
    hasOrderId: ({ context }) => context.orderId !== null && UUID.test(context.orderId),
    isPaid: (_, params: { order: OrderDto }) => params.order.status === 'paid',
    isPending: (_, params: { order: OrderDto }) => params.order.status === 'pending',
    isRefunded: (_, params: { order: OrderDto }) => params.order.status === 'refunded',
  },
}).createMachine({
  id: 'confirmation',
  context: ({ input }) => ({ orderId: input.orderId?.trim() || null, order: null }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasOrderId', target: 'loading' }, { target: 'missing' }] },
    // Opened without an order to show (an old bookmark, a hand-typed address).
    missing: {},
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ orderId: context.orderId as string }),
        onDone: [
          { guard: { type: 'isPaid', params: ({ event }) => ({ order: event.output }) }, target: 'paid', actions: assign({ order: ({ event }) => event.output }) },
          { guard: { type: 'isPending', params: ({ event }) => ({ order: event.output }) }, target: 'pending', actions: assign({ order: ({ event }) => event.output }) },
          { guard: { type: 'isRefunded', params: ({ event }) => ({ order: event.output }) }, target: 'refunded', actions: assign({ order: ({ event }) => event.output }) },
          { target: 'declined', actions: assign({ order: ({ event }) => event.output }) },
        ],
        onError: 'failed',
      },
    },
    // Not found, not this session's, or no connection: the page says it could not load the order.
    failed: { on: { RETRY: 'loading' } },
    // The charge's outcome is not recorded yet: never shown as paid; the applicant can look again.
    pending: { on: { REFRESH: 'loading' } },
    declined: {},
    refunded: {},
    paid: {
      initial: 'idle',
      states: {
        idle: { on: { 'DOWNLOAD.RECEIPT': 'receipt', 'DOWNLOAD.FORM': 'form' } },
        receipt: {
          tags: ['busy'],
          invoke: {
            id: 'downloadReceipt',
            src: 'downloadReceipt',
            input: ({ context }) => ({ order: context.order as OrderDto }),
            onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => ({ file: event.output }) } },
            onError: { target: 'idle', actions: { type: 'announceReceiptFailed', params: ({ context }) => ({ number: (context.order as OrderDto).number }) } },
          },
        },
        form: {
          tags: ['busy'],
          invoke: {
            id: 'downloadForm',
            src: 'downloadForm',
            input: ({ context }) => ({ order: context.order as OrderDto }),
            onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => ({ file: event.output }) } },
            onError: { target: 'idle', actions: { type: 'announceFormFailed', params: ({ context }) => ({ number: (context.order as OrderDto).number }) } },
          },
        },
      },
    },
  },
});

/** A declined order's way back: the same option, for the same application when there is one. */
export function retryDestination(order: OrderDto): string {
  const query = new URLSearchParams({ plan: order.product, ...(order.leadId ? { lead: order.leadId } : {}) });
  return `${ROUTES.checkout}?${query.toString()}`;
}
