import { countryName } from '../ai/builtin/phrases';
import { fold } from '../ai/builtin/text';
import type { ApplicantFacts, FactKey } from './facts/index';
import { absence, datesIn, feminine, yesNo } from './facts/values';
import { lengthsIn } from './numbers';
import type { Side } from './rules/types';
import { quote, say, type InterviewLanguage } from './say';
import { ownEntry } from '../../../machines/domain/ownEntry';

// The applicant's values as a question says them, in the interview's language and shape (issue 33): 'BUSINESS'
// is "el sector de negocios", 'MARRIED' "casado", 'BANCOLOMBIA S.A.' "Bancolombia S.A.", '15-JUN-2027' "15 de
// junio de 2027"; what cannot be translated (a purpose in the applicant's own words, a sentence mentioning a
// refusal) is quoted as written. Each shown value keeps the exact source it came from.

export interface Shown {
  /** As the question says it. */
  text: string;
  /** The exact characters of the pasted text it came from. */
  source: string;
  fact: FactKey;
  index?: number;
}

/** Small words that stay lower case inside a name: 'Grupo de la Cruz', 'Banco do Brasil'. */
const PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'y', 'e', 'of', 'the', 'and', 'da', 'do', 'dos', 'das', 'du', 'des', 'et', 'van', 'von']);
/** Legal forms and initials written the usual way. */
const FORMS: Record<string, string> = {
  's.a.': 'S.A.', 's.a': 'S.A.', 'sa': 'S.A.', 's.a.s.': 'S.A.S.', 'sas': 'S.A.S.', 's.r.l.': 'S.R.L.', 'srl': 'S.R.L.', 's.a.c.': 'S.A.C.',
  'sac': 'S.A.C.', 'c.v.': 'C.V.', 'cv': 'C.V.', 'llc': 'LLC', 'plc': 'PLC', 'inc': 'Inc.', 'inc.': 'Inc.', 'ltd': 'Ltd.', 'ltd.': 'Ltd.',
  'ag': 'AG', 'gmbh': 'GmbH', 'ltda': 'Ltda.', 'ltda.': 'Ltda.', 'u.s.': 'U.S.', 'ee.uu.': 'EE. UU.',
};

/** 'BANCOLOMBIA S.A.' reads 'Bancolombia S.A.'; 'MINERA LAS BAMBAS' 'Minera Las Bambas'; mixed case stays as written. */
export function readable(value: string, { particles = true } = {}): string {
  if (value !== value.toUpperCase() || !/\p{Lu}{2}/u.test(value)) return value;
  return value
    .toLowerCase()
    .split(/(\s+)/)
    .map((word, i) => {
      if (/^\s+$/.test(word)) return word;
      const form = ownEntry(FORMS, word);
      if (form) return form;
      if (particles && i > 0 && PARTICLES.has(word)) return word;
      return word.replace(/(^|[-'/(])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
    })
    .join('');
}

/** A job title inside a sentence: 'ANALISTA DE RIESGOS' → 'analista de riesgos'. */
const role = (value: string) => (value === value.toUpperCase() ? value.toLowerCase() : value);

export function formatDate(language: InterviewLanguage, iso: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));
}

/** A length the way the language says it: '6 semanas', '2 months', '40 jours'. */
export function formatLength(language: InterviewLanguage, count: number, unit: 'day' | 'week' | 'month' | 'year'): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(count);
}

/** Days as the applicant would count them: 42 is '6 weeks', 240 '8 months', 37 '37 days'. */
export function formatDays(language: InterviewLanguage, days: number): string {
  if (days >= 60 && days % 30 === 0) return formatLength(language, days / 30, 'month');
  if (days >= 14 && days % 7 === 0) return formatLength(language, days / 7, 'week');
  return formatLength(language, days, 'day');
}

/** A written length in the interview's language, from the applicant's own count and unit when they wrote one. */
function lengthOf(language: InterviewLanguage, source: string, days: number): string {
  const written = lengthsIn(fold(source))[0];
  return written ? formatLength(language, written.count, written.unit) : formatDays(language, days);
}

const money = (language: InterviewLanguage, amount: number, currency: string | undefined, source: string) =>
  currency ? `${new Intl.NumberFormat(language).format(amount)} ${currency}` : readable(source);

