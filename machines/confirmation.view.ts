// /payment-confirmation's one door: which payment the address names, the flows that show it, and what they show.
import type { SnapshotFrom } from 'xstate';
import type { OrderDto } from '../openapi/schemas/orders';
import { confirmationMachine, retryDestination } from './confirmation.machine';
import { familyPaths } from './domain/groupPaths';
import { nextStepOf } from './domain/nextSteps';
import { premiumPath } from './domain/routes';
import { defineFlow } from './flow';

export type { NextStep } from './domain/nextSteps';

/** The address names an order (`?order=`) or a group's one payment (`?groupPayment=`, issue 36). */
export const confirmationKind = (search: URLSearchParams): 'group' | 'order' => (search.has('groupPayment') ? 'group' : 'order');

/** Only which order to show comes from the address; everything shown is the server's record of it. */
export const confirmationFlow = defineFlow({ name: 'confirmation', machine: confirmationMachine, input: ({ search }) => ({ orderId: search.get('order') }) });

/** Where a paid Premium order's page links: its interview by text and by voice. */
const PREMIUM_LINKS = { text: premiumPath('text'), voice: premiumPath('voice') } as const;

const SCREENS = ['missing', 'failed', 'pending', 'declined', 'refunded', 'paid'] as const;


/**
 * What the page says of the receipt's e-mail: sent (a mail server took it) or on its way (queued, retried) to an
 * address; otherwise (none queued, failed, or no mail server) null, and the page says to download it.
 */
export function receiptMailOf(order: Pick<OrderDto, 'receiptMail'> | null): { state: 'sent' | 'queued'; to: string } | null {
  const mail = order?.receiptMail;
  return mail && (mail.state === 'sent' || mail.state === 'queued') ? { state: mail.state, to: mail.to } : null;
}

export function confirmationView(s: SnapshotFrom<typeof confirmationMachine>) {
  const order = s.context.order as OrderDto | null;
  return {
    screen: SCREENS.find((state) => s.matches(state)) ?? ('loading' as const),
    order,
    /** Which PDF is being made, if any: its button says so and both wait. */
    downloading: s.matches({ paid: 'receipt' }) ? ('receipt' as const) : s.matches({ paid: 'form' }) ? ('form' as const) : null,
    /** A declined order's way back: the same option, for the same application. */
    retryTo: order && s.matches('declined') ? retryDestination(order) : null,
    /** Bought before the form was filled in (from the pricing page): the package waits for it on the dashboard. */
    formWaits: order !== null && !order.formReady,
    premiumCode: order?.product === 'premium' ? (order.accessCode ?? null) : null,
    /** A Premium order's interview by text and by voice (in the interface's language, which it follows). */
    premiumLinks: order?.product === 'premium' && order.accessCode ? PREMIUM_LINKS : null,
    /** What the traveller does next: the official site, the government fee priced on the order, what follows (issue 45 item 23). */
    nextStep: order ? nextStepOf(order.service, order.price.governmentFee) : null,
    /** Sent or on its way (the receipt's e-mail), or null: the page then says to download it. */
    receiptMail: receiptMailOf(order)?.state ?? null,
    receiptMailTo: receiptMailOf(order)?.to ?? null,
    /** One application paid alone: her family can still be added to it (issue 45 item 22); a group's line already is one. */
    family: order && s.matches('paid') && !order.groupPaymentId ? familyPaths(order.service, order.leadId) : null,
  };
}
