import { ESTA_ELIGIBILITY_IDS } from '../../../../machines/domain/catalogs/esta';
import { COUNTRIES } from '../../../../machines/domain/countryList';
import type { Question } from '../../../../machines/domain/questions';
import { hasNameRule, hasOrganisationRule } from '../../../../machines/domain/validators';
import { text as catalogText } from '../builtin/interviews';
import type { Language } from '../builtin/text';
import type { Asked, AskedOption, DateSense } from './types';

// What each question asks, in the reading's terms: the wizards' catalog questions (the AI assistant's interview)
// and the chats' fields.

const LANGUAGES: readonly Language[] = ['en', 'es', 'fr', 'pt'];

export function optionsOf(values: readonly { value: string; labelKey: string }[]): AskedOption[] {
  return values.map((o) => ({ value: o.value, labels: Object.fromEntries(LANGUAGES.map((l) => [l, catalogText(o.labelKey, l)])) as Record<Language, string> }));
}

const SENSE: Partial<Record<string, DateSense>> = {
  birthDate: 'birth',
  parentBirthDate: 'birth',
  past: 'past',
  passportIssueDate: 'past',
  future: 'future',
  passportExpiryDate: 'future',
  arrivalDate: 'future',
};

// Every DS-160 security question is one, and every ESTA eligibility question ("seeking work" among them, asked by the
// interview since issue 45): an unsure no to any of them is asked, never stored.
const ELIGIBILITY = /^security-|disease|criminal|drug|terror|fraud|denial|overstay|custody|restricted|refus|arrest|deport|violation/;

/**
 * Whether the reading offers an accented answer back in A–Z: a person's name, and an organisation whose id says
 * 'name' (the employer's, as before the organisation rule): the form takes its accents now, but the offer is what
 * the official site keeps, and it stays the reading's own choice, not the validator's.
 */
const offersLatin = (question: Question): boolean => hasNameRule(question) || (hasOrganisationRule(question) && question.id.includes('name'));

/** A catalog question as the reading sees it. */
export function askedOfQuestion(question: Question, known: { phoneCountry?: string; homeCountry?: string } = {}): Asked {
  const field = question.id;
  const base = { field };
  switch (question.type) {
    case 'email':
      return { ...base, kind: 'email' };
    case 'phone':
      return { ...base, kind: 'phone', ...(known.phoneCountry ? { phoneCountry: known.phoneCountry } : {}) };
    case 'date':
      return { ...base, kind: 'date', dates: SENSE[question.validation ?? ''] ?? 'past' };
    case 'country':
      return { ...base, kind: 'country' };
    case 'number':
      // The spec asks the wizard's monthly salary in U.S. dollars (spec 2, DECISIONS: salary in USD).
      return { ...base, kind: 'amount', ...(field === 'monthly-salary' ? { usd: true, ...(known.homeCountry ? { homeCountry: known.homeCountry } : {}) } : {}) };
    case 'radio':
    case 'select':
      return { ...base, kind: 'choice', options: optionsOf(question.options ?? []), ...(ELIGIBILITY.test(field) || ESTA_ELIGIBILITY_IDS.includes(field) ? { eligibility: true } : {}) };
    case 'city':
      return { ...base, kind: 'city' };
    default:
      if (field === 'passport-number') return { ...base, kind: 'passport' };
      if (/^(first|last)-name$|payer-name|emergency-contact/.test(field)) return { ...base, kind: 'name', latin: offersLatin(question) };
      if (/address/.test(field)) return { ...base, kind: 'address' };
      return { ...base, kind: 'text', latin: offersLatin(question), ...(question.type === 'textarea' ? { prose: true } : {}) };
  }
}

/** The ISO code of a country stored by its English name, for reading a phone typed without its code. */
export const codeOf = (country: string | undefined): string | undefined => (country ? COUNTRIES.find((c) => c.name === country)?.code : undefined);

const PURPOSE_VALUES = ['tourism', 'business', 'study', 'transit'] as const;
const MARITAL_VALUES = ['single', 'married', 'divorced', 'widowed'] as const;

/** The start flow's four purposes (aivisa, the consular chat, the intelligent chat), labelled in the four languages. */
export const PURPOSE_OPTIONS: AskedOption[] = optionsOf(PURPOSE_VALUES.map((v) => ({ value: v, labelKey: `catalog:options.${v === 'tourism' ? 'tourism' : v === 'study' ? 'study' : v}` })));
export const MARITAL_OPTIONS: AskedOption[] = optionsOf(MARITAL_VALUES.map((v) => ({ value: v, labelKey: `catalog:options.${v}` })));

/** The chats' fields (advanced chat, consular chat, intelligent chat) as the reading sees them. */
export function askedOfChatField(field: string, known: { phoneCountry?: string; arrival?: string } = {}): Asked {
  switch (field) {
    case 'citizenship_country':
    case 'nationality':
    case 'country':
      return { field: 'nationality', kind: 'country' };
    case 'passportCountry':
      return { field: 'passportCountry', kind: 'country' };
    case 'trip_purpose':
    case 'purpose':
      return { field, kind: 'choice', options: PURPOSE_OPTIONS };
    case 'maritalStatus':
      return { field, kind: 'choice', options: MARITAL_OPTIONS };
    case 'email':
      return { field, kind: 'email' };
    case 'phone':
      return { field, kind: 'phone', ...(known.phoneCountry ? { phoneCountry: known.phoneCountry } : {}) };
    case 'firstName':
    case 'lastName':
      return { field, kind: 'name', latin: true };
    case 'name':
    case 'fullName':
      return { field, kind: 'fullName', latin: true };
    case 'dateOfBirth':
      return { field, kind: 'date', dates: 'birth' };
    case 'passportIssueDate':
      return { field, kind: 'date', dates: 'past' };
    case 'passportExpiry':
    case 'arrivalDate':
      return { field, kind: 'date', dates: 'future' };
    case 'departureDate':
      return { field, kind: 'date', dates: 'future', ...(known.arrival ? { after: known.arrival } : {}) };
    case 'passportNumber':
      return { field, kind: 'passport' };
    case 'monthlyIncome':
      return { field, kind: 'amount' };
    case 'address':
    case 'usAddress':
      return { field, kind: 'address' };
    case 'city':
      return { field, kind: 'city' };
    default:
      return { field, kind: 'text' };
  }
}