/** Female when the form says so, or when the applicant's own Spanish words are feminine ('desempleada', 'casada'). */
export function isFemale(f: ApplicantFacts): boolean {
  if (f.sex) return f.sex.kind === 'female';
  return [f.standing?.source, f.marital?.source, f.occupation?.source].some((s) => s && feminine(fold(s)));
}

/** A declared yes/no is said as the statement it makes: "nunca te han negado una visa". */
function declaration(language: InterviewLanguage, key: 'refusals' | 'previousVisits' | 'usFamily' | 'overstaysDeclared' | 'companionsDeclared', has: boolean): string {
  return say(language, `values.declared.${key}.${has ? 'yes' : 'no'}`);
}

/** A relative as the question names them: "tu hermana (ciudadana estadounidense)". */
function relativeText(language: InterviewLanguage, r: NonNullable<ApplicantFacts['relatives']>[number]): string {
  const who = say(language, `values.relation.${r.relation}`);
  const female = ['wife', 'daughter', 'mother', 'sister', 'aunt', 'cousinFemale', 'niece', 'grandmother'].includes(r.relation);
  return r.status ? say(language, 'values.relativeWithStatus', { who, status: say(language, `values.status.${r.status}${female ? '_female' : ''}`) }) : who;
}

/** Only the kind of a payer is said; who exactly, when the text names a relative ('mi esposo' → "tu esposo"). */
function payerText(language: InterviewLanguage, f: ApplicantFacts): string {
  const payer = f.payer;
  if (!payer) return '';
  if (payer.kind !== 'family') return say(language, `values.payer.${payer.kind}${payer.kind === 'self' && isFemale(f) ? '_female' : ''}`);
  const match = /\b(esposo|marido|esposa|padres|padre|madre|hermano|hermana|hijo|hija|tio|tia|primo|prima|husband|wife|parents|father|mother|brother|sister|son|daughter|uncle|aunt|cousin)\b/.exec(fold(payer.source));
  return match ? say(language, `values.payerRelation.${match[1]}`) : say(language, 'values.payer.family');
}

/** Whether a source is one of the form's answers in capitals ('TEMP. BUSINESS PLEASURE VISITOR (B)'), not the applicant's own words. */
const formAnswer = (source: string) => source === source.toUpperCase() && /\p{Lu}{3}/u.test(source);

