import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../machines/domain/analysis/findings';
import { formChoiceFindings } from '../../machines/domain/analysis/formChoice';
import { historyFindings } from '../../machines/domain/analysis/history';
import { profileFindings } from '../../machines/domain/analysis/profile';
import { readApplicant, relevantAnswers, type Applicant } from '../../machines/domain/analysis/reading';
import { incomeOf, tiesFindings } from '../../machines/domain/analysis/ties';
import type { Catalog, Question } from '../../machines/domain/questions';

// Each rule of the approval analysis on its own, with the applicant written out here: what it finds, and which
// question it names. The score, the order and the texts are tests/domain/analysis.test.ts's.
const applicant = (answers: Record<string, string>, extra: Partial<Applicant> = {}): Applicant => ({
  answers,
  formType: answers['form-type'] === 'ESTA' ? 'ESTA' : 'DS-160',
  age: 30,
  daysToArrival: null,
  stayDays: null,
  ...extra,
});
const said = (found: Finding[]) => found.map((f) => `${f.kind}:${f.key}@${f.question}`);

describe('who the applicant is', () => {
  it('counts fluent or advanced English for them, and prepares a visa applicant with little English', () => {
    expect(said(profileFindings(applicant({ 'english-level': 'Fluent' })))).toEqual(['strength:strength.english@english-level']);
    expect(said(profileFindings(applicant({ 'english-level': 'Advanced' })))).toEqual(['strength:strength.english@english-level']);
    expect(said(profileFindings(applicant({ 'english-level': 'Basic' })))).toEqual(['recommendation:recommendation.interviewLanguage@english-level']);
    expect(said(profileFindings(applicant({ 'english-level': 'None' })))).toEqual(['recommendation:recommendation.interviewLanguage@english-level']);
    expect(said(profileFindings(applicant({ 'english-level': 'Intermediate' })))).toEqual([]);
    // An ESTA has no interview.
    expect(said(profileFindings(applicant({ 'english-level': 'None', 'form-type': 'ESTA' })))).toEqual([]);
    expect(said(profileFindings(applicant({ 'english-level': 'Fluent', 'form-type': 'ESTA' })))).toEqual(['strength:strength.english@english-level']);
  });

  it("asks for a parent's consent under 18, and only then", () => {
    expect(profileFindings(applicant({}, { age: 17 }))).toEqual([{ kind: 'missing', key: 'missing.parentalConsent', question: 'birth-date', params: { age: 17 } }]);
    expect(profileFindings(applicant({}, { age: 0 }))).toHaveLength(1);
    expect(profileFindings(applicant({}, { age: 18 }))).toEqual([]);
    expect(profileFindings(applicant({}, { age: null }))).toEqual([]);
  });

  it('asks a visa applicant living in another country than their own for proof they live there', () => {
    expect(profileFindings(applicant({ nationality: 'Colombia', 'country-of-residence': 'Spain' }))).toEqual([
      { kind: 'missing', key: 'missing.residencePermit', question: 'country-of-residence', params: { country: 'Spain' } },
    ]);
    expect(profileFindings(applicant({ nationality: 'colombia', 'country-of-residence': 'CO' }))).toEqual([]);
    expect(profileFindings(applicant({ nationality: 'Colombia', 'country-of-residence': 'United States' }))).toEqual([]);
    expect(profileFindings(applicant({ nationality: 'Colombia' }))).toEqual([]);
    expect(profileFindings(applicant({ 'country-of-residence': 'Spain' }))).toEqual([]);
    expect(profileFindings(applicant({ nationality: 'Atlantis', 'country-of-residence': 'Spain' }))).toEqual([]);
    expect(profileFindings(applicant({ nationality: 'Colombia', 'country-of-residence': 'Spain', 'form-type': 'ESTA' }))).toEqual([]);
  });
});

