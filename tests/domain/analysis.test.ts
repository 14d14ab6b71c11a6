import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_KEYS,
  BASE_SCORE,
  MAX_PROBABILITY,
  MIN_PROBABILITY,
  RISK_POINTS,
  STRENGTH_POINTS,
  analyse,
  probabilityBand,
  type Analysis,
  type Factor,
} from '../../machines/domain/analysis';
import { stayInDays } from '../../machines/domain/analysis/stayLength';
import { incomeOf } from '../../machines/domain/analysis/ties';
import { preassessmentCatalog } from '../../machines/domain/catalogs';
import { COUNTRIES } from '../../machines/domain/countries';
import type { Catalog, Question } from '../../machines/domain/questions';
import { formatIsoDate, parseIsoDate } from '../../machines/domain/validators';

// The approval analysis behind /results (spec 1-core §2.7, §3, §9): scores, factors and the questions they name.

type Answers = Record<string, string>;
type Tree = { [key: string]: string | Tree };

const TODAY = '2026-05-01';

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );

const ENGLISH = flatten(
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../locales/en/analysis.json'), 'utf8')) as Tree,
);

const QUESTION_IDS = new Set(preassessmentCatalog.questions.map((q) => q.id));

/** The day `days` after TODAY. */
function shift(days: number): string {
  const d = parseIsoDate(TODAY)!;
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return formatIsoDate({ year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() });
}

/** Factors as `key@question`, the shape most assertions read best in. */
const named = (factors: readonly Factor[]) => factors.map((f) => `${f.key}@${f.question}`);
const keys = (factors: readonly Factor[]) => factors.map((f) => f.key);
const all = (a: Analysis) => [...a.strengthFactors, ...a.riskFactors, ...a.recommendations, ...a.missingDocuments];
const clamp = (n: number) => Math.min(MAX_PROBABILITY, Math.max(MIN_PROBABILITY, n));
const factor = (key: string, question: string, params: Factor['params'] = {}): Factor => ({ key, question, params });
const paramsOf = (factors: readonly Factor[], key: string) => factors.find((f) => f.key === key)?.params;

const STRONG: Answers = {
  'form-type': 'DS-160',
  'full-name': 'Ana María López',
  email: 'ana@example.com',
  phone: '+525512345678',
  nationality: 'Mexico',
  'country-of-residence': 'Mexico',
  'birth-date': '1984-03-10',
  'marital-status': 'Married',
  'education-level': "Bachelor's Degree",
  'english-level': 'Intermediate',
  'purpose-of-travel': 'Tourism',
  'intended-arrival-date': shift(150),
  'length-of-stay': '2 weeks',
  'who-pays': 'Self',
  'travel-companions': 'With family',
  'has-passport': 'Yes',
  'passport-valid-6-months': 'Yes',
  'previous-us-travel': 'Yes',
  'previous-us-visa': 'Yes',
  'previous-refusal': 'No',
  'overstay-history': 'No',
  'other-countries-visited': '3-5 countries',
  'criminal-record': 'No',
  'employment-status': 'Employed',
  'employer-name': 'Banco del Norte',
  'job-title': 'Accountant',
  'years-employed': 'More than 5 years',
  'monthly-income': '45,000 MXN',
  'bank-statements': 'Yes',
  'owns-property': 'Yes',
  'has-family-in-home-country': 'Yes',
  children: '2',
  'family-in-us': 'No',
  'ties-explanation': 'I have worked at the same bank for twelve years, we own our home, our children go to school.',
  'additional-info': '',
};

const WEAK: Answers = {
  ...STRONG,
  'marital-status': 'Single',
  children: 'None',
  'employment-status': 'Unemployed',
  'employer-name': '',
  'job-title': '',
  'years-employed': 'Not applicable',
  'monthly-income': '',
  'owns-property': 'No',
  'previous-us-travel': 'No',
  'previous-us-visa': 'No',
  'other-countries-visited': 'None',
  'previous-refusal': 'Yes',
  'length-of-stay': '6 months',
  'who-pays': 'Other',
  'passport-valid-6-months': 'No',
};

const TIES_RISKS = [
  'risk.recentJob',
  'risk.unemployed',
  'risk.noIncome',
  'risk.noFunds',
  'risk.noFamilyAtHome',
  'risk.familyInUs',
];

