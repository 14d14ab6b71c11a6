// /checkout's one door: which order the address names (an application's package, or a group's), the flow that sells
// it, and everything the page shows, already derived.
import type { SnapshotFrom } from 'xstate';
import type { QuoteQuery } from '../openapi/schemas/orders';
import { checkoutMachine, ownedOrder, selectedOption, stillForSale } from './checkout.machine';
import { CARD_FORM_ID } from './domain/cardForm';
import { familyPaths } from './domain/groupPaths';
import { orderConfirmationPath } from './domain/routes';
import { defineFlow } from './flow';

export type { FlowActor } from './flow';
export { CARD_FORM_ID, CHECKOUT_FIELDS, type CheckoutErrors, type CheckoutField } from './domain/cardForm';
export { COUNTRIES } from './domain/countryList';
export { OTHER_COUNTRY, PAYMENT_FIELDS, type PaymentDetails } from './domain/payment';

/** The address names a group's one checkout (`?group=`, issue 36), or an application's package. */
export const checkoutKind = (search: URLSearchParams): 'group' | 'single' => (search.get('group') ? 'group' : 'single');

/** The query parameters the checkout reads (spec 1-core §2.5); only those present are sent to the quote. */
const QUERY_KEYS = ['plan', 'formType', 'service', 'amount', 'lead', 'session'] as const satisfies readonly (keyof QuoteQuery)[];

export const checkoutFlow = defineFlow({
  name: 'checkout',
  machine: checkoutMachine,
  input: ({ search, today }) => ({
    query: Object.fromEntries(QUERY_KEYS.flatMap((key) => (search.get(key) === null ? [] : [[key, search.get(key) as string]]))) as QuoteQuery,
    today,
  }),
});

const SCREENS = ['loading', 'failed', 'invalidPlan', 'owned'] as const;

export function checkoutView(s: SnapshotFrom<typeof checkoutMachine>) {
  const { quote, selected, details, email, errors } = s.context;
  const option = selectedOption(s.context) ?? null;
  const owned = ownedOrder(quote, selected);
  return {
    screen: SCREENS.find((state) => s.matches(state)) ?? ('ready' as const),
    quote,
    /** The option on screen, what it charges, and the features it includes. */
    option,
    details,
    email,
    errors,
    /** A quote or the payment is under way, or the page is leaving for the confirmation: nothing can be changed. */
    busy: s.hasTag('busy'),
    paying: s.matches({ ready: 'paying' }) || s.status === 'done',
    /** Back after paying, an old link: the order that bought it, and what else the application can still buy. */
    owned: owned && { ...owned, to: orderConfirmationPath(owned.orderId) },
    upgrades: stillForSale(quote),
    /** Back to the application being paid for, and adding the family to it before paying (issue 45 items 2, 22). */
    family: quote?.lead ? familyPaths(quote.lead.formType, quote.lead.id) : null,
  };
}
