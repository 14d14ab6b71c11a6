import type { ApplicantFacts, FactKey } from './facts/index';
import { SLOT_KINDS } from './facts/schema';
import { SECTIONS, type Finding, type FindingCode, type RuleId, type Section, type Side } from './rules/index';
import { say, sayAll, type InterviewLanguage } from './say';
import { RATES_DATE } from './rates';
import { formatDate, formatDays, shown, type Shown } from './shape';

// The interview's questions (issue 33): in the officer's order (purpose, ties, finances, history), each citing the
// applicant's own data where a fact allows, every finding of the rule book a question of its own that names both
// sides, and general questions only where no fact allows one. A question is planned once (what it asks and which
// facts it cites) and worded in any language on demand, so a reload or a language switch words the same interview.

export type Difficulty = 'easy' | 'medium' | 'hard';

export interface Cite {
  fact: FactKey;
  index?: number;
  /** The exact characters of the pasted text. */
  source: string;
  /** How the question says it. */
  shown: string;
}

export interface InterviewQuestion {
  id: string;
  question: string;
  category: string;
  difficulty: Difficulty;
  tips: string[];
  /** What the question is about: a fact question's kind ('employment'), 'finding.<code>', or 'general.<what>'. */
  topic: string;
  section: Section;
  cites: Cite[];
  finding?: { code: FindingCode; rule: RuleId; kind: 'contradiction' | 'risk'; sides: Cite[] };
}

export interface QuestionPlan {
  id: string;
  topic: string;
  section: Section;
  difficulty: Difficulty;
  /** The finding this question probes (its index in the interview's findings). */
  finding?: number;
}

/** Fewer than this and general questions fill in; beyond MAX, fact questions give way (findings always stay). */
export const MIN_QUESTIONS = 6;
export const MAX_QUESTIONS = 12;

type Param = Side | string;
interface Built {
  key: string;
  params: Record<string, Param>;
}
interface Ctx {
  f: ApplicantFacts;
  finding?: Finding;
  language: InterviewLanguage;
}

const side = (fact: FactKey, index?: number): Side => (index === undefined ? { fact } : { fact, index });
const s = (fact: FactKey) => side(fact);

