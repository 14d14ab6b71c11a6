// The group's one checkout (/checkout?group=, issue 36): the flow, and everything its page shows, already derived.
import type { SnapshotFrom } from 'xstate';
import { paymentFailureKey } from './domain/checkoutMessages';
import { guardianPath, panelPath } from './domain/groupPaths';
import { serviceCharge } from './domain/money';
import { defineFlow } from './flow';
import { groupCheckoutMachine, type GroupCheckoutContext } from './groupCheckout.machine';

export type { FlowActor } from './flow';

export const groupCheckoutFlow = defineFlow({
  name: 'groupCheckout',
  machine: groupCheckoutMachine,
  input: ({ search, today }) => ({ groupId: search.get('group') ?? '', today }),
  session: ({ account }) => ({ type: 'SESSION' as const, signedIn: account !== null }),
});

// The machine's `waitsForGuardian` guard keeps Pay from doing anything while a line needs a guardian; the page names
// those travellers and links to where it is set.
/** The minors the payment waits for, each with their form's page opened on its parent-or-guardian form (issue 45 item 10). */
export const guardiansMissing = (context: Pick<GroupCheckoutContext, 'quote'>) =>
  (context.quote?.lines ?? []).filter((l) => l.needsGuardian).map((l) => ({ leadId: l.leadId, name: l.name, to: guardianPath(l.service, l.leadId) }));

export function groupCheckoutView(s: SnapshotFrom<typeof groupCheckoutMachine>) {
  const { quote, details, email, errors, failure } = s.context;
  return {
    screen: s.matches('loading') ? ('loading' as const) : s.matches('quoteFailed') ? ('failed' as const) : s.matches('nothingToPay') ? ('nothing' as const) : ('ready' as const),
    quote,
    /** A line per traveller with something to pay; a DS-160 traveller's packages, each with what it charges. */
    lines: (quote?.lines ?? []).map((line, index) => ({
      ...line,
      index,
      choosesPackage: line.service === 'DS-160',
      options: line.options.map((o) => ({ ...o, charge: serviceCharge(o.price) })),
    })),
    /** The total's parts: the services (less credit), the processing fee once, what is charged. */
    services: quote ? serviceCharge(quote.price) : 0,
    details,
    email,
    errors,
    /** A quote or the payment is under way, or the page is leaving for the confirmation: nothing can be changed. */
    busy: s.hasTag('busy'),
    paying: s.matches({ ready: 'paying' }) || s.status === 'done',
    outcome: s.matches({ ready: 'declined' }) ? ('declined' as const) : s.matches({ ready: 'failed' }) ? ('failed' as const) : null,
    /** Why the last payment failed, as the page words it. */
    reasonKey: failure ? paymentFailureKey(failure) : null,
    minors: guardiansMissing({ quote }),
  };
}

/** "Back to your panel": the dashboard, or for a guest the group's panel on the leader's form (issue 45 item 20). */
export const backToPanel = (s: SnapshotFrom<typeof groupCheckoutMachine>) => panelPath(s.context.signedIn, s.context.quote?.lines ?? []);