describe('ties to home', () => {
  const employed = (years?: string) => said(tiesFindings(applicant({ 'employment-status': 'Employed', ...(years ? { 'years-employed': years } : {}) })));

  it('weighs a job by how long it has lasted', () => {
    const rest = ['recommendation:recommendation.employmentProof@employment-status', 'missing:missing.employmentLetter@employment-status'];
    expect(employed('More than 5 years')).toEqual(['strength:strength.employedLong@years-employed', ...rest]);
    expect(employed('3-5 years')).toEqual(['strength:strength.employedLong@years-employed', ...rest]);
    expect(employed('1-3 years')).toEqual(['strength:strength.employed@years-employed', ...rest]);
    expect(employed('Less than 1 year')).toEqual(['risk:risk.recentJob@years-employed', ...rest]);
    expect(employed('Not applicable')).toEqual(['strength:strength.employed@employment-status', ...rest]);
    expect(employed()).toEqual(['strength:strength.employed@employment-status', ...rest]);
    expect(tiesFindings(applicant({ 'employment-status': 'Employed', 'years-employed': 'More than 5 years' }))[0]?.params).toEqual({ years: 5 });
    expect(tiesFindings(applicant({ 'employment-status': 'Employed', 'years-employed': '3-5 years' }))[0]?.params).toEqual({ years: 3 });
  });

  it('asks each kind of worker for their own proof', () => {
    expect(said(tiesFindings(applicant({ 'employment-status': 'Self-Employed', 'years-employed': '1-3 years' })))).toEqual([
      'strength:strength.employed@years-employed',
      'missing:missing.businessProof@employment-status',
    ]);
    expect(said(tiesFindings(applicant({ 'employment-status': 'Student' })))).toEqual(['strength:strength.student@employment-status', 'missing:missing.homeEnrolment@employment-status']);
    expect(said(tiesFindings(applicant({ 'employment-status': 'Student', 'purpose-of-travel': 'Study' })))).toEqual(['strength:strength.student@employment-status']);
    expect(said(tiesFindings(applicant({ 'employment-status': 'Retired' })))).toEqual(['strength:strength.retired@employment-status', 'missing:missing.pensionProof@employment-status']);
    expect(said(tiesFindings(applicant({ 'employment-status': 'Unemployed' })))).toEqual(['risk:risk.unemployed@employment-status', 'recommendation:recommendation.showOtherTies@employment-status']);
    expect(said(tiesFindings(applicant({ 'employment-status': 'Unemployed' }, { age: 16 })))).toEqual([]);
    expect(said(tiesFindings(applicant({ 'employment-status': 'Unemployed' }, { age: 18 })))).toHaveLength(2);
    expect(said(tiesFindings(applicant({ 'employment-status': 'Unemployed' }, { age: null })))).toHaveLength(2);
    expect(said(tiesFindings(applicant({ 'employment-status': 'Other' })))).toEqual(['recommendation:recommendation.explainOccupation@employment-status']);
    expect(said(tiesFindings(applicant({})))).toEqual([]);
  });

  it('reads an income as some, none, or unreadable, in four languages', () => {
    for (const some of ['2000', '$1,500 a month', '3.000 €', 'about 800', 'R$ 4 500']) expect(incomeOf(some), some).toBe('some');
    for (const none of ['0', '$0', '0,00', 'none', 'Nada', 'ninguno', 'aucun revenu', 'rien', 'nenhuma', 'no income', 'sin ingresos', 'sem renda', 'sans revenus', 'zero', 'cero']) {
      expect(incomeOf(none), none).toBe('none');
    }
    for (const unknown of ['', 'enough', 'it depends', 'nonetheless']) expect(incomeOf(unknown), unknown).toBeNull();
  });

  it('counts an income, savings and property for them, and their absence against', () => {
    expect(tiesFindings(applicant({ 'monthly-income': '2000 USD' }))).toEqual([
      { kind: 'strength', key: 'strength.income', question: 'monthly-income', params: { income: '2000 USD' } },
      { kind: 'missing', key: 'missing.incomeProof', question: 'monthly-income', params: {} },
    ]);
    expect(said(tiesFindings(applicant({ 'monthly-income': 'none' })))).toEqual(['risk:risk.noIncome@monthly-income']);
    expect(said(tiesFindings(applicant({ 'monthly-income': 'it varies' })))).toEqual([]);
    expect(said(tiesFindings(applicant({ 'bank-statements': 'Yes' })))).toEqual(['strength:strength.funds@bank-statements', 'recommendation:recommendation.bankStatements@bank-statements']);
    expect(said(tiesFindings(applicant({ 'bank-statements': 'No' })))).toEqual([
      'risk:risk.noFunds@bank-statements',
      'recommendation:recommendation.bankStatements@bank-statements',
      'missing:missing.bankStatements@bank-statements',
    ]);
    expect(said(tiesFindings(applicant({ 'owns-property': 'Yes' })))).toEqual(['strength:strength.property@owns-property', 'recommendation:recommendation.propertyDeed@owns-property']);
    expect(said(tiesFindings(applicant({ 'owns-property': 'No', 'bank-statements': 'Maybe' })))).toEqual([]);
  });

  it('counts a partner, children and family at home for them, and family in the United States as a question', () => {
    expect(said(tiesFindings(applicant({ 'marital-status': 'Married' })))).toEqual(['strength:strength.partner@marital-status']);
    expect(said(tiesFindings(applicant({ 'marital-status': 'Domestic Partnership' })))).toEqual(['strength:strength.partner@marital-status']);
    expect(said(tiesFindings(applicant({ 'marital-status': 'Single', children: 'None' })))).toEqual([]);
    expect(said(tiesFindings(applicant({ children: '1-2' })))).toEqual(['strength:strength.children@children']);
    expect(said(tiesFindings(applicant({ 'has-family-in-home-country': 'Yes' })))).toEqual(['strength:strength.familyAtHome@has-family-in-home-country']);
    expect(said(tiesFindings(applicant({ 'has-family-in-home-country': 'No' })))).toEqual(['risk:risk.noFamilyAtHome@has-family-in-home-country']);
    expect(said(tiesFindings(applicant({ 'family-in-us': 'Yes' })))).toEqual(['risk:risk.familyInUs@family-in-us', 'recommendation:recommendation.explainFamilyInUs@family-in-us']);
    expect(said(tiesFindings(applicant({ 'family-in-us': 'No' })))).toEqual([]);
  });

  it('asks for a better explanation of the ties when it is told in under 40 characters', () => {
    expect(said(tiesFindings(applicant({ 'ties-explanation': 'x'.repeat(39) })))).toEqual(['recommendation:recommendation.prepareTiesExplanation@ties-explanation']);
    expect(said(tiesFindings(applicant({ 'ties-explanation': 'x'.repeat(40) })))).toEqual([]);
    // Counted in characters, not UTF-16 units.
    expect(said(tiesFindings(applicant({ 'ties-explanation': '😀'.repeat(39) })))).toHaveLength(1);
    expect(said(tiesFindings(applicant({ 'ties-explanation': '😀'.repeat(40) })))).toEqual([]);
  });
});

