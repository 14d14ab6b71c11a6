import type { StartChoiceKept } from '../../machines/domain/startCarry';
import { STORAGE_KEYS } from '../../machines/domain/storageKeys';
import { readStorage } from './storage';

/** The country and purpose /visa-wizard or /apply kept for this tab (spec 2-wizards §2.1, §7), for the form it leads to. */
export function keptStartChoice(): StartChoiceKept {
  return {
    country: readStorage('session', STORAGE_KEYS.country),
    purpose: readStorage('session', STORAGE_KEYS.purpose),
    otherCountry: readStorage('session', STORAGE_KEYS.otherCountry),
  };
}
