// Ties to home: the job, money, property and family that give an applicant reasons to return, which is what a
// visitor must show to overcome the presumption of immigrant intent (INA §214(b)).
import { fold } from '../countries';
import { missing, recommend, risk, strength, type Finding } from './findings';
import type { Applicant } from './reading';

/** Officers do not expect minors to work, so a minor without a job is not a weak tie. */
const ADULT_AGE = 18;

/** A reason to return told in fewer characters than this is worth preparing better for the interview. */
const BRIEF_EXPLANATION = 40;

function tenureFindings(a: Applicant): Finding[] {
  const q = 'years-employed';
  switch (a.answers[q]) {
    case 'More than 5 years':
      return [strength('strength.employedLong', q, { years: 5 })];
    case '3-5 years':
      return [strength('strength.employedLong', q, { years: 3 })];
    case '1-3 years':
      return [strength('strength.employed', q)];
    case 'Less than 1 year':
      return [risk('risk.recentJob', q)];
    default:
      // Working but tenure unknown ('Not applicable' or unanswered): the job still counts, without its length.
      return [strength('strength.employed', 'employment-status')];
  }
}

function employmentFindings(a: Applicant): Finding[] {
  const q = 'employment-status';
  switch (a.answers[q]) {
    case 'Employed':
      return [...tenureFindings(a), recommend('recommendation.employmentProof', q), missing('missing.employmentLetter', q)];
    case 'Self-Employed':
      return [...tenureFindings(a), missing('missing.businessProof', q)];
    case 'Student':
      // Someone coming to study proves it with the U.S. school's papers (see trip.ts), not with a home enrolment.
      return a.answers['purpose-of-travel'] === 'Study'
        ? [strength('strength.student', q)]
        : [strength('strength.student', q), missing('missing.homeEnrolment', q)];
    case 'Retired':
      return [strength('strength.retired', q), missing('missing.pensionProof', q)];
    case 'Unemployed':
      if (a.age !== null && a.age < ADULT_AGE) return [];
      return [risk('risk.unemployed', q), recommend('recommendation.showOtherTies', q)];
    case 'Other':
      return [recommend('recommendation.explainOccupation', q)];
    default:
      return [];
  }
}

const NO_INCOME_WORDS: ReadonlySet<string> = new Set([
  'none', 'nothing', 'zero', 'ninguno', 'ninguna', 'nada', 'cero', 'aucun', 'aucune', 'rien', 'nenhum', 'nenhuma',
]);
const NO_INCOME_PHRASE = /\b(?:no|sin|sem|sans)\s+(?:income|ingresos?|renda|rendimentos?|revenus?|salaire|salario|sueldo)\b/;

/**
 * Whether the free-text income says some, none, or cannot be read. Any amount above zero counts as some: the
 * currency and the cost of living vary too much to judge the amount itself.
 */
export function incomeOf(text: string): 'some' | 'none' | null {
  const folded = fold(text);
  const amount = /\d[\d.,\s]*/.exec(folded);
  if (amount) return Number(amount[0].replace(/\D/g, '')) > 0 ? 'some' : 'none';
  const words = folded.match(/[a-z]+/g) ?? [];
  return NO_INCOME_PHRASE.test(folded) || words.some((w) => NO_INCOME_WORDS.has(w)) ? 'none' : null;
}

function moneyFindings(a: Applicant): Finding[] {
  const found: Finding[] = [];
  const income = a.answers['monthly-income'];
  const said = income === undefined ? null : incomeOf(income);
  if (said === 'some') {
    found.push(strength('strength.income', 'monthly-income', { income: income ?? '' }));
    found.push(missing('missing.incomeProof', 'monthly-income'));
  } else if (said === 'none') {
    found.push(risk('risk.noIncome', 'monthly-income'));
  }
  const q = 'bank-statements';
  if (a.answers[q] === 'Yes') {
    found.push(strength('strength.funds', q), recommend('recommendation.bankStatements', q));
  } else if (a.answers[q] === 'No') {
    found.push(risk('risk.noFunds', q), recommend('recommendation.bankStatements', q), missing('missing.bankStatements', q));
  }
  if (a.answers['owns-property'] === 'Yes') {
    found.push(strength('strength.property', 'owns-property'), recommend('recommendation.propertyDeed', 'owns-property'));
  }
  return found;
}

function familyFindings(a: Applicant): Finding[] {
  const found: Finding[] = [];
  const marital = a.answers['marital-status'];
  if (marital === 'Married' || marital === 'Domestic Partnership') found.push(strength('strength.partner', 'marital-status'));
  const children = a.answers['children'];
  if (children !== undefined && children !== 'None') found.push(strength('strength.children', 'children'));
  const home = a.answers['has-family-in-home-country'];
  if (home === 'Yes') found.push(strength('strength.familyAtHome', 'has-family-in-home-country'));
  if (home === 'No') found.push(risk('risk.noFamilyAtHome', 'has-family-in-home-country'));
  if (a.answers['family-in-us'] === 'Yes') {
    found.push(risk('risk.familyInUs', 'family-in-us'), recommend('recommendation.explainFamilyInUs', 'family-in-us'));
  }
  return found;
}

function explanationFindings(a: Applicant): Finding[] {
  const q = 'ties-explanation';
  const text = a.answers[q];
  return text !== undefined && [...text].length < BRIEF_EXPLANATION ? [recommend('recommendation.prepareTiesExplanation', q)] : [];
}

export function tiesFindings(a: Applicant): Finding[] {
  return [...employmentFindings(a), ...moneyFindings(a), ...familyFindings(a), ...explanationFindings(a)];
}