describe('travel history', () => {
  it('counts earlier U.S. trips and visas, and travel elsewhere by how wide', () => {
    expect(said(historyFindings(applicant({ 'previous-us-travel': 'Yes', 'previous-us-visa': 'Yes' })))).toEqual([
      'strength:strength.previousUsTravel@previous-us-travel',
      'recommendation:recommendation.oldPassports@previous-us-travel',
      'strength:strength.previousUsVisa@previous-us-visa',
    ]);
    expect(said(historyFindings(applicant({ 'other-countries-visited': 'More than 5 countries' })))).toEqual(['strength:strength.travelledWidely@other-countries-visited']);
    expect(said(historyFindings(applicant({ 'other-countries-visited': '3-5 countries' })))).toEqual(['strength:strength.travelledWidely@other-countries-visited']);
    expect(said(historyFindings(applicant({ 'other-countries-visited': '1-2 countries' })))).toEqual(['strength:strength.someTravel@other-countries-visited']);
  });

  it('counts no travel at all against, but not when the applicant has been to the United States', () => {
    expect(said(historyFindings(applicant({ 'other-countries-visited': 'None' })))).toEqual(['risk:risk.noTravelHistory@other-countries-visited']);
    expect(said(historyFindings(applicant({ 'other-countries-visited': 'None', 'previous-us-travel': 'Yes' })))).not.toContain('risk:risk.noTravelHistory@other-countries-visited');
    expect(said(historyFindings(applicant({ 'previous-us-travel': 'No', 'previous-us-visa': 'No' })))).toEqual([]);
  });

  it('counts a refusal, an overstay and a criminal record against, each with its next step', () => {
    expect(said(historyFindings(applicant({ 'previous-refusal': 'Yes', 'overstay-history': 'Yes', 'criminal-record': 'Yes' })))).toEqual([
      'risk:risk.previousRefusal@previous-refusal',
      'recommendation:recommendation.explainRefusal@previous-refusal',
      'risk:risk.overstay@overstay-history',
      'recommendation:recommendation.explainOverstay@overstay-history',
      'risk:risk.criminalRecord@criminal-record',
      'recommendation:recommendation.legalAdvice@criminal-record',
      'missing:missing.courtRecords@criminal-record',
    ]);
    expect(said(historyFindings(applicant({ 'previous-refusal': 'No', 'overstay-history': 'No', 'criminal-record': 'No' })))).toEqual([]);
  });
});