/** The fact questions, by topic: which template, with which facts. Null when the facts do not allow it. */
const FACT_QUESTIONS: Record<string, { section: Section; difficulty: Difficulty; priority: number; build: (c: Ctx) => Built | null }> = {
  intro: { section: 'purpose', difficulty: 'easy', priority: 3, build: ({ f }): Built | null => (f.name ? { key: 'q.intro', params: { name: s('name') } } : null) },
  purpose: {
    section: 'purpose',
    difficulty: 'easy',
    priority: 10,
    build: ({ f }): Built | null => {
      if (!f.purpose) return null;
      if (f.visaClass && f.visaClass.source !== f.purpose.source) return { key: 'q.purposeVisa', params: { purpose: s('purpose'), visa: s('visaClass') } };
      return { key: 'q.purpose', params: { purpose: s('purpose') } };
    },
  },
  trip: {
    section: 'purpose',
    difficulty: 'medium',
    priority: 7,
    build: ({ f }): Built | null => {
      const derived = f.stay && f.departure && f.stay.source === f.departure.source;
      if (f.arrival && f.departure) return { key: 'q.tripDates', params: { arrival: s('arrival'), departure: s('departure') } };
      if (f.arrival && f.stay && !derived) return { key: 'q.tripArrivalStay', params: { arrival: s('arrival'), stay: s('stay') } };
      if (f.stay && !derived) return { key: 'q.tripStay', params: { stay: s('stay') } };
      if (f.arrival) return { key: 'q.tripArrival', params: { arrival: s('arrival') } };
      return null;
    },
  },
  employment: {
    section: 'ties',
    difficulty: 'medium',
    priority: 9,
    build: ({ f }): Built | null => {
      const kind = f.standing?.kind ?? (f.employer ? 'employee' : undefined);
      if (kind === 'employee' || (!kind && f.role)) {
        if (f.employer && f.occupation && f.role) return { key: 'q.employmentSectorRoleAt', params: { occupation: s('occupation'), employer: s('employer'), role: s('role') } };
        if (f.employer && f.role && f.jobSince) return { key: 'q.employmentRoleAtSince', params: { role: s('role'), employer: s('employer'), since: s('jobSince') } };
        if (f.employer && f.role) return { key: 'q.employmentRoleAt', params: { role: s('role'), employer: s('employer') } };
        if (f.employer && f.occupation) return { key: 'q.employmentSectorAt', params: { occupation: s('occupation'), employer: s('employer') } };
        if (f.employer) return { key: 'q.employmentAt', params: { employer: s('employer') } };
        if (f.role) return { key: 'q.employmentRole', params: { role: s('role') } };
        return null;
      }
      if (kind === 'self-employed') return { key: 'q.employmentSelf', params: { work: f.role ? s('role') : s('standing') } };
      if (kind) return { key: `q.employment.${kind}`, params: { standing: s('standing') } };
      return null;
    },
  },
  home: {
    section: 'ties',
    difficulty: 'medium',
    priority: 5,
    build: ({ f }): Built | null => {
      const home = f.nationality ? s('nationality') : undefined;
      if (f.marital && f.children) return { key: home ? 'q.homeMaritalChildrenCountry' : 'q.homeMaritalChildren', params: { marital: s('marital'), children: s('children'), ...(home ? { country: home } : {}) } };
      if (f.marital) return { key: home ? 'q.homeMaritalCountry' : 'q.homeMarital', params: { marital: s('marital'), ...(home ? { country: home } : {}) } };
      const tie = (f.ties ?? []).findIndex((t) => t.kind !== 'children');
      if (tie >= 0) return { key: 'q.homeTie', params: { tie: side('ties', tie) } };
      return null;
    },
  },
  family: {
    section: 'ties',
    difficulty: 'hard',
    priority: 6,
    build: ({ f }): Built | null => {
      const declared = (f.relatives ?? []).findIndex((r) => r.declared);
      if (declared >= 0) return { key: 'q.familyRelative', params: { relative: side('relatives', declared) } };
      if (f.relatives?.length) return { key: 'q.familyMentioned', params: { relative: side('relatives', 0) } };
      if (f.usFamily) return { key: f.usFamily.has ? 'q.familyYes' : 'q.familyNone', params: { declared: s('usFamily') } };
      return null;
    },
  },
  payer: {
    section: 'finances',
    difficulty: 'medium',
    priority: 8,
    build: ({ f }): Built | null => {
      if (!f.payer) return null;
      if (f.payer.kind === 'self' && f.income) return { key: 'q.payerSelfIncome', params: { payer: s('payer'), income: s('income') } };
      return { key: `q.payer.${f.payer.kind}`, params: { payer: s('payer') } };
    },
  },
  income: {
    section: 'finances',
    difficulty: 'medium',
    priority: 4,
    build: ({ f }): Built | null => {
      if (f.budget && f.income) return { key: 'q.budgetIncome', params: { budget: s('budget'), income: s('income') } };
      if (f.budget) return { key: 'q.budget', params: { budget: s('budget') } };
      if (f.income && f.payer?.kind !== 'self') return { key: 'q.income', params: { income: s('income') } };
      return null;
    },
  },
  visits: {
    section: 'history',
    difficulty: 'medium',
    priority: 5,
    build: ({ f }): Built | null => {
      if (f.visits?.length) return { key: 'q.visits', params: { visit: side('visits', 0) } };
      if (f.previousVisits) return { key: f.previousVisits.has ? 'q.visitsYes' : 'q.visitsNone', params: { declared: s('previousVisits') } };
      return null;
    },
  },
};

