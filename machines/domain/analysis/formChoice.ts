// Whether the application the applicant chose fits them (docs/DECISIONS.md, "Visa rules and prices"): ESTA only for the 40
// waiver nationalities travelling for tourism, business or transit, for at most 90 days; a visa otherwise.
// Also when to apply, which depends on the form.
import { findCountry, type Country } from '../countries';
import { isWaiverCountry, needsNoVisa, recommendVisa, type Purpose } from '../visaRules';
import { recommend, risk, type Finding } from './findings';
import type { Applicant } from './reading';
import { ownEntry } from '../ownEntry';

/** Spec 1-core §9: an ESTA allows stays of up to 90 days. */
const ESTA_MAX_STAY_DAYS = 90;

/** Interview waits at many consulates run past two months, so a trip closer than this needs action now. */
const SOON_DAYS = 60;

/**
 * The visa rule's purpose for each answer. Visiting family or friends and medical treatment are pleasure
 * travel (B-2), which the Visa Waiver Program covers as tourism; work always needs a visa. 'Other' says
 * nothing, so it is absent and no finding depends on it.
 */
const RULE_PURPOSE: Readonly<Record<string, Purpose | 'visa'>> = {
  Tourism: 'tourism',
  Business: 'business',
  Transit: 'transit',
  Study: 'study',
  'Visit Family/Friends': 'tourism',
  'Medical Treatment': 'tourism',
  Work: 'visa',
};

function rulePurpose(a: Applicant): Purpose | 'visa' | undefined {
  const answer = a.answers['purpose-of-travel'];
  return answer === undefined ? undefined : ownEntry(RULE_PURPOSE, answer);
}

const tooLongForEsta = (a: Applicant) => a.stayDays !== null && a.stayDays > ESTA_MAX_STAY_DAYS;

/** The first reason the chosen ESTA would be refused, or null when it fits. */
function whyNotEsta(a: Applicant, country: Country): Finding | null {
  if (!isWaiverCountry(country.name)) return risk('risk.estaNationality', 'nationality', { country: country.name });
  const purpose = rulePurpose(a);
  if (purpose === 'visa' || (purpose !== undefined && recommendVisa(country.name, purpose) === 'DS-160')) {
    return risk('risk.estaPurpose', 'purpose-of-travel');
  }
  if (tooLongForEsta(a)) {
    return risk('risk.estaStayTooLong', 'length-of-stay', { stay: a.answers['length-of-stay'] ?? '', days: a.stayDays ?? 0 });
  }
  return null;
}

/**
 * A waiver national who chose a visa might not need one. Not after a refusal, an overstay or an arrest: those
 * must be declared on the ESTA and often get it denied, so the interview is then the surer road.
 */
function estaWouldDo(a: Applicant, country: Country): boolean {
  const purpose = rulePurpose(a);
  if (purpose === undefined || purpose === 'visa' || recommendVisa(country.name, purpose) !== 'ESTA') return false;
  if (tooLongForEsta(a)) return false;
  return !['previous-refusal', 'overstay-history', 'criminal-record'].some((id) => a.answers[id] === 'Yes');
}

function visaTiming(a: Applicant): Finding[] {
  const days = a.daysToArrival;
  if (days !== null && days < SOON_DAYS) return [recommend('recommendation.arrivalSoon', 'intended-arrival-date', { days })];
  return [recommend('recommendation.applyEarly', days === null ? 'form-type' : 'intended-arrival-date')];
}

export function formChoiceFindings(a: Applicant): Finding[] {
  const country = findCountry(a.answers['nationality'] ?? '');
  if (country && needsNoVisa(country.name)) return [recommend('recommendation.noVisaNeeded', 'nationality')];

  if (a.formType === 'ESTA') {
    if (!country) {
      return [recommend('recommendation.checkWaiverList', 'nationality'), recommend('recommendation.esta72Hours', 'form-type')];
    }
    const reason = whyNotEsta(a, country);
    if (!reason) return [recommend('recommendation.esta72Hours', 'form-type')];
    return [reason, recommend('recommendation.applyDs160', 'form-type'), ...visaTiming(a)];
  }

  const esta =
    country && estaWouldDo(a, country)
      ? [recommend('recommendation.estaMayBeEnough', 'form-type', { country: country.name })]
      : [];
  return [...esta, ...visaTiming(a)];
}