describe('a strong applicant', () => {
  const result = analyse(STRONG, TODAY);

  it('scores in the green band, with no risk at all', () => {
    expect(result.approvalProbability).toBeGreaterThanOrEqual(80);
    expect(probabilityBand(result.approvalProbability)).toBe('high');
    expect(keys(result.riskFactors).filter((k) => TIES_RISKS.includes(k))).toEqual([]);
    expect(result.riskFactors).toEqual([]);
  });

  it('lists the strengths an officer weighs, each naming its question and answer', () => {
    expect(named(result.strengthFactors)).toEqual(
      expect.arrayContaining([
        'strength.employedLong@years-employed',
        'strength.property@owns-property',
        'strength.partner@marital-status',
        'strength.children@children',
        'strength.previousUsTravel@previous-us-travel',
        'strength.selfFunded@who-pays',
        'strength.shortStay@length-of-stay',
      ]),
    );
    expect(paramsOf(result.strengthFactors, 'strength.employedLong')).toEqual({ years: 5 });
    expect(paramsOf(result.strengthFactors, 'strength.shortStay')).toEqual({ stay: '2 weeks', days: 14 });
    expect(paramsOf(result.strengthFactors, 'strength.income')).toEqual({ income: '45,000 MXN' });
  });

  it('lists the strongest first', () => {
    const points = result.strengthFactors.map((f) => STRENGTH_POINTS[f.key as keyof typeof STRENGTH_POINTS]);
    expect(points).toEqual([...points].sort((a, b) => b - a));
  });

  it('still gets next steps and the documents to bring', () => {
    expect(named(result.recommendations)).toEqual(
      expect.arrayContaining([
        'recommendation.employmentProof@employment-status',
        'recommendation.propertyDeed@owns-property',
        'recommendation.bankStatements@bank-statements',
        'recommendation.applyEarly@intended-arrival-date',
      ]),
    );
    expect(named(result.missingDocuments)).toEqual(
      expect.arrayContaining(['missing.employmentLetter@employment-status', 'missing.incomeProof@monthly-income']),
    );
  });
});

describe('a weak applicant', () => {
  const result = analyse(WEAK, TODAY);

  it('scores in the red band', () => {
    expect(result.approvalProbability).toBeLessThan(60);
    expect(probabilityBand(result.approvalProbability)).toBe('low');
  });

  it('gets a risk for each weakness, naming the question it came from', () => {
    expect(named(result.riskFactors)).toEqual(
      expect.arrayContaining([
        'risk.unemployed@employment-status',
        'risk.noTravelHistory@other-countries-visited',
        'risk.previousRefusal@previous-refusal',
        'risk.longStay@length-of-stay',
        'risk.unclearFunding@who-pays',
        'risk.passportExpiring@passport-valid-6-months',
      ]),
    );
    expect(paramsOf(result.riskFactors, 'risk.longStay')).toEqual({ stay: '6 months', days: 180 });
  });

  it('lists the most serious risk first', () => {
    expect(result.riskFactors[0]?.key).toBe('risk.previousRefusal');
  });

  it('gets the matching next steps and missing documents', () => {
    expect(named(result.recommendations)).toEqual(
      expect.arrayContaining([
        'recommendation.showOtherTies@employment-status',
        'recommendation.explainRefusal@previous-refusal',
        'recommendation.justifyStay@length-of-stay',
        'recommendation.documentSponsor@who-pays',
        'recommendation.renewPassport@passport-valid-6-months',
      ]),
    );
    expect(named(result.missingDocuments)).toEqual(
      expect.arrayContaining([
        'missing.sponsorLetter@who-pays',
        'missing.sponsorFunds@who-pays',
        'missing.validPassport@passport-valid-6-months',
      ]),
    );
  });

  it('keeps what is good: family at home and savings still count as strengths', () => {
    expect(named(result.strengthFactors)).toEqual(
      expect.arrayContaining(['strength.familyAtHome@has-family-in-home-country', 'strength.funds@bank-statements']),
    );
  });
});

describe('probabilityBand (spec 1-core §9: 80 and 60)', () => {
  it.each([
    [95, 'high'],
    [80, 'high'],
    [79, 'medium'],
    [60, 'medium'],
    [59, 'low'],
    [5, 'low'],
  ] as const)('%i is %s', (p, band) => {
    expect(probabilityBand(p)).toBe(band);
  });
});