describe('the form the applicant chose', () => {
  it('tells a U.S. citizen no visa is needed, whatever the form', () => {
    expect(said(formChoiceFindings(applicant({ nationality: 'United States', 'form-type': 'ESTA' })))).toEqual(['recommendation:recommendation.noVisaNeeded@nationality']);
    expect(said(formChoiceFindings(applicant({ nationality: 'US' })))).toEqual(['recommendation:recommendation.noVisaNeeded@nationality']);
  });

  it('refuses an ESTA for work, study or a stay past 90 days, and then says to apply for a visa now or early', () => {
    const esta = (answers: Record<string, string>, extra: Partial<Applicant> = {}) => said(formChoiceFindings(applicant({ 'form-type': 'ESTA', nationality: 'Spain', ...answers }, extra)));
    expect(esta({ 'purpose-of-travel': 'Work' })).toEqual(['risk:risk.estaPurpose@purpose-of-travel', 'recommendation:recommendation.applyDs160@form-type', 'recommendation:recommendation.applyEarly@form-type']);
    expect(esta({ 'purpose-of-travel': 'Study' }, { daysToArrival: 59 })).toEqual([
      'risk:risk.estaPurpose@purpose-of-travel',
      'recommendation:recommendation.applyDs160@form-type',
      'recommendation:recommendation.arrivalSoon@intended-arrival-date',
    ]);
    expect(esta({ 'purpose-of-travel': 'Tourism' }, { daysToArrival: 60 })).toEqual(['recommendation:recommendation.esta72Hours@form-type']);
    expect(esta({ 'purpose-of-travel': 'Tourism', 'length-of-stay': '91 days' }, { stayDays: 91, daysToArrival: 60 })).toEqual([
      'risk:risk.estaStayTooLong@length-of-stay',
      'recommendation:recommendation.applyDs160@form-type',
      'recommendation:recommendation.applyEarly@intended-arrival-date',
    ]);
    expect(esta({ 'purpose-of-travel': 'Tourism' }, { stayDays: 90 })).toEqual(['recommendation:recommendation.esta72Hours@form-type']);
    expect(esta({ 'purpose-of-travel': 'Visit Family/Friends' })).toEqual(['recommendation:recommendation.esta72Hours@form-type']);
    expect(esta({ 'purpose-of-travel': 'Medical Treatment' })).toEqual(['recommendation:recommendation.esta72Hours@form-type']);
    expect(esta({ 'purpose-of-travel': 'Other' })).toEqual(['recommendation:recommendation.esta72Hours@form-type']);
    expect(esta({ nationality: 'Mexico' })[0]).toBe('risk:risk.estaNationality@nationality');
    expect(esta({ nationality: 'Atlantis' })).toEqual(['recommendation:recommendation.checkWaiverList@nationality', 'recommendation:recommendation.esta72Hours@form-type']);
    const stay = formChoiceFindings(applicant({ 'form-type': 'ESTA', nationality: 'Spain', 'length-of-stay': '4 months' }, { stayDays: 120 }))[0];
    expect(stay?.params).toEqual({ stay: '4 months', days: 120 });
  });

  it('tells a waiver national on a short visit who chose a visa that an ESTA may be enough, unless their record says otherwise', () => {
    const visa = (answers: Record<string, string>, extra: Partial<Applicant> = {}) => said(formChoiceFindings(applicant({ nationality: 'Japan', ...answers }, extra)));
    const enough = 'recommendation:recommendation.estaMayBeEnough@form-type';
    expect(visa({ 'purpose-of-travel': 'Business' })).toEqual([enough, 'recommendation:recommendation.applyEarly@form-type']);
    expect(formChoiceFindings(applicant({ nationality: 'japan', 'purpose-of-travel': 'Transit' }))[0]?.params).toEqual({ country: 'Japan' });
    expect(visa({ 'purpose-of-travel': 'Study' })).not.toContain(enough);
    expect(visa({ 'purpose-of-travel': 'Work' })).not.toContain(enough);
    expect(visa({})).not.toContain(enough);
    expect(visa({ 'purpose-of-travel': 'Tourism' }, { stayDays: 91 })).not.toContain(enough);
    expect(visa({ 'purpose-of-travel': 'Tourism' }, { stayDays: 90 })).toContain(enough);
    for (const record of ['previous-refusal', 'overstay-history', 'criminal-record']) {
      expect(visa({ 'purpose-of-travel': 'Tourism', [record]: 'Yes' }), record).not.toContain(enough);
      expect(visa({ 'purpose-of-travel': 'Tourism', [record]: 'No' }), record).toContain(enough);
    }
    expect(said(formChoiceFindings(applicant({ nationality: 'Mexico', 'purpose-of-travel': 'Tourism' })))).toEqual(['recommendation:recommendation.applyEarly@form-type']);
  });

  it('urges a visa applicant to apply now under 60 days before the trip, and early otherwise', () => {
    expect(formChoiceFindings(applicant({ nationality: 'Mexico' }, { daysToArrival: 0 }))).toEqual([
      { kind: 'recommendation', key: 'recommendation.arrivalSoon', question: 'intended-arrival-date', params: { days: 0 } },
    ]);
    expect(said(formChoiceFindings(applicant({ nationality: 'Mexico' }, { daysToArrival: 59 })))).toEqual(['recommendation:recommendation.arrivalSoon@intended-arrival-date']);
    expect(said(formChoiceFindings(applicant({ nationality: 'Mexico' }, { daysToArrival: 60 })))).toEqual(['recommendation:recommendation.applyEarly@intended-arrival-date']);
  });
});

