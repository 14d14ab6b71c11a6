import { CHAT_SECTION_ORDER, CHAT_SECTIONS, COMPLETE_AT, chatProgress, type ChatField, type ChatSection } from '../../../../machines/domain/chatFields';
import { fieldLabel, phrase, spoken } from '../builtin/phrases';
import type { Language } from '../builtin/text';
import { askedOfChatField, codeOf } from '../reading/asked';
import { isPassportSpelling } from '../reading/passportSpelling';
import type { Asked } from '../reading/types';
import type { ChatAsk, Extracted } from '../schemas';
import { chatFieldRule } from './fieldRules';

// The intelligent chat's script (spec 3-ai §2.7, §4.6; issue 13): five sections of twenty fields, asked in order;
// an answer fills the current section's fields. Pure, so it is table-tested; the engine words the replies.

export type SectionData = Partial<Record<ChatField, string>>;

type Kind = 'name' | 'birth' | 'past' | 'future' | 'arrival' | 'departure' | 'country' | 'email' | 'phone' | 'passport' | 'marital' | 'purpose' | 'number' | 'text';

const KIND: Record<ChatField, Kind> = {
  firstName: 'name',
  lastName: 'name',
  dateOfBirth: 'birth',
  nationality: 'country',
  maritalStatus: 'marital',
  email: 'email',
  phone: 'phone',
  address: 'text',
  city: 'text',
  passportNumber: 'passport',
  passportCountry: 'country',
  passportIssueDate: 'past',
  passportExpiry: 'future',
  purpose: 'purpose',
  arrivalDate: 'arrival',
  departureDate: 'departure',
  usAddress: 'text',
  occupation: 'text',
  employer: 'text',
  monthlyIncome: 'number',
};

const INPUT: Partial<Record<Kind, ChatAsk['input']>> = { birth: 'date', past: 'date', future: 'date', arrival: 'date', departure: 'date', email: 'email', number: 'number', country: 'country' };

/** The first unfilled field of a section, or none when it is complete. */
export function nextInSection(section: ChatSection, data: SectionData): ChatField | undefined {
  return CHAT_SECTIONS[section].find((f) => !(data[f] ?? '').trim());
}

/** The section after this one that still has something to ask. */
export function nextSection(current: ChatSection, data: SectionData): ChatSection | undefined {
  const at = CHAT_SECTION_ORDER.indexOf(current);
  return [...CHAT_SECTION_ORDER.slice(at + 1), ...CHAT_SECTION_ORDER.slice(0, at)].find((s) => nextInSection(s, data));
}

export function askField(field: ChatField, language: Language): ChatAsk {
  const key = field === 'nationality' ? 'citizenship_country' : field === 'purpose' ? 'trip_purpose' : field;
  return { field, label: phrase(language, 'reply', `ask.${key}`), input: INPUT[KIND[field]] ?? (KIND[field] === 'marital' || KIND[field] === 'purpose' ? 'none' : 'text') };
}

/** Spec 3-ai §4.6: complete when every field is filled or progress reaches 90%. */
export function isComplete(data: SectionData): boolean {
  return chatProgress(data) >= COMPLETE_AT || CHAT_SECTION_ORDER.every((s) => !nextInSection(s, data));
}

/** A field as the reading sees it; a departure counts from the arrival, a phone from the nationality's plan. */
export function askedSectionField(field: ChatField, data: SectionData): Asked {
  const phoneCountry = codeOf(data.nationality ?? data.passportCountry);
  return askedOfChatField(field, { ...(data.arrivalDate ? { arrival: data.arrivalDate } : {}), ...(phoneCountry ? { phoneCountry } : {}) });
}

/** Other values a reading gives, and the field each fills ("del 1 al 15 de julio" gives the departure too). */
const ALSO: Record<string, ChatField> = { lastName: 'lastName', departure: 'departureDate' };

/**
 * What an answer gives the current section (issue 32): the field asked, when the reading stored it, and what the
 * message states outright about the section's other empty fields (an e-mail, a phone, a nationality, a passport
 * number, the purpose, a name already in passport spelling). Each passes the shared validators before it is kept.
 */
export function readSection(section: ChatSection, data: SectionData, asked: ChatField | undefined, stored: { value: string; also?: Record<string, string> } | undefined, found: Extracted, today = new Date()): SectionData {
  const out: SectionData = {};
  const fields = CHAT_SECTIONS[section] as readonly ChatField[];
  const keep = (field: ChatField, value: string | undefined) => {
    if (!value || !fields.includes(field) || out[field] || (data[field] ?? '').trim() || field === asked) return;
    if (!chatFieldRule(field, { ...data, ...out }, today)(value)) out[field] = value;
  };
  if (asked && stored) {
    out[asked] = stored.value;
    for (const [key, value] of Object.entries(stored.also ?? {})) if (ALSO[key]) keep(ALSO[key], value);
  }
  keep('email', found.email);
  keep('phone', found.phone);
  keep('nationality', found.nationality);
  keep('passportNumber', found.passportNumber);
  keep('purpose', found.purpose);
  for (const field of ['firstName', 'lastName'] as const) if (found[field] && isPassportSpelling(found[field]!)) keep(field, found[field]);
  return out;
}

/** The fields just filled, in words, for the reply to acknowledge. */
export function understoodFields(add: SectionData, language: Language): string[] {
  return (Object.keys(add) as ChatField[]).map((f) => {
    const kind = KIND[f] === 'country' ? 'country' : f === 'purpose' ? 'purpose' : f === 'maritalStatus' ? 'marital' : 'plain';
    const shown = spoken(language, add[f] as string, kind);
    return `${fieldLabel(language, f)}: ${shown}`;
  });
}
