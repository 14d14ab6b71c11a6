// The answers as the rules read them: only questions the applicant could see, trimmed, in the catalog's own
// spelling, plus the few facts several rules share (age, days to arrival, stay in days).
import { visibleQuestions, type Catalog } from '../questions';
import { parseIsoDate, yearsBetween, type CalendarDate } from '../validators';
import { stayInDays } from './stayLength';

export type FormType = 'DS-160' | 'ESTA';

export interface Applicant {
  /** Answered, visible questions by id; an unanswered or hidden question is absent. */
  readonly answers: Readonly<Record<string, string>>;
  /** The application the applicant chose in 'form-type'. */
  readonly formType: FormType;
  /** Whole years on `today`, or null without a usable birth date. */
  readonly age: number | null;
  /** Days from `today` to the intended arrival, or null without a usable future date. */
  readonly daysToArrival: number | null;
  /** The length of stay in days, or null when its free text cannot be read. */
  readonly stayDays: number | null;
}

/**
 * Answers of visible questions only: a hidden question's answer may be left over from an earlier path through
 * the wizard and must not count. A choice question keeps only an answer among its options (case aside, so a
 * stored 'yes' still reads as 'Yes'); anything else could not have come from the wizard.
 */
export function relevantAnswers(catalog: Catalog, answers: Readonly<Record<string, unknown>>): Record<string, string> {
  const strings = Object.fromEntries(
    Object.entries(answers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const relevant: Record<string, string> = {};
  for (const question of visibleQuestions(catalog, strings)) {
    const value = (strings[question.id] ?? '').trim();
    if (value === '') continue;
    if (!question.options) {
      relevant[question.id] = value;
      continue;
    }
    const option = question.options.find((o) => o.value.toLowerCase() === value.toLowerCase());
    if (option) relevant[question.id] = option.value;
  }
  return relevant;
}

function dayNumber(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;
}

function ageOn(birthDate: string | undefined, today: CalendarDate): number | null {
  const birth = birthDate ? parseIsoDate(birthDate) : null;
  if (!birth) return null;
  const age = yearsBetween(birth, today);
  return age >= 0 ? age : null;
}

function daysUntil(date: string | undefined, today: CalendarDate): number | null {
  const day = date ? parseIsoDate(date) : null;
  if (!day) return null;
  const days = dayNumber(day) - dayNumber(today);
  return days >= 0 ? days : null;
}

export function readApplicant(catalog: Catalog, answers: Readonly<Record<string, unknown>>, today: string): Applicant {
  const now = parseIsoDate(today);
  // A wrong `today` is the caller's bug, not the applicant's; failing loudly beats a quietly different score.
  if (!now) throw new RangeError(`today must be a 'YYYY-MM-DD' date, got ${JSON.stringify(today)}`);
  const relevant = relevantAnswers(catalog, answers);
  const stay = relevant['length-of-stay'];
  return {
    answers: relevant,
    formType: relevant['form-type'] === 'ESTA' ? 'ESTA' : 'DS-160',
    age: ageOn(relevant['birth-date'], now),
    daysToArrival: daysUntil(relevant['intended-arrival-date'], now),
    stayDays: stay === undefined ? null : stayInDays(stay),
  };
}
