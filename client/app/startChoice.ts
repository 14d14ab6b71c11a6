import type { StartChoiceKept } from '../../machines/domain/startCarry';
import { keptStartChoice as readChoice } from '../../machines/domain/storageKeys';
import { readStorage } from './storage';

/** The country and purpose /visa-wizard or /apply kept for this tab (spec 2-wizards §2.1, §7), for the form it leads to. */
export function keptStartChoice(): StartChoiceKept {
  const { country, purpose, otherCountry } = readChoice(readStorage);
  return { country, purpose, otherCountry };
}
