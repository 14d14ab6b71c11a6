// Who the applicant is, kept to what changes their papers or their interview, never their odds for who they
// are: age only decides whether a minor needs a parent's consent, residence only whether to prove it, and
// English only makes the interview easier.
import { findCountry } from '../countries';
import { needsNoVisa } from '../visaRules';
import { missing, recommend, strength, type Finding } from './findings';
import type { Applicant } from './reading';

const ADULT_AGE = 18;

function englishFindings(a: Applicant): Finding[] {
  const q = 'english-level';
  const level = a.answers[q];
  if (level === 'Advanced' || level === 'Fluent') return [strength('strength.english', q)];
  // An ESTA has no interview, so there is nothing to prepare for.
  if ((level === 'None' || level === 'Basic') && a.formType === 'DS-160') return [recommend('recommendation.interviewLanguage', q)];
  return [];
}

function minorFindings(a: Applicant): Finding[] {
  return a.age !== null && a.age < ADULT_AGE ? [missing('missing.parentalConsent', 'birth-date', { age: a.age })] : [];
}

/** A visa applicant living outside their country of nationality shows they live there legally. */
function residenceFindings(a: Applicant): Finding[] {
  if (a.formType !== 'DS-160') return [];
  const nationality = findCountry(a.answers['nationality'] ?? '');
  const residence = findCountry(a.answers['country-of-residence'] ?? '');
  // Someone living in the United States already holds a U.S. status; that is a different conversation.
  if (!nationality || !residence || nationality.code === residence.code || needsNoVisa(residence.name)) return [];
  return [missing('missing.residencePermit', 'country-of-residence', { country: residence.name })];
}

export function profileFindings(a: Applicant): Finding[] {
  return [...minorFindings(a), ...residenceFindings(a), ...englishFindings(a)];
}
