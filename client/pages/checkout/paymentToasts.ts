import { errorKey } from '../../../machines/domain/errorCodes';
import type { ToastActor } from '../../app/toasts';

/** The gateway's decline codes the page says in the applicant's language (locales commerce.decline). */
const DECLINE_CODES = ['card_declined', 'insufficient_funds', 'processing_error', 'expired_card', 'incorrect_cvc', 'incorrect_number'] as const;

/** The reason a payment failed, in the interface language: the gateway's decline, the server's code, or the spec's default. */
export function paymentFailureKey(code: string | undefined): string {
  if (code && (DECLINE_CODES as readonly string[]).includes(code)) return `commerce:decline.${code}`;
  return errorKey(code) ?? 'commerce:toast.paymentFailed.description';
}

/** The announcements both checkouts make about the card form and the payment (never the server's English, issue 34). */
export function paymentToasts(toasts: ToastActor) {
  return {
    announceMissing: () =>
      toasts.send({
        type: 'TOAST.SHOW',
        toast: { title: 'commerce:toast.missing.title', description: 'commerce:toast.missing.description', variant: 'destructive' },
      }),
    announcePaid: () => toasts.send({ type: 'TOAST.SHOW', toast: { title: 'commerce:toast.paid.title', description: 'commerce:toast.paid.description' } }),
    announcePaymentFailed: (_: unknown, { code }: { code: string | undefined }) =>
      toasts.send({ type: 'TOAST.SHOW', toast: { title: 'commerce:toast.paymentFailed.title', description: paymentFailureKey(code), variant: 'destructive' } }),
  };
}