/** What each finding asks, naming its sides; some words a finding differently by which facts it set against each other. */
function findingQuestion({ f, finding, language }: Ctx): Built | null {
  if (!finding) return null;
  const [a, b] = finding.sides;
  const params: Record<string, Param> = {};
  const named = (name: string, value: Side | undefined) => value && (params[name] = value);
  switch (finding.code) {
    case 'notWorkingEmployerPays':
    case 'selfPaysNoIncome':
      named('standing', finding.sides.find((x) => x.fact === 'standing'));
      named('payer', finding.sides.find((x) => x.fact === 'payer'));
      break;
    case 'notWorkingSalary':
      named('standing', a);
      named('income', b);
      break;
    case 'budgetOverIncome':
      named('budget', a);
      named('income', b);
      params.months = new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(finding.values?.months ?? 0);
      // Converted money says the figure it was converted to and the date of the rates used.
      if (finding.values?.converted !== undefined && f.income?.currency) {
        params.converted = `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(finding.values.converted)} ${f.income.currency}`;
        params.date = formatDate(language, RATES_DATE);
        return { key: 'f.budgetOverIncomeConverted', params };
      }
      break;
    case 'undeclaredRefusal':
    case 'undeclaredFamily':
    case 'undeclaredVisit':
    case 'undeclaredOverstay':
    case 'undeclaredCompanion':
      named('declared', a);
      named('mention', b && { ...b, quoted: true });
      break;
    case 'studentWithoutSchool':
      named(a?.fact === 'purpose' ? 'purpose' : 'standing', a);
      named('school', b && { ...b, quoted: true });
      return { key: `f.studentWithoutSchool.${a?.fact === 'purpose' ? 'purpose' : 'standing'}`, params };
    case 'companionStatus':
      named('companion', a && { ...a, quoted: true });
      break;
    case 'refusalOnRecord':
      named('refusal', finding.sides.find((x) => x.fact === 'refusalMentions') ?? a);
      break;
    case 'stayOverLeave':
      named('stay', a);
      named('leave', b);
      break;
    case 'stayWithoutLeave':
      named('stay', a);
      named(b?.fact === 'employer' ? 'employer' : 'standing', b);
      return { key: `f.stayWithoutLeave.${b?.fact === 'employer' ? 'employer' : 'standing'}`, params };
    case 'stayOverCourse':
      named('course', a);
      named('stay', b);
      break;
    case 'stayOverAdmission':
      named('stay', a);
      named(b?.fact === 'visaClass' ? 'visa' : 'purpose', b);
      return { key: `f.stayOverAdmission.${b?.fact === 'visaClass' ? 'visa' : 'purpose'}`, params };
    case 'datesDisagree':
      named('stay', a);
      named('departure', b);
      if (f.arrival) named('arrival', s('arrival'));
      params.days = String(finding.values?.dates ?? '');
      break;
    case 'passportBeforeTrip':
    case 'passportWithinSixMonths':
      named('expiry', a);
      named(b?.fact === 'arrival' ? 'arrival' : 'end', b);
      return { key: `f.${finding.code}.${b?.fact === 'arrival' ? 'arrival' : b?.fact === 'stay' ? 'stay' : 'departure'}`, params };
    case 'purposeVisaMismatch':
      named('visa', a);
      named('purpose', b);
      break;
    case 'payerDisagrees':
    case 'visitLengthDisagrees':
    case 'identityDisagrees':
      named('a', a);
      named('b', b);
      break;
    case 'situationDisagrees':
      named('a', a);
      named('b', b);
      return { key: `f.situationDisagrees.${SLOT_KINDS[finding.values?.slot ?? 0] ?? 'marital'}`, params };
    case 'tiesAgainstMove':
      if (a?.fact === 'stay') {
        named('stay', a);
        named('move', b);
        return { key: 'f.tiesGivenUp', params };
      }
      named('tie', a && (a.fact === 'ties' ? { ...a, quoted: true } : a));
      named('move', b);
      break;
    case 'familyIrregular':
      named('relative', a);
      break;
    case 'familyWeakTies':
      named('relative', a);
      named('tie', b);
      break;
    case 'overstay':
      named(a?.fact === 'overstays' ? 'overstay' : 'visit', a);
      if (a?.fact === 'overstays') return { key: 'f.overstay.said', params };
      params.length = formatDays(language, finding.values?.days ?? 0);
      return { key: 'f.overstay.visit', params };
  }
  return { key: `f.${finding.code}`, params };
}

/** General questions, by section and then beyond, asked only where no fact allows one: each with what would cover it. */
const GENERAL: Array<[string, Section, (d: { topic: string; section: Section }) => boolean]> = [
  ['general.purpose', 'purpose', (d) => d.section === 'purpose'],
  ['general.ties', 'ties', (d) => d.section === 'ties'],
  ['general.finances', 'finances', (d) => d.section === 'finances'],
  ['general.history', 'history', (d) => d.section === 'history'],
  ['general.stay', 'purpose', (d) => d.topic === 'trip'],
  ['general.companions', 'purpose', () => false],
  ['general.return', 'ties', (d) => d.topic === 'home' || d.topic === 'employment'],
];

const factsOf = (built: Built) => Object.values(built.params).filter((p): p is Side => typeof p !== 'string');
const sameSide = (x: Pick<Side, 'fact' | 'index'>, y: Pick<Side, 'fact' | 'index'>) => x.fact === y.fact && (x.index ?? 0) === (y.index ?? 0);

/**
 * The interview's plan: a question per topic the facts allow, a question per finding in its section after that
 * section's own question, general ones only to reach MIN_QUESTIONS where no fact allows a question.
 */
