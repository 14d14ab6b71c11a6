import { assign, emit, fromPromise, setup } from 'xstate';
import type { WorldEffect } from './effects';
import type { GroupPaymentDto } from '../openapi/schemas/groups';
import type { OrderDto } from '../openapi/schemas/orders';
import { formFailed, type PdfFile } from './confirmation.machine';
import { waitOf } from './domain/retryWait';

// The group's confirmation (issue 36): the payment as the server recorded it, every traveller with their own
// receipt line, and each ready form's PDF, made by the server from the traveller's own order; the receipt PDF of
// the one charge, made by the server from the payment it recorded.

export interface GroupConfirmationInput {
  /** The `groupPayment` query parameter; nothing else in the address is trusted. */
  paymentId: string | null;
}

/**
 * Why the receipt PDF was not made, for the page's message: the server asked to wait (429, too many PDFs in a
 * minute), or anything else (the spec's 'Error generating confirmation PDF' with the payment's number).
 */
export type ReceiptFailure = 'too_many_requests' | 'failed';

export interface GroupConfirmationContext {
  paymentId: string | null;
  payment: GroupPaymentDto | null;
  /** The line (its place in the payment) whose traveller's form is being made. */
  downloading: number | null;
  /** The last receipt download's failure, until the next one starts. */
  receiptFailure: ReceiptFailure | null;
  /** The minutes a refused receipt asks to wait (its Retry-After), said as they are (issue 45); null otherwise. */
  receiptWait: number | null;
  /** Whether the payer is signed in, as the app's session last said: where "Back to your panel" goes. */
  signedIn: boolean;
}

/** A traveller's form by their line's place in the payment (the page's rows); the receipt of the one charge. */
export type GroupConfirmationEvent =
  | { type: 'DOWNLOAD.FORM'; line: number }
  | { type: 'DOWNLOAD.RECEIPT' }
  | { type: 'RETRY' }
  | { type: 'REFRESH' }
  /** Who is signed in, from the app's session when it is known and whenever it changes (the door sends it). */
  | { type: 'SESSION'; signedIn: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const receiptFailure = (error: unknown): ReceiptFailure => ((error as { status?: unknown } | null)?.status === 429 ? 'too_many_requests' : 'failed');

const lineOrder = (context: GroupConfirmationContext, line: number | null) => (line === null ? undefined : context.payment?.lines[line]?.order);

export const groupConfirmationMachine = setup({
  types: { input: {} as GroupConfirmationInput, context: {} as GroupConfirmationContext, events: {} as GroupConfirmationEvent, emitted: {} as WorldEffect },
  actors: {
    /** GET /api/group-payments/{id}; provided by the client. */
    fetchPayment: fromPromise<GroupPaymentDto, { paymentId: string }>(async () => {
      throw new Error('fetchPayment is provided by the caller');
    }),
    /** POST /api/generate-pdf with the payment's confirmation number; provided by the client. */
    downloadReceipt: fromPromise<PdfFile, { payment: GroupPaymentDto }>(async () => {
      throw new Error('downloadReceipt is provided by the caller');
    }),
    /** POST /api/generate-form-pdf with the traveller's confirmation number; provided by the client. */
    downloadForm: fromPromise<PdfFile, { order: OrderDto }>(async () => {
      throw new Error('downloadForm is provided by the caller');
    }),
  },
  actions: {
    /** Hands the PDF to the browser as a download. */
    saveFile: emit((_, params: { file: PdfFile }) => ({ type: 'download' as const, file: params.file })),
    /** The spec's alert naming the traveller's confirmation number. */
    announceFormFailed: emit((_, params: { number: string }) => formFailed(params.number)),
  },
  guards: {
    hasPaymentId: ({ context }) => context.paymentId !== null && UUID.test(context.paymentId),
    isPaid: (_, params: { payment: GroupPaymentDto }) => params.payment.status === 'paid',
    isPending: (_, params: { payment: GroupPaymentDto }) => params.payment.status === 'pending',
    /** A traveller's line of this payment whose form is complete. */
    isReadyForm: ({ context }, params: { line: number }) => lineOrder(context, params.line)?.formReady === true,
  },
}).createMachine({
  id: 'groupConfirmation',
  context: ({ input }) => ({ paymentId: input.paymentId?.trim() || null, payment: null, downloading: null, receiptFailure: null, receiptWait: null, signedIn: false }),
  on: { SESSION: { actions: assign({ signedIn: ({ event }) => event.signedIn }) } },
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasPaymentId', target: 'loading' }, { target: 'missing' }] },
    missing: {},
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPayment',
        src: 'fetchPayment',
        input: ({ context }) => ({ paymentId: context.paymentId as string }),
        onDone: [
          { guard: { type: 'isPaid', params: ({ event }) => ({ payment: event.output }) }, target: 'paid', actions: assign({ payment: ({ event }) => event.output }) },
          { guard: { type: 'isPending', params: ({ event }) => ({ payment: event.output }) }, target: 'pending', actions: assign({ payment: ({ event }) => event.output }) },
          // Declined or refunded: never shown as paid.
          { target: 'notPaid', actions: assign({ payment: ({ event }) => event.output }) },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    pending: { on: { REFRESH: 'loading' } },
    notPaid: {},
    paid: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'DOWNLOAD.FORM': {
              guard: { type: 'isReadyForm', params: ({ event }) => ({ line: event.line }) },
              target: 'form',
              actions: assign({ downloading: ({ event }) => event.line }),
            },
            'DOWNLOAD.RECEIPT': { target: 'receipt', actions: assign({ receiptFailure: null, receiptWait: null }) },
          },
        },
        receipt: {
          tags: ['busy'],
          invoke: {
            id: 'downloadReceipt',
            src: 'downloadReceipt',
            input: ({ context }) => ({ payment: context.payment as GroupPaymentDto }),
            onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => ({ file: event.output }) } },
            onError: {
              target: 'idle',
              actions: assign({
                receiptFailure: ({ event }) => receiptFailure(event.error),
                receiptWait: ({ event }) => (receiptFailure(event.error) === 'too_many_requests' ? waitOf(event.error) : null),
              }),
            },
          },
        },
        form: {
          tags: ['busy'],
          invoke: {
            id: 'downloadForm',
            src: 'downloadForm',
            input: ({ context }) => ({ order: lineOrder(context, context.downloading) as OrderDto }),
            onDone: { target: 'idle', actions: [{ type: 'saveFile', params: ({ event }) => ({ file: event.output }) }, assign({ downloading: null })] },
            onError: {
              target: 'idle',
              actions: [{ type: 'announceFormFailed', params: ({ context }) => ({ number: (lineOrder(context, context.downloading) as OrderDto).number }) }, assign({ downloading: null })],
            },
          },
        },
      },
    },
  },
});
