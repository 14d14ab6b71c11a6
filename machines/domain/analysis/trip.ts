// The trip itself: what it is for, who pays, how long, and whether the passport will last. Each purpose has the
// document that proves it; a stay long for a visit and an unknown payer are what an officer questions.
import { missing, recommend, risk, strength, type Finding } from './findings';
import type { Applicant } from './reading';

/** Up to a month reads as an ordinary visit. */
const SHORT_STAY_DAYS = 30;
/** Beyond three months is long for a visit; beyond six, longer than a visitor is usually admitted for. */
const LONG_STAY_DAYS = 90;
const VERY_LONG_STAY_DAYS = 180;

function purposeFindings(a: Applicant): Finding[] {
  const q = 'purpose-of-travel';
  switch (a.answers[q]) {
    case 'Study':
      return [missing('missing.i20', q)];
    case 'Business':
      return [missing('missing.invitationLetter', q), recommend('recommendation.businessAgenda', q)];
    case 'Work':
      return [recommend('recommendation.workPetition', q)];
    case 'Visit Family/Friends':
      return [missing('missing.hostInvitation', q)];
    case 'Medical Treatment':
      return [missing('missing.medicalLetter', q)];
    default:
      return [];
  }
}

function payerFindings(a: Applicant): Finding[] {
  const q = 'who-pays';
  switch (a.answers[q]) {
    case 'Self':
      return [strength('strength.selfFunded', q)];
    case 'Employer':
      return [strength('strength.employerFunded', q), missing('missing.sponsorLetter', q)];
    case 'Government':
    case 'Other Organization':
      return [strength('strength.institutionFunded', q), missing('missing.sponsorLetter', q)];
    case 'Family/Friends':
      return [
        risk('risk.familyFunded', q),
        recommend('recommendation.documentSponsor', q),
        missing('missing.sponsorLetter', q),
        missing('missing.sponsorFunds', q),
      ];
    case 'Other':
      return [
        risk('risk.unclearFunding', q),
        recommend('recommendation.documentSponsor', q),
        missing('missing.sponsorLetter', q),
        missing('missing.sponsorFunds', q),
      ];
    default:
      return [];
  }
}

function stayFindings(a: Applicant): Finding[] {
  const q = 'length-of-stay';
  const days = a.stayDays;
  if (days === null) return [];
  const params = { stay: a.answers[q] ?? '', days };
  if (days <= SHORT_STAY_DAYS) return [strength('strength.shortStay', q, params)];
  if (days <= LONG_STAY_DAYS) return [];
  const key = days <= VERY_LONG_STAY_DAYS ? 'risk.longStay' : 'risk.veryLongStay';
  return [risk(key, q, params), recommend('recommendation.justifyStay', q, params)];
}

function passportFindings(a: Applicant): Finding[] {
  // Without a passport the six-month question is moot; the missing passport is the one finding.
  if (a.answers['has-passport'] === 'No') {
    const q = 'has-passport';
    return [risk('risk.noPassport', q), recommend('recommendation.renewPassport', q), missing('missing.validPassport', q)];
  }
  const q = 'passport-valid-6-months';
  const answer = a.answers[q];
  if (answer !== 'No' && answer !== 'Not sure') return [];
  return [
    risk(answer === 'No' ? 'risk.passportExpiring' : 'risk.passportUnsure', q),
    recommend('recommendation.renewPassport', q),
    missing('missing.validPassport', q),
  ];
}

export function tripFindings(a: Applicant): Finding[] {
  return [...purposeFindings(a), ...payerFindings(a), ...stayFindings(a), ...passportFindings(a)];
}