export function shown(f: ApplicantFacts, side: Side, language: InterviewLanguage): Shown | null {
  const female = isFemale(f);
  const make = (source: string, text: string): Shown => ({ text, source, fact: side.fact, ...(side.index !== undefined ? { index: side.index } : {}) });
  switch (side.fact) {
    case 'name': {
      const name = f.name;
      return name ? make(name.source, (name.parts ?? [name.source]).map((p) => readable(p)).join(' ')) : null;
    }
    case 'nationality':
      return f.nationality ? make(f.nationality.source, countryName(language, f.nationality.country)) : null;
    case 'marital':
      return f.marital ? make(f.marital.source, say(language, `values.marital.${f.marital.kind}${female ? '_female' : ''}`)) : null;
    case 'children':
      return f.children ? make(f.children.source, say(language, `values.children_${f.children.count === 1 ? 'one' : 'other'}`, { count: f.children.count })) : null;
    case 'purpose': {
      const p = f.purpose;
      if (!p) return null;
      const known = p.kinds.filter((k) => k !== 'other');
      if (formAnswer(p.source) && known.length) return make(p.source, new Intl.ListFormat(language, { type: 'conjunction' }).format(known.map((k) => say(language, `values.purpose.${k}`))));
      return make(p.source, quote(language, readable(p.source)));
    }
    case 'visaClass': {
      const v = f.visaClass;
      if (!v) return null;
      const code = /\b(b-?1\s?\/\s?b-?2|b-?[12]|f-?1|j-?1|m-?1|h-?1b|h-?2[ab]|c-?1)\b/i.exec(v.source)?.[1] ?? (/\(([bfjmhc])\)/i.exec(v.source)?.[1] ?? '');
      return make(v.source, code ? code.toUpperCase().replace(/\s/g, '') : say(language, `values.visa.${v.kind}`));
    }
    case 'arrival':
    case 'departure':
    case 'passportExpiry': {
      const d = f[side.fact];
      return d ? make(d.source, formatDate(language, d.iso)) : null;
    }
    case 'stay': {
      const s = f.stay;
      if (!s) return null;
      // Worked out from the dates: said with them.
      if (f.arrival && f.departure && s.source === f.departure.source) {
        return make(s.source, say(language, 'values.stayDates', { length: formatDays(language, s.days), from: formatDate(language, f.arrival.iso), to: formatDate(language, f.departure.iso) }));
      }
      return make(s.source, lengthOf(language, s.source, s.days));
    }
    case 'course':
      return f.course ? make(f.course.source, lengthOf(language, f.course.source, f.course.days)) : null;
    case 'leave': {
      const l = f.leave;
      if (!l) return null;
      // None for the trip ('no leave approved yet', 'férias só em dezembro'): the applicant's own words say it.
      if (l.days === 0) return make(l.source, quote(language, readable(l.source)));
      const written = lengthsIn(fold(l.source))[0];
      const working = /habiles|laborables|working|business days/.test(fold(l.source));
      const length = written ? formatLength(language, written.count, written.unit) : formatDays(language, l.days);
      return make(l.source, say(language, working ? 'values.leaveWorking' : 'values.leave', { length }));
    }
    case 'payer':
      return f.payer ? make(f.payer.source, payerText(language, f)) : null;
    case 'standing':
      return f.standing ? make(f.standing.source, f.standing.kind === 'employee' ? readable(f.standing.source) : say(language, `values.standing.${f.standing.kind}${female ? '_female' : ''}`)) : null;
    case 'occupation':
      return f.occupation ? make(f.occupation.source, say(language, `values.occupation.${f.occupation.kind}`)) : null;
    case 'employer':
      return f.employer ? make(f.employer.source, readable(f.employer.source)) : null;
    case 'role':
      return f.role ? make(f.role.source, role(f.role.source)) : null;
    case 'jobSince': {
      const since = f.jobSince;
      if (!since) return null;
      const date = datesIn(since.source, language === 'en' ? 'en' : 'es')[0];
      return make(since.source, date && date.text === since.source ? formatDate(language, date.iso) : readable(since.source));
    }
    case 'income':
      return f.income ? make(f.income.source, money(language, f.income.monthly, f.income.currency, f.income.source)) : null;
    case 'budget':
      return f.budget ? make(f.budget.source, money(language, f.budget.amount, f.budget.currency, f.budget.source)) : null;
    case 'overstaysDeclared':
    case 'companionsDeclared': {
      const d = f[side.fact];
      return d ? make(d.source, declaration(language, side.fact, d.has)) : null;
    }
    case 'companions': {
      const c = f.companions?.[side.index ?? 0];
      return c ? make(c.source, quote(language, c.source)) : null;
    }
    case 'noSchool':
    case 'school':
    case 'programme':
    case 'usAddress':
    case 'contact': {
      const x = f[side.fact];
      return x ? make(x.source, side.quoted ? quote(language, x.source) : readable(x.source)) : null;
    }
    case 'birthDate':
    case 'passportIssue': {
      const d = f[side.fact];
      return d ? make(d.source, formatDate(language, d.iso)) : null;
    }
    case 'usFamily':
    case 'previousVisits':
    case 'refusals': {
      const d = f[side.fact];
      if (!d) return null;
      // 'Sí, en 2022' says more than yes: quoted.
      const bare = yesNo(d.source) !== null && d.source.trim().length <= 4 || absence(d.source) === 'none' || !d.has;
      return make(d.source, bare || side.fact !== 'refusals' ? declaration(language, side.fact, d.has) : quote(language, d.source));
    }
    case 'relatives': {
      const r = f.relatives?.[side.index ?? 0];
      if (!r) return null;
      return make(r.source, side.quoted ? quote(language, r.source) : relativeText(language, r));
    }
    case 'visits': {
      const v = f.visits?.[side.index ?? 0];
      if (!v) return null;
      if (/^[\d\s/.-]+$|^\d{1,2}-[a-z]{3}-\d{4}$/i.test(v.source.trim()) || /^\d{4}\b/.test(v.source)) {
        const when = v.year ? String(v.year) : v.source;
        return make(v.source, say(language, 'values.visit', { when }));
      }
      return make(v.source, quote(language, v.source));
    }
    case 'refusalMentions':
    case 'overstays':
    case 'identities':
    case 'statements':
    case 'payers':
    case 'visitLengths':
    case 'moves':
    case 'ties': {
      const item = f[side.fact]?.[side.index ?? 0];
      return item ? make(item.source, quote(language, item.source)) : null;
    }
    default:
      return null;
  }
}