describe('the score', () => {
  /** Between the bounds, so a single finding shows in the score unclamped. */
  const MIDDLING: Answers = {
    ...STRONG,
    'previous-us-travel': 'No',
    'previous-us-visa': 'No',
    'owns-property': 'No',
    'years-employed': '1-3 years',
  };

  it('is the base plus the points of the factors shown, so the page can explain every point', () => {
    const mixed = { ...MIDDLING, 'family-in-us': 'Yes' };
    const { approvalProbability, strengthFactors, riskFactors } = analyse(mixed, TODAY);
    const sum =
      strengthFactors.reduce((s, f) => s + STRENGTH_POINTS[f.key as keyof typeof STRENGTH_POINTS], 0) +
      riskFactors.reduce((s, f) => s + RISK_POINTS[f.key as keyof typeof RISK_POINTS], 0);
    expect(approvalProbability).toBe(clamp(BASE_SCORE + sum));
    expect(approvalProbability).toBeGreaterThan(MIN_PROBABILITY);
    expect(approvalProbability).toBeLessThan(MAX_PROBABILITY);
  });

  it('never promises 100 nor rules out with 0: it stops at 95 and 5', () => {
    expect(analyse(STRONG, TODAY).approvalProbability).toBe(95);
    const worst = { ...WEAK, 'overstay-history': 'Yes', 'criminal-record': 'Yes', 'bank-statements': 'No' };
    expect(analyse(worst, TODAY).approvalProbability).toBe(5);
  });

  it('starts from the base when nothing is known', () => {
    const empty = analyse({}, TODAY);
    expect(empty.approvalProbability).toBe(BASE_SCORE);
    expect(empty.formType).toBe('DS-160');
    expect(empty.strengthFactors).toEqual([]);
    expect(empty.riskFactors).toEqual([]);
  });

  it('gives every strength positive points and every risk negative points', () => {
    for (const points of Object.values(STRENGTH_POINTS)) expect(points).toBeGreaterThan(0);
    for (const points of Object.values(RISK_POINTS)) expect(points).toBeLessThan(0);
  });

  it('moves one way with each finding: a refusal lowers it, property raises it', () => {
    const score = (answers: Answers) => analyse(answers, TODAY).approvalProbability;
    const base = score(MIDDLING);
    expect(score({ ...MIDDLING, 'previous-refusal': 'Yes' })).toBe(base + RISK_POINTS['risk.previousRefusal']);
    expect(score({ ...MIDDLING, 'owns-property': 'Yes' })).toBe(base + STRENGTH_POINTS['strength.property']);
  });

  it('refuses a malformed today, which is a caller bug rather than an applicant answer', () => {
    expect(() => analyse(STRONG, '01/05/2026')).toThrow(RangeError);
  });
});

