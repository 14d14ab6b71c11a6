import { recommendVisa, type Purpose } from '../../../../machines/domain/visaRules';
import type { ChatAsk, Extracted } from '../schemas';
import { askedOfChatField, codeOf } from '../reading/asked';
import { isPassportSpelling } from '../reading/passportSpelling';
import type { Asked } from '../reading/types';
import { chatFieldRule } from './fieldRules';
import { fieldLabel, phrase, spoken } from '../builtin/phrases';
import type { Language } from '../builtin/text';

// The advanced chat's script (spec 3-ai §2.5, §4.4; issue 13): what it collects, in what order, how an answer
// fills a field, and how ready the application is. Pure, so it is table-tested; the engine only words the reply.

export const AIVISA_FIELDS = [
  'citizenship_country',
  'trip_purpose',
  'email',
  'firstName',
  'lastName',
  'dateOfBirth',
  'passportNumber',
  'passportExpiry',
  'arrivalDate',
  'departureDate',
] as const;
export type AivisaField = (typeof AIVISA_FIELDS)[number];
export type Collected = Partial<Record<AivisaField | 'product_recommendation' | 'selected_plan', string>>;


const INPUT: Record<AivisaField, ChatAsk['input']> = {
  citizenship_country: 'country',
  trip_purpose: 'none',
  email: 'email',
  firstName: 'text',
  lastName: 'text',
  dateOfBirth: 'date',
  passportNumber: 'text',
  passportExpiry: 'date',
  arrivalDate: 'date',
  departureDate: 'date',
};

export const PURPOSES: readonly Purpose[] = ['tourism', 'business', 'study', 'transit'];

export function readiness(collected: Collected): number {
  return Math.round((AIVISA_FIELDS.filter((f) => collected[f]).length / AIVISA_FIELDS.length) * 100);
}

export function nextField(collected: Collected): AivisaField | undefined {
  return AIVISA_FIELDS.find((f) => !collected[f]);
}

export function askFor(field: AivisaField, language: Language): ChatAsk {
  return { field, label: phrase(language, 'reply', `ask.${field}`), input: INPUT[field] };
}

/** Each field as the reading sees it, with what the conversation already knows (a departure counts from the arrival). */
export function askedField(field: AivisaField, collected: Collected): Asked {
  return askedOfChatField(field, { ...(collected.arrivalDate ? { arrival: collected.arrivalDate } : {}), ...(codeOf(collected.citizenship_country) ? { phoneCountry: codeOf(collected.citizenship_country)! } : {}) });
}

/** Other values a reading gives, and the field each fills ("del 1 al 15 de julio" gives the departure too). */
const ALSO: Record<string, AivisaField> = { lastName: 'lastName', departure: 'departureDate' };

/**
 * What this message adds (issue 32): the field asked, when the reading stored it, and what the message states
 * outright about other fields not yet known (an e-mail, a nationality, the purpose, a name already in passport
 * spelling, a passport number), each passing the shared validators.
 */
export function readTurn(collected: Collected, asked: AivisaField | undefined, stored: { value: string; also?: Record<string, string> } | undefined, found: Extracted, today = new Date()): Collected {
  const add: Collected = {};
  const keep = (field: AivisaField, value: string | undefined) => {
    if (!value || add[field] || collected[field] || field === asked) return;
    if (!chatFieldRule(field, { ...collected, ...add }, today)(value)) add[field] = value;
  };
  if (asked && stored) {
    add[asked] = stored.value;
    for (const [key, value] of Object.entries(stored.also ?? {})) if (ALSO[key]) keep(ALSO[key], value);
  }
  keep('email', found.email);
  keep('citizenship_country', found.nationality);
  keep('trip_purpose', found.purpose);
  for (const field of ['firstName', 'lastName'] as const) if (found[field] && isPassportSpelling(found[field]!)) keep(field, found[field]);
  keep('passportNumber', found.passportNumber);
  const merged = { ...collected, ...add };
  if (merged.citizenship_country && merged.trip_purpose) {
    add.product_recommendation = recommendVisa(merged.citizenship_country, merged.trip_purpose as Purpose);
  }
  return add;
}

/** The fields just understood, in words, for the reply to acknowledge. */
export function understood(add: Collected, language: Language): string[] {
  return AIVISA_FIELDS.filter((f) => add[f]).map((f) => {
    const shown = spoken(language, add[f] as string, f === 'citizenship_country' ? 'country' : f === 'trip_purpose' ? 'purpose' : 'plain');
    return `${fieldLabel(language, f === 'citizenship_country' ? 'nationality' : f === 'trip_purpose' ? 'purpose' : f)}: ${shown}`;
  });
}