export function planInterview(f: ApplicantFacts, findings: readonly Finding[]): QuestionPlan[] {
  type Draft = Omit<QuestionPlan, 'id'> & { priority: number };
  const drafts: Draft[] = [];
  for (const section of SECTIONS) {
    const probes = findings.map((finding, i) => ({ finding, i })).filter(({ finding }) => finding.section === section);
    const probed = probes.flatMap(({ finding }) => finding.sides);
    for (const [topic, q] of Object.entries(FACT_QUESTIONS)) {
      if (q.section !== section) continue;
      const built = q.build({ f, language: 'en' });
      // A fact question whose facts a finding already sets against each other would ask the same thing twice.
      if (!built || factsOf(built).every((x) => probed.some((y) => sameSide(x, y)))) continue;
      drafts.push({ topic, section, difficulty: q.difficulty, priority: q.priority });
    }
    for (const { finding, i } of probes) {
      drafts.push({ topic: `finding.${finding.code}`, section, difficulty: finding.kind === 'contradiction' ? 'hard' : 'medium', finding: i, priority: 100 });
    }
  }
  while (drafts.length > MAX_QUESTIONS) {
    const lowest = drafts.reduce((low, d, i) => (d.priority < (drafts[low]?.priority ?? Infinity) ? i : low), 0);
    if ((drafts[lowest]?.priority ?? 100) >= 100) break;
    drafts.splice(lowest, 1);
  }
  for (const [topic, section, covers] of GENERAL) {
    if (drafts.length >= MIN_QUESTIONS) break;
    if (drafts.some(covers)) continue;
    // Kept in the officer's order: after the last question of its section.
    const at = drafts.reduce((last, d, i) => (SECTIONS.indexOf(d.section) <= SECTIONS.indexOf(section) ? i + 1 : last), 0);
    drafts.splice(at, 0, { topic, section, difficulty: topic === 'general.return' ? 'medium' : 'easy', priority: 0 });
  }
  return drafts.map(({ priority: _, ...d }, i) => ({ id: `q${i + 1}`, ...d }));
}

function built(plan: QuestionPlan, f: ApplicantFacts, findings: readonly Finding[], language: InterviewLanguage): Built | null {
  if (plan.finding !== undefined) return findingQuestion({ f, finding: findings[plan.finding], language });
  if (plan.topic.startsWith('general.')) return { key: `q.${plan.topic}`, params: {} };
  return FACT_QUESTIONS[plan.topic]?.build({ f, language }) ?? null;
}

const cite = (x: Shown): Cite => ({ fact: x.fact, ...(x.index !== undefined ? { index: x.index } : {}), source: x.source, shown: x.text });

/** A planned question worded in a language, with the applicant's values in that language's shape. */
export function renderQuestion(plan: QuestionPlan, f: ApplicantFacts, findings: readonly Finding[], language: InterviewLanguage): InterviewQuestion {
  const b = built(plan, f, findings, language) ?? { key: 'q.general.return', params: {} };
  const values: Record<string, string> = {};
  const cites: Cite[] = [];
  for (const [name, param] of Object.entries(b.params)) {
    if (typeof param === 'string') {
      values[name] = param;
      continue;
    }
    const value = shown(f, param, language);
    if (!value) continue;
    values[name] = value.text;
    cites.push(cite(value));
  }
  const finding = plan.finding !== undefined ? findings[plan.finding] : undefined;
  const group = finding ? finding.kind : plan.topic.startsWith('general.') ? 'general' : plan.section;
  return {
    id: plan.id,
    // A value ending in a dot ('S.A.') ends the sentence too.
    question: say(language, b.key, values).replace(/(?<!\.)\.\.(?!\.)/g, '.'),
    category: say(language, `category.${finding ? finding.kind : plan.section}`),
    difficulty: plan.difficulty,
    tips: sayAll(language, `tips.${group}`),
    topic: plan.topic,
    section: plan.section,
    cites,
    ...(finding
      ? { finding: { code: finding.code, rule: finding.rule, kind: finding.kind, sides: finding.sides.map((x) => cites.find((c) => sameSide(c, x))).filter((c): c is Cite => Boolean(c)) } }
      : {}),
  };
}

export function renderInterview(plans: readonly QuestionPlan[], f: ApplicantFacts, findings: readonly Finding[], language: InterviewLanguage): InterviewQuestion[] {
  return plans.map((plan) => renderQuestion(plan, f, findings, language));
}
