// The country-and-purpose choice that /visa-wizard and /apply share: the same events, guards and
// context updates, so both screens obey the one rule "continue needs both country and purpose".
import { findCountry } from './domain/countries';
import { isPurpose, type Purpose } from './domain/visaRules';

export interface StartChoice {
  query: string;
  country: string | null;
  purpose: Purpose | null;
}

export type StartChoiceEvent =
  | { type: 'QUERY.CHANGE'; query: string }
  | { type: 'COUNTRY.SELECT'; country: string }
  | { type: 'COUNTRY.CLEAR' }
  | { type: 'PURPOSE.SELECT'; purpose: string };

export { STORAGE_KEYS } from './domain/storageKeys';

export function restoredChoice(country: string | null | undefined, purpose: string | null | undefined): StartChoice {
  const known = country ? findCountry(country) : undefined;
  return { query: '', country: known?.name ?? null, purpose: isPurpose(purpose) ? purpose : null };
}

/** Any event of a machine that includes the choice events; fields are read only for the matching type. */
type ChoiceArgs = { context: StartChoice; event: { type: string; query?: string; country?: string; purpose?: string } };

export const choiceGuards = {
  isKnownCountry: ({ event }: ChoiceArgs) => findCountry(event.country ?? '') !== undefined,
  isPurpose: ({ event }: ChoiceArgs) => isPurpose(event.purpose),
  hasCountryAndPurpose: ({ context }: ChoiceArgs) => context.country !== null && context.purpose !== null,
};

export const choiceUpdates = {
  query: ({ event }: ChoiceArgs) => (event.query ?? '').slice(0, 100),
  country: ({ event }: ChoiceArgs) => findCountry(event.country ?? '')?.name ?? null,
  purpose: ({ context, event }: ChoiceArgs) => (isPurpose(event.purpose) ? event.purpose : context.purpose),
};