describe('the answers the rules read', () => {
  const q = (id: string, extra: Partial<Question> = {}): Question => ({ id, section: 's', type: 'text', required: true, labelKey: id, ...extra });
  const CATALOG: Catalog = {
    id: 'preassessment',
    formType: 'PRE-ASSESSMENT',
    rules: 'basic',
    sections: [{ id: 's', titleKey: 's' }],
    questions: [
      q('form-type', { type: 'radio', options: [{ value: 'ESTA', labelKey: 'a' }, { value: 'DS-160', labelKey: 'b' }] }),
      q('birth-date', { type: 'date' }),
      q('intended-arrival-date', { type: 'date' }),
      q('length-of-stay'),
      q('married', { type: 'radio', options: [{ value: 'Yes', labelKey: 'y' }, { value: 'No', labelKey: 'n' }] }),
      q('spouse', { dependsOn: 'married', showWhen: 'Yes' }),
    ],
  };

  it('keeps only strings, trimmed, of questions shown, with a choice in the catalog’s own spelling', () => {
    expect(relevantAnswers(CATALOG, { married: 'Yes', spouse: ' Luis ', 'form-type': ' esta ', 'length-of-stay': 3 as never, other: 'x' })).toEqual({
      married: 'Yes',
      spouse: 'Luis',
      'form-type': 'ESTA',
    });
    // A condition is judged on the answer as stored: ' yes ' reads as the choice Yes, yet does not show the spouse.
    expect(relevantAnswers(CATALOG, { married: ' yes ', spouse: 'Luis' })).toEqual({ married: 'Yes' });
    expect(relevantAnswers(CATALOG, { married: 'No', spouse: 'Luis', 'form-type': 'Neither', 'length-of-stay': '  ' })).toEqual({ married: 'No' });
  });

  it('reads the age, the days to arrival and the stay on the given day', () => {
    const read = readApplicant(CATALOG, { 'form-type': 'ESTA', 'birth-date': '2000-03-10', 'intended-arrival-date': '2026-03-12', 'length-of-stay': '2 weeks' }, '2026-03-10');
    expect(read).toEqual({
      answers: { 'form-type': 'ESTA', 'birth-date': '2000-03-10', 'intended-arrival-date': '2026-03-12', 'length-of-stay': '2 weeks' },
      formType: 'ESTA',
      age: 26,
      daysToArrival: 2,
      stayDays: 14,
    });
    const dayBefore = readApplicant(CATALOG, { 'birth-date': '2000-03-11', 'intended-arrival-date': '2026-03-10' }, '2026-03-10');
    expect(dayBefore).toMatchObject({ formType: 'DS-160', age: 25, daysToArrival: 0, stayDays: null });
    // Across the end of a month and of February.
    expect(readApplicant(CATALOG, { 'intended-arrival-date': '2028-03-01' }, '2028-02-28').daysToArrival).toBe(2);
    expect(readApplicant(CATALOG, { 'intended-arrival-date': '2026-04-01' }, '2026-03-31').daysToArrival).toBe(1);
  });

  it('reads no age from a birth after today, and no arrival in the past', () => {
    expect(readApplicant(CATALOG, { 'birth-date': '2027-03-11', 'intended-arrival-date': '2026-03-09' }, '2026-03-10')).toMatchObject({ age: null, daysToArrival: null });
    expect(readApplicant(CATALOG, { 'birth-date': '2026-03-10' }, '2026-03-10').age).toBe(0);
    expect(readApplicant(CATALOG, { 'birth-date': 'soon', 'intended-arrival-date': '2026-02-30' }, '2026-03-10')).toMatchObject({ age: null, daysToArrival: null });
  });

  it('refuses a today that is not a date: a caller’s mistake', () => {
    expect(() => readApplicant(CATALOG, {}, '2026-13-01')).toThrow(/today must be a 'YYYY-MM-DD' date, got "2026-13-01"/);
  });

  it('counts the days to any arrival as the calendar does (generated)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }), fc.integer({ min: 0, max: 2000 }), (today, ahead) => {
        const iso = (d: Date) => d.toISOString().slice(0, 10);
        const arrival = new Date(today.getTime() + ahead * 86_400_000);
        expect(readApplicant(CATALOG, { 'intended-arrival-date': iso(arrival) }, iso(today)).daysToArrival).toBe(ahead);
      }),
    );
  });
});
