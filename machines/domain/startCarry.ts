// The start flow's choice carried into the form it leads to (spec 2-wizards §2.1, §7: /visa-wizard and /apply keep
// apply-country and apply-purpose in session storage): the form opens with the nationality, the country of birth
// and the purpose already answered, as the applicant gave them a step before. Only empty answers are filled in;
// whatever the applicant has typed stays.

import { findCountry } from './countries';
import { ESTA_PURPOSES, favourableCitizenship, isPurpose, type Purpose } from './visaRules';
import type { Answers } from './wizardProgress';

/** The choice as session storage keeps it (machines/domain/storageKeys.ts); anything may be missing. */
export interface StartChoiceKept {
  country: string | null;
  purpose: string | null;
  /** The second citizenship of an applicant who has two (/apply). */
  otherCountry?: string | null;
}

type SectionedValues = Partial<Record<string, Record<string, unknown>>>;

/** The ten-section form's trip purposes (spec 2-wizards §3.6) and the DS-160 wizard's (§3.2) for the start flow's. */
const FORM_PURPOSES: Readonly<Record<Purpose, string>> = { tourism: 'Tourism', business: 'Business', study: 'Study', transit: 'Transit' };
const DS160_PURPOSES: Readonly<Record<Purpose, string>> = { tourism: 'Tourism/Vacation', business: 'Business', study: 'Study/Education', transit: 'Transit' };

function read(choice: StartChoiceKept): { country?: string; other?: string; purpose?: Purpose } {
  const country = choice.country ? findCountry(choice.country)?.name : undefined;
  const other = choice.otherCountry ? findCountry(choice.otherCountry)?.name : undefined;
  return { ...(country ? { country } : {}), ...(other ? { other } : {}), ...(isPurpose(choice.purpose) ? { purpose: choice.purpose } : {}) };
}

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The question wizards' answers with the choice in the questions still empty. */
export function withStartChoice(catalogId: string, answers: Answers, choice: StartChoiceKept): Answers {
  const { country, other, purpose } = read(choice);
  const carried: Answers = {};
  if (catalogId === 'ds160') {
    if (country) Object.assign(carried, { nationality: country, 'birth-country': country });
    if (purpose) carried['purpose-of-trip'] = DS160_PURPOSES[purpose];
  } else if (catalogId === 'esta') {
    // The ESTA is for the passport the summary recommended it for: of two citizenships, the more favourable.
    if (country) carried['passport-country'] = purpose ? favourableCitizenship(country, other, purpose) : country;
    if (purpose && ESTA_PURPOSES.includes(purpose)) carried.purpose = purpose;
  }
  const filled = Object.entries(carried).filter(([id]) => isEmpty(answers[id]));
  return filled.length === 0 ? answers : { ...answers, ...Object.fromEntries(filled) };
}

/** The ten-section form's answers with the choice in the fields still empty. */
export function formWithStartChoice<V extends SectionedValues>(values: V, choice: StartChoiceKept): V {
  const { country, purpose } = read(choice);
  const carried: ReadonlyArray<readonly [section: string, field: string, value: string]> = [
    ...(country ? [['personal-info', 'nationality', country] as const, ['personal-info', 'birthCountry', country] as const] : []),
    ...(purpose ? [['travel-info', 'tripPurpose', FORM_PURPOSES[purpose]] as const] : []),
  ];
  let next: SectionedValues = values;
  for (const [section, field, value] of carried) {
    if (!isEmpty(next[section]?.[field])) continue;
    next = { ...next, [section]: { ...(next[section] ?? {}), [field]: value } };
  }
  return next as V;
}
