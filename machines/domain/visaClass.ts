// Which visa class an applicant's purpose leads to, so the consular fee quoted is the fee of that class (issue 44).
// The forms ask for a purpose, not a class; the class an officer issues can differ (a researcher on a J rather than
// an H), so the rule picks the usual class of each purpose and says which in every quote. Changing the mapping
// here changes every quote, page, PDF, chat and e-mail at once.

import { purposeKey, type PurposeKey } from './answers';
import type { FeeApplicant, VisaClass } from './governmentFees';

/** The usual class of each purpose the forms offer: work → H (temporary worker), study → F, transit → C, religious → R. */
const CLASS_OF_PURPOSE: Readonly<Record<PurposeKey, VisaClass>> = {
  tourism: 'B',
  business: 'B',
  medical: 'B',
  family: 'B',
  other: 'B',
  study: 'F',
  work: 'H',
  transit: 'C',
  religious: 'R',
};

/**
 * Words for purposes no form option names but people and chats say: an exchange (J), a job, a course. Lower case,
 * without accents; checked as whole words.
 */
const SPOKEN: ReadonlyArray<[VisaClass, readonly string[]]> = [
  ['J', ['exchange', 'exchange visitor', 'au pair', 'intercambio', 'echange', 'intercambio cultural', 'intercambio academico']],
  ['H', ['temporary work', 'employment', 'job', 'trabajo', 'travail', 'trabalho', 'empleo', 'emploi', 'emprego']],
  ['F', ['student', 'studies', 'education', 'estudio', 'estudios', 'etudes', 'estudo', 'estudos']],
];

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/**
 * The visa class a purpose leads to, as any form or chat stores it ('Work', 'Study/Education', 'study',
 * 'intercambio'); B (visitor) for anything else, the class of most DS-160 applicants.
 */
export function visaClassForPurpose(purpose: string | null | undefined): VisaClass {
  const text = plain(purpose ?? '');
  if (!text) return 'B';
  const key = purposeKey(text);
  if (key) return CLASS_OF_PURPOSE[key];
  for (const [visaClass, words] of SPOKEN) if (words.some((word) => new RegExp(`(^|[^a-z])${word}($|[^a-z])`).test(text))) return visaClass;
  return 'B';
}

/** Whom a service's fees are for: the ESTA, or the visa class of the trip's purpose. */
export function feeApplicantFor(service: 'ESTA' | 'DS-160', purpose?: string | null): FeeApplicant {
  return service === 'ESTA' ? 'ESTA' : visaClassForPurpose(purpose);
}