describe('the form the applicant chose', () => {
  const SPANISH_TOURIST: Answers = { nationality: 'Spain', 'purpose-of-travel': 'Tourism' };

  it('reads ESTA from the form-type answer, and DS-160 otherwise', () => {
    expect(analyse({ 'form-type': 'ESTA' }, TODAY).formType).toBe('ESTA');
    expect(analyse({ 'form-type': 'DS-160' }, TODAY).formType).toBe('DS-160');
    expect(analyse({}, TODAY).formType).toBe('DS-160');
  });

  it('flags an ESTA for a nationality outside the Visa Waiver Program and recommends the DS-160', () => {
    const result = analyse({ ...STRONG, 'form-type': 'ESTA' }, TODAY);
    expect(result.formType).toBe('ESTA');
    expect(result.riskFactors).toContainEqual(factor('risk.estaNationality', 'nationality', { country: 'Mexico' }));
    expect(named(result.recommendations)).toContain('recommendation.applyDs160@form-type');
    expect(keys(result.recommendations)).not.toContain('recommendation.esta72Hours');
  });

  it('flags an ESTA for a purpose it does not cover, even for a waiver national', () => {
    const result = analyse({ nationality: 'Spain', 'form-type': 'ESTA', 'purpose-of-travel': 'Study' }, TODAY);
    expect(named(result.riskFactors)).toEqual(['risk.estaPurpose@purpose-of-travel']);
    expect(keys(result.recommendations)).toContain('recommendation.applyDs160');
    expect(named(result.missingDocuments)).toContain('missing.i20@purpose-of-travel');
    const work = analyse({ nationality: 'Spain', 'form-type': 'ESTA', 'purpose-of-travel': 'Work' }, TODAY);
    expect(keys(work.riskFactors)).toEqual(['risk.estaPurpose']);
  });

  it('flags an ESTA for a stay beyond its 90 days', () => {
    const long = { ...SPANISH_TOURIST, 'form-type': 'ESTA', 'length-of-stay': '4 meses' };
    const result = analyse(long, TODAY);
    const expected = factor('risk.estaStayTooLong', 'length-of-stay', { stay: '4 meses', days: 120 });
    expect(result.riskFactors).toContainEqual(expected);
    expect(keys(result.recommendations)).toContain('recommendation.applyDs160');
  });

  it('costs a wrong ESTA choice once, whatever the number of reasons', () => {
    const twice = analyse({ nationality: 'Mexico', 'form-type': 'ESTA', 'purpose-of-travel': 'Study' }, TODAY);
    expect(keys(twice.riskFactors)).toEqual(['risk.estaNationality']);
    expect(twice.approvalProbability).toBe(BASE_SCORE + RISK_POINTS['risk.estaNationality']);
  });

  it('tells an eligible ESTA applicant to apply 72 hours ahead, with no risk', () => {
    const trip = {
      nationality: 'Japan',
      'form-type': 'ESTA',
      'purpose-of-travel': 'Business',
      'length-of-stay': '9 days',
    };
    const result = analyse(trip, TODAY);
    expect(result.riskFactors).toEqual([]);
    expect(named(result.recommendations)).toContain('recommendation.esta72Hours@form-type');
    expect(keys(result.recommendations)).not.toContain('recommendation.applyDs160');
  });

  it('asks to check the waiver list when an ESTA applicant gave no known nationality', () => {
    expect(named(analyse({ 'form-type': 'ESTA' }, TODAY).recommendations)).toEqual([
      'recommendation.checkWaiverList@nationality',
      'recommendation.esta72Hours@form-type',
    ]);
  });

  it('suggests ESTA may be enough to a waiver national visiting for tourism who chose the DS-160', () => {
    const spain = { ...STRONG, nationality: 'Spain', 'country-of-residence': 'Spain' };
    const result = analyse(spain, TODAY);
    const expected = factor('recommendation.estaMayBeEnough', 'form-type', { country: 'Spain' });
    expect(result.recommendations).toContainEqual(expected);
    // Not when ESTA would not do: studying, staying beyond 90 days, or after a refusal.
    const changes: Answers[] = [
      { 'purpose-of-travel': 'Study' },
      { 'length-of-stay': '5 months' },
      { 'previous-refusal': 'Yes' },
    ];
    for (const change of changes) {
      expect(keys(analyse({ ...spain, ...change }, TODAY).recommendations), JSON.stringify(change)).not.toContain(
        'recommendation.estaMayBeEnough',
      );
    }
    expect(keys(analyse(STRONG, TODAY).recommendations)).not.toContain('recommendation.estaMayBeEnough');
  });

  it('tells a U.S. citizen no visa is needed', () => {
    expect(named(analyse({ nationality: 'United States', 'form-type': 'ESTA' }, TODAY).recommendations)).toEqual([
      'recommendation.noVisaNeeded@nationality',
    ]);
  });

  it('urges a visa applicant whose trip is under two months away to apply now', () => {
    const soon = analyse({ ...STRONG, 'intended-arrival-date': shift(30) }, TODAY);
    const expected = factor('recommendation.arrivalSoon', 'intended-arrival-date', { days: 30 });
    expect(soon.recommendations).toContainEqual(expected);
    expect(keys(soon.recommendations)).not.toContain('recommendation.applyEarly');
  });
});

