import type { GroupCheckoutContext } from './groupCheckout.machine';
import { travellerPath } from './domain/groupPaths';

// The checkout page's view of the quote, beside the machine: the machine's `waitsForGuardian` guard keeps Pay from
// doing anything while a line needs a guardian; the page names those travellers and links to where it is set.

/** The minors the payment waits for, each with their form's page, whose group panel sets the parent or guardian. */
export const guardiansMissing = (context: Pick<GroupCheckoutContext, 'quote'>) =>
  (context.quote?.lines ?? []).filter((l) => l.needsGuardian).map((l) => ({ leadId: l.leadId, name: l.name, to: travellerPath(l.service, l.leadId) }));
