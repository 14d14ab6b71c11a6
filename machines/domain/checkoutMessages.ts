// What both checkouts say about the card form and the payment (never the server's English, issue 34): one home for
// the toasts and for the refusal codes they word, whether the order has one line or many.
import { failureToast, toast, type WorldEffect } from '../effects';
import { errorKey } from './errorCodes';
import { ownEntry } from './ownEntry';

/** The gateway's decline codes the page says in the applicant's language (locales commerce.decline). */
const DECLINE_CODES = ['card_declined', 'insufficient_funds', 'processing_error', 'expired_card', 'incorrect_cvc', 'incorrect_number'] as const;

/** The reason a payment failed, in the interface language: the gateway's decline, the server's code, or the spec's default. */
export function paymentFailureKey(code: string | undefined): string {
  if (code && (DECLINE_CODES as readonly string[]).includes(code)) return `commerce:decline.${code}`;
  return errorKey(code) ?? 'commerce:toast.paymentFailed.description';
}

/** 'Missing Information' / 'Please fill in all required payment details'. */
export const missingDetails: WorldEffect = failureToast('commerce:toast.missing.title', 'commerce:toast.missing.description');

/** 'Payment Successful!'. */
export const paid: WorldEffect = toast('commerce:toast.paid.title', 'commerce:toast.paid.description');

/** 'Payment Failed', with the reason as the server coded it. */
export const paymentFailed = (code: string | undefined): WorldEffect => failureToast('commerce:toast.paymentFailed.title', paymentFailureKey(code));

/** 'Error' / 'Invalid plan selected. Please try again.' (spec 1-core §8). */
export const invalidPlan: WorldEffect = failureToast('commerce:toast.invalidPlan.title', 'commerce:toast.invalidPlan.description');

/**
 * The payment was refused because what it paid for changed meanwhile (another tab paid, or is paying; a minor's
 * parent or guardian was removed): the page says which, and shows the order as it is now. The codes the server
 * gives, and what each means, for an order of one line (commerce) and of a group's (group).
 */
const CHANGED: Record<'single' | 'group', Record<string, string>> = {
  single: { purchase_in_progress: 'commerce:toast.inProgress', already_purchased: 'commerce:toast.alreadyPurchased' },
  group: { purchase_in_progress: 'group:checkout.inProgress', guardian_missing: 'group:checkout.guardianRemoved', nothing_to_pay: 'group:checkout.changed' },
};

/** The codes that mean the order changed meanwhile, for each kind of order. */
export const orderChangedCodes = (kind: 'single' | 'group') => Object.keys(CHANGED[kind]);

export function orderChanged(kind: 'single' | 'group', code: string | undefined): WorldEffect {
  const key = ownEntry(CHANGED[kind], code ?? '') ?? (kind === 'single' ? 'commerce:toast.alreadyPurchased' : 'group:checkout.changed');
  return toast(`${key}.title`, `${key}.description`);
}

/** A traveller's package could not be priced (no connection): the line keeps its package. */
export const requoteFailed: WorldEffect = failureToast('group:checkout.requoteFailed.title', 'group:checkout.requoteFailed.description');
