// The scoring table of the approval analysis, in one place so the page, the tests and a reviewer read the same
// numbers. A strength adds its points, a risk subtracts; recommendations and missing documents never move the
// score, because they are next steps, not evidence about the applicant.

/**
 * Where every analysis starts, a little under even: a visitor-visa applicant is presumed to intend to immigrate
 * until they show ties to home (INA §214(b)), so knowing nothing is not a neutral position.
 */
export const BASE_SCORE = 45;

/** Never 0 or 100: we do not decide visas and we do not guarantee them. */
export const MIN_PROBABILITY = 5;
export const MAX_PROBABILITY = 95;

export const STRENGTH_POINTS = {
  'strength.employedLong': 10,
  'strength.employed': 6,
  'strength.student': 5,
  'strength.retired': 5,
  'strength.income': 4,
  'strength.funds': 5,
  'strength.property': 8,
  'strength.partner': 4,
  'strength.children': 4,
  'strength.familyAtHome': 4,
  'strength.previousUsTravel': 10,
  'strength.previousUsVisa': 5,
  'strength.travelledWidely': 5,
  'strength.someTravel': 2,
  'strength.selfFunded': 4,
  'strength.employerFunded': 4,
  'strength.institutionFunded': 2,
  'strength.shortStay': 5,
  // English is not a visa criterion; it only makes the interview and the trip easier, hence the small weight.
  'strength.english': 2,
} as const;

export const RISK_POINTS = {
  'risk.recentJob': -3,
  'risk.unemployed': -12,
  'risk.noIncome': -5,
  'risk.noFunds': -8,
  'risk.noFamilyAtHome': -4,
  // Mixed: relatives there are a pull towards staying, yet perfectly normal; a small weight, and a chance to explain.
  'risk.familyInUs': -3,
  'risk.noTravelHistory': -5,
  'risk.previousRefusal': -15,
  'risk.overstay': -25,
  'risk.criminalRecord': -20,
  'risk.familyFunded': -2,
  'risk.unclearFunding': -8,
  'risk.longStay': -8,
  'risk.veryLongStay': -15,
  'risk.noPassport': -5,
  'risk.passportExpiring': -8,
  'risk.passportUnsure': -4,
  // The chosen ESTA would be refused as asked; only the first reason counts, so one wrong choice costs once.
  'risk.estaNationality': -10,
  'risk.estaPurpose': -10,
  'risk.estaStayTooLong': -10,
} as const;

export const RECOMMENDATION_KEYS = [
  'recommendation.employmentProof',
  'recommendation.showOtherTies',
  'recommendation.explainOccupation',
  'recommendation.bankStatements',
  'recommendation.propertyDeed',
  'recommendation.explainFamilyInUs',
  'recommendation.oldPassports',
  'recommendation.explainRefusal',
  'recommendation.explainOverstay',
  'recommendation.legalAdvice',
  'recommendation.documentSponsor',
  'recommendation.businessAgenda',
  'recommendation.workPetition',
  'recommendation.justifyStay',
  'recommendation.renewPassport',
  'recommendation.interviewLanguage',
  'recommendation.applyEarly',
  'recommendation.arrivalSoon',
  'recommendation.applyDs160',
  'recommendation.estaMayBeEnough',
  'recommendation.esta72Hours',
  'recommendation.checkWaiverList',
  'recommendation.noVisaNeeded',
  'recommendation.prepareTiesExplanation',
] as const;

export const MISSING_KEYS = [
  'missing.employmentLetter',
  'missing.businessProof',
  'missing.homeEnrolment',
  'missing.pensionProof',
  'missing.incomeProof',
  'missing.bankStatements',
  'missing.sponsorLetter',
  'missing.sponsorFunds',
  'missing.i20',
  'missing.invitationLetter',
  'missing.hostInvitation',
  'missing.medicalLetter',
  'missing.validPassport',
  'missing.courtRecords',
  'missing.parentalConsent',
  'missing.residencePermit',
] as const;