describe('answers the analysis reads', () => {
  /** What a visa applicant gets whatever else they answer: the advice to apply early. */
  const ONLY_TIMING = ['recommendation.applyEarly'];

  it('ignores answers to questions hidden by their conditions', () => {
    // The pre-assessment has no conditions today; a copy where income is asked only of the employed shows the rule.
    const conditional: Catalog = {
      ...preassessmentCatalog,
      questions: preassessmentCatalog.questions.map((q): Question =>
        q.id === 'monthly-income' ? { ...q, dependsOn: 'employment-status', showWhen: 'Employed' } : q,
      ),
    };
    const answers = { 'employment-status': 'Unemployed', 'monthly-income': '3,000 USD' };
    const strengths = (a: Answers, catalog?: Catalog) => keys(analyse(a, TODAY, catalog).strengthFactors);
    expect(strengths(answers, conditional)).not.toContain('strength.income');
    expect(strengths(answers)).toContain('strength.income');
    expect(strengths({ ...answers, 'employment-status': 'Employed' }, conditional)).toContain('strength.income');
  });

  it('ignores answers to questions the catalog does not have, and choices it does not offer', () => {
    const stray = analyse({ 'owns-a-yacht': 'Yes', children: 'lots', 'previous-refusal': 'Maybe' }, TODAY);
    expect(keys(all(stray))).toEqual(ONLY_TIMING);
  });

  it('reads a choice whatever its case, and trims every answer', () => {
    const result = analyse({ 'owns-property': ' yes ' }, TODAY);
    expect(named(result.strengthFactors)).toEqual(['strength.property@owns-property']);
  });

  it('does not count a minor without a job against them, and asks for a parent’s consent', () => {
    const minor = analyse({ 'birth-date': '2012-01-15', 'employment-status': 'Unemployed' }, TODAY);
    expect(minor.riskFactors).toEqual([]);
    expect(minor.missingDocuments).toContainEqual(factor('missing.parentalConsent', 'birth-date', { age: 14 }));
    const adult = analyse({ 'birth-date': '1990-01-15', 'employment-status': 'Unemployed' }, TODAY);
    expect(keys(adult.riskFactors)).toEqual(['risk.unemployed']);
    expect(keys(adult.missingDocuments)).not.toContain('missing.parentalConsent');
  });

  it('asks a visa applicant living abroad for proof of residence there', () => {
    const result = analyse({ ...STRONG, 'country-of-residence': 'Spain' }, TODAY);
    expect(result.missingDocuments).toContainEqual(
      factor('missing.residencePermit', 'country-of-residence', { country: 'Spain' }),
    );
  });

  it('asks for the document each purpose needs', () => {
    const doc = (purpose: string) => keys(analyse({ 'purpose-of-travel': purpose }, TODAY).missingDocuments);
    expect(doc('Study')).toEqual(['missing.i20']);
    expect(doc('Business')).toEqual(['missing.invitationLetter']);
    expect(doc('Visit Family/Friends')).toEqual(['missing.hostInvitation']);
    expect(doc('Medical Treatment')).toEqual(['missing.medicalLetter']);
    expect(doc('Tourism')).toEqual([]);
  });

  it('treats having no passport as the passport finding, without asking about its validity', () => {
    const result = analyse({ 'has-passport': 'No', 'passport-valid-6-months': 'Not sure' }, TODAY);
    expect(named(result.riskFactors)).toEqual(['risk.noPassport@has-passport']);
    expect(named(result.missingDocuments)).toEqual(['missing.validPassport@has-passport']);
    expect(named(analyse({ 'passport-valid-6-months': 'Not sure' }, TODAY).riskFactors)).toEqual([
      'risk.passportUnsure@passport-valid-6-months',
    ]);
  });

  it('gives no stay finding for a stay it cannot read', () => {
    for (const stay of ['15', 'not sure yet', 'depends on work']) {
      expect(keys(all(analyse({ 'length-of-stay': stay }, TODAY))), stay).toEqual(ONLY_TIMING);
    }
  });
});

