// Travel history: the record an officer trusts most, because it shows what the applicant did, not what they
// promise. Returning on time from earlier trips counts for; refusals, overstays and arrests count against.
import { recommend, missing, risk, strength, type Finding } from './findings';
import type { Applicant } from './reading';

const yes = (a: Applicant, id: string) => a.answers[id] === 'Yes';

function travelFindings(a: Applicant): Finding[] {
  const found: Finding[] = [];
  if (yes(a, 'previous-us-travel')) {
    found.push(strength('strength.previousUsTravel', 'previous-us-travel'));
    found.push(recommend('recommendation.oldPassports', 'previous-us-travel'));
  }
  if (yes(a, 'previous-us-visa')) found.push(strength('strength.previousUsVisa', 'previous-us-visa'));
  switch (a.answers['other-countries-visited']) {
    case 'More than 5 countries':
    case '3-5 countries':
      found.push(strength('strength.travelledWidely', 'other-countries-visited'));
      break;
    case '1-2 countries':
      found.push(strength('strength.someTravel', 'other-countries-visited'));
      break;
    case 'None':
      // Earlier U.S. trips are travel history too; only no travel at all is a gap.
      if (!yes(a, 'previous-us-travel')) found.push(risk('risk.noTravelHistory', 'other-countries-visited'));
      break;
  }
  return found;
}

function recordFindings(a: Applicant): Finding[] {
  const found: Finding[] = [];
  if (yes(a, 'previous-refusal')) {
    found.push(risk('risk.previousRefusal', 'previous-refusal'));
    found.push(recommend('recommendation.explainRefusal', 'previous-refusal'));
  }
  if (yes(a, 'overstay-history')) {
    found.push(risk('risk.overstay', 'overstay-history'));
    found.push(recommend('recommendation.explainOverstay', 'overstay-history'));
  }
  if (yes(a, 'criminal-record')) {
    found.push(risk('risk.criminalRecord', 'criminal-record'));
    found.push(recommend('recommendation.legalAdvice', 'criminal-record'));
    found.push(missing('missing.courtRecords', 'criminal-record'));
  }
  return found;
}

export function historyFindings(a: Applicant): Finding[] {
  return [...recordFindings(a), ...travelFindings(a)];
}
