// The group's confirmation (/payment-confirmation?groupPayment=, issue 36): the flow, and what its page shows.
import type { SnapshotFrom } from 'xstate';
import { groupCheckoutPath, panelPath } from './domain/groupPaths';
import { serviceCharge } from './domain/money';
import { nextStepOf } from './domain/nextSteps';
import { premiumPath } from './domain/routes';
import { defineFlow } from './flow';
import { groupConfirmationMachine } from './groupConfirmation.machine';

/** Only which payment to show comes from the address; nothing else in it is trusted. */
export const groupConfirmationFlow = defineFlow({
  name: 'groupConfirmation',
  machine: groupConfirmationMachine,
  input: ({ search }) => ({ paymentId: search.get('groupPayment') }),
  session: ({ account }) => ({ type: 'SESSION' as const, signedIn: account !== null }),
});

const SCREENS = ['missing', 'failed', 'pending', 'notPaid', 'paid'] as const;

export function groupConfirmationView(s: SnapshotFrom<typeof groupConfirmationMachine>) {
  const { payment, downloading, receiptFailure, receiptWait } = s.context;
  const making = s.matches({ paid: 'form' });
  return {
    screen: SCREENS.find((state) => s.matches(state)) ?? ('loading' as const),
    payment,
    /** Each traveller's line: their order, whether their form's PDF can be made, and whether it is being made. */
    lines: (payment?.lines ?? []).map((line, index) => ({
      ...line,
      index,
      formReady: line.order.formReady,
      downloading: making && downloading === index,
      premiumCode: line.order.product === 'premium' ? (line.order.accessCode ?? null) : null,
      /** A Premium traveller's interview (in the interface's language, which it follows). */
      premiumTo: line.order.product === 'premium' && line.order.accessCode ? premiumPath('text') : null,
      /** What this traveller does next (issue 45 item 23). */
      nextStep: nextStepOf(line.order.service, line.order.price.governmentFee),
    })),
    /** The receipt's sums: what the services came to (less any credit), the processing fee once, the total. */
    services: payment ? serviceCharge(payment.price) : 0,
    /** A download is under way: every PDF button waits. */
    busy: s.hasTag('busy'),
    makingReceipt: s.matches({ paid: 'receipt' }),
    receiptFailure,
    /** The minutes a refused receipt asks to wait, when the server said (the page counts them, never "a moment"). */
    receiptWait,
    /** Declined or refunded: the group's checkout again. */
    retryTo: payment && s.matches('notPaid') ? groupCheckoutPath(payment.groupId) : null,
  };
}


/** "Back to your panel": the dashboard, or for a guest the group's panel on the leader's form (issue 45 item 20). */
export const backToPanel = (s: SnapshotFrom<typeof groupConfirmationMachine>) =>
  panelPath(s.context.signedIn, (s.context.payment?.lines ?? []).map((line) => ({ leadId: line.order.leadId, service: line.order.service, relationship: line.relationship })));