describe('reading free text', () => {
  it.each([
    ['2 weeks', 14],
    ['10 days', 10],
    ['3 months', 90],
    ['15 días', 15],
    ['1 mes', 30],
    ['dos semanas', 14],
    ['três meses', 90],
    ['une quinzaine', 14],
    ['un an', 365],
    ['a week', 7],
    ['1.5 months', 45],
    ['2-3 weeks', 21],
    ['2 a 3 semanas', 21],
    ['2 weeks (14 days)', 14],
    ['6 months', 180],
    ['15', null],
    ['', null],
    ['fin de semana', null],
  ] as const)('stay %j is %s days', (text, days) => {
    expect(stayInDays(text)).toBe(days);
  });

  it.each([
    ['2,500 USD', 'some'],
    ['$1.200', 'some'],
    ['0', 'none'],
    ['ninguno', 'none'],
    ['no income', 'none'],
    ['sin ingresos', 'none'],
    ['it depends', null],
  ] as const)('income %j says %s', (text, said) => {
    expect(incomeOf(text)).toBe(said);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Generated answer sets, drawn from the catalog's own options, countries and typical free text.

const FREE_TEXT = [
  '2 weeks', '10 days', '3 months', '6 months', '1 year', '15 días', 'dos semanas', 'une quinzaine', '4 meses',
  '2,500 USD', '0', 'none', 'about 900 EUR', 'I will go back to my job, my house and my family.', 'work', '',
];
const SOME_COUNTRIES = ['Mexico', 'Spain', 'Japan', 'Colombia', 'United States', 'France', 'Atlantis', ''];

function answerFor(q: Question): fc.Arbitrary<string> {
  if (q.options) return fc.constantFrom('', ...q.options.map((o) => o.value));
  if (q.type === 'country') {
    return fc.oneof(fc.constantFrom(...SOME_COUNTRIES), fc.constantFrom(...COUNTRIES.map((c) => c.name)));
  }
  if (q.type === 'date') {
    // Past dates for the birth date (minors included), near ones for the arrival (trips under two months away).
    const past = fc.integer({ min: -36_500, max: -1 }).map(shift);
    const future = fc.integer({ min: 0, max: 730 }).map(shift);
    return fc.oneof(fc.constant(''), past, future);
  }
  return fc.oneof({ arbitrary: fc.constantFrom(...FREE_TEXT), weight: 4 }, { arbitrary: fc.string(), weight: 1 });
}

const answersArb: fc.Arbitrary<Answers> = fc.record(
  Object.fromEntries(preassessmentCatalog.questions.map((q) => [q.id, answerFor(q)])) as Record<
    string,
    fc.Arbitrary<string>
  >,
);

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1] as string);

describe('over generated answer sets', () => {
  it('returns known keys, once each, in their own list, naming a catalog question, with their placeholders', () => {
    fc.assert(
      fc.property(answersArb, (answers) => {
        const result = analyse(answers, TODAY);
        const lists: [Factor[], string][] = [
          [result.strengthFactors, 'strength.'],
          [result.riskFactors, 'risk.'],
          [result.recommendations, 'recommendation.'],
          [result.missingDocuments, 'missing.'],
        ];
        for (const [factors, prefix] of lists) {
          for (const f of factors) {
            expect(f.key.startsWith(prefix), f.key).toBe(true);
            expect(ANALYSIS_KEYS).toContain(f.key);
            expect(f.question !== null && QUESTION_IDS.has(f.question), `${f.key}: ${f.question}`).toBe(true);
            for (const name of placeholders(ENGLISH[f.key] ?? '')) {
              expect(f.params, `${f.key} needs {{${name}}}`).toHaveProperty(name);
            }
          }
          expect(new Set(keys(factors)).size).toBe(factors.length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('scores an integer within 5..95 that equals the base plus the points of the factors shown', () => {
    fc.assert(
      fc.property(answersArb, (answers) => {
        const { approvalProbability: p, strengthFactors, riskFactors } = analyse(answers, TODAY);
        const sum =
          strengthFactors.reduce((s, f) => s + STRENGTH_POINTS[f.key as keyof typeof STRENGTH_POINTS], 0) +
          riskFactors.reduce((s, f) => s + RISK_POINTS[f.key as keyof typeof RISK_POINTS], 0);
        expect(Number.isInteger(p)).toBe(true);
        expect(p).toBe(clamp(BASE_SCORE + sum));
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic: the same answers, in any order, give the same analysis', () => {
    fc.assert(
      fc.property(answersArb, (answers) => {
        const reversed = Object.fromEntries(Object.entries(answers).reverse());
        expect(analyse(reversed, TODAY)).toEqual(analyse(answers, TODAY));
        expect(analyse(answers, TODAY)).toEqual(analyse(answers, TODAY));
      }),
      { numRuns: 200 },
    );
  });

  it('can return every key it declares, and nothing else', () => {
    const seen = new Set<string>();
    for (const answers of fc.sample(answersArb, { numRuns: 4000, seed: 20260501 })) {
      for (const f of all(analyse(answers, TODAY))) seen.add(f.key);
    }
    expect([...seen].sort()).toEqual([...ANALYSIS_KEYS].sort());
  });
});

describe('the English texts', () => {
  it('hold exactly the keys the analysis can return', () => {
    expect(Object.keys(ENGLISH).sort()).toEqual([...ANALYSIS_KEYS].sort());
    expect(new Set(ANALYSIS_KEYS).size).toBe(ANALYSIS_KEYS.length);
  });
});
