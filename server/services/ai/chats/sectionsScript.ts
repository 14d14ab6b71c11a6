import { CHAT_SECTION_ORDER, CHAT_SECTIONS, COMPLETE_AT, chatProgress, type ChatField, type ChatSection } from '../../../../machines/domain/chatFields';
import { isValidEmail, toIsoDate, validateArrivalDate, validateBirthDate, validateDate } from '../../../../machines/domain/validators';
import { fieldLabel, phrase, spoken } from '../builtin/phrases';
import { fold, type Language } from '../builtin/text';
import type { ChatAsk, Extracted } from '../schemas';

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

const MARITAL: Record<string, readonly string[]> = {
  single: ['single', 'soltero', 'soltera', 'celibataire', 'solteiro', 'solteira'],
  married: ['married', 'casado', 'casada', 'marie', 'mariee'],
  divorced: ['divorced', 'divorciado', 'divorciada', 'divorce', 'divorcee'],
  widowed: ['widowed', 'widow', 'widower', 'viudo', 'viuda', 'veuf', 'veuve', 'viuvo', 'viuva'],
};

const NAME = /^[\p{L}][\p{L}' -]{0,49}$/u;
const PASSPORT = /\b([A-Z0-9]{6,9})\b/;

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

/**
 * What an answer gives the current section: the field just asked read from the answer, and any other field of
 * the section the engine found stated outright. Each passes the shared validators before it is kept.
 */
export function readSection(section: ChatSection, data: SectionData, message: string, found: Extracted, today = new Date()): SectionData {
  const asked = nextInSection(section, data);
  const day = toIsoDate(today);
  const text = message.trim();
  const folded = fold(text);
  const dates = found.dates.map((d) => d.iso);
  const out: SectionData = {};
  for (const field of CHAT_SECTIONS[section]) {
    const isAsked = field === asked;
    let value: string | undefined;
    switch (KIND[field]) {
      case 'email':
        value = found.email && isValidEmail(found.email) ? found.email : undefined;
        break;
      case 'phone':
        value = found.phone;
        break;
      case 'purpose':
        value = found.purpose;
        break;
      case 'passport':
        value = found.passportNumber ?? (isAsked ? PASSPORT.exec(text.toUpperCase())?.[1] : undefined);
        break;
      case 'country':
        value = field === 'nationality' ? (found.nationality ?? (isAsked ? found.countries[0] : undefined)) : isAsked ? (found.countries[0] ?? found.nationality) : undefined;
        break;
      case 'name':
        value = field === 'firstName' ? found.firstName : found.lastName;
        if (!value && isAsked && NAME.test(text)) value = text;
        break;
      case 'marital':
        value = isAsked ? Object.keys(MARITAL).find((k) => MARITAL[k]!.some((w) => new RegExp(`\\b${w}\\b`).test(folded))) : undefined;
        break;
      case 'number':
        value = isAsked ? /\d[\d.,]*/.exec(text)?.[0]?.replace(/,/g, '') : undefined;
        break;
      case 'text':
        value = isAsked && text.length >= 2 ? text.slice(0, 200) : undefined;
        break;
      case 'birth':
        value = isAsked && dates[0] && !validateBirthDate(dates[0], day) ? dates[0] : undefined;
        break;
      case 'past':
        value = isAsked && dates[0] && !validateDate(dates[0]) && dates[0] < day ? dates[0] : undefined;
        break;
      case 'future':
        value = isAsked && dates[0] && !validateDate(dates[0]) && dates[0] > day ? dates[0] : undefined;
        break;
      case 'arrival':
        value = isAsked && dates[0] && !validateArrivalDate(dates[0], day) ? dates[0] : undefined;
        break;
      case 'departure': {
        // Asked for the arrival and given both ends ('del 1 al 15 de marzo'), or asked for the departure.
        const candidate = asked === 'arrivalDate' ? dates[1] : isAsked ? dates[0] : undefined;
        const from = out.arrivalDate ?? data.arrivalDate ?? day;
        value = candidate && !validateDate(candidate) && candidate >= from ? candidate : undefined;
        break;
      }
    }
    if (value && (isAsked || !(data[field] ?? '').trim())) out[field] = value;
  }
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
