import { visibleQuestions, type Catalog, type Question } from '../../machines/domain/questions';
import { addYears, formatIsoDate, toIsoDate } from '../../machines/domain/validators';

/** A date `years` (and `months`) from today, as YYYY-MM-DD. */
export function fromToday(years: number, months = 0): string {
  const now = new Date();
  return formatIsoDate(addYears(toIsoDate(new Date(now.getFullYear(), now.getMonth() + months, Math.min(now.getDate(), 28))), years));
}

/**
 * One valid date per rule, consistent with each other: the arrival (2 months ahead, inside the 2-year horizon)
 * is more than 6 months before the passport expiry (5 years ahead, also more than 6 months from today for ESTA).
 */
const DATES: Record<string, () => string> = {
  past: () => fromToday(-3),
  future: () => fromToday(0, 2),
  arrivalDate: () => fromToday(0, 2),
  birthDate: () => '1990-05-15',
  parentBirthDate: () => '1960-03-10',
  passportIssueDate: () => fromToday(-2),
  passportExpiryDate: () => fromToday(5),
};

const BY_ID: Record<string, string> = {
  'email-address': 'maria.lopez@example.com',
  email: 'maria.lopez@example.com',
  'trip-payer-email': 'payer@example.com',
  phone: '+34612345678',
  'emergency-phone': '+34698765432',
  'passport-number': 'AB1234567',
  'monthly-salary': '2,500',
  'full-name': 'Maria Lopez',
  'first-name': 'Maria',
  'last-name': 'Lopez',
  'specify-other-names': 'Maria Garcia',
  'other-names': 'Maria Garcia',
  'form-type': 'DS-160',
};

/** An answer every rule set accepts for this question (the applicant in these tests is a Spaniard). */
export function validAnswer(question: Question): string {
  if (BY_ID[question.id] && (question.type !== 'radio' || question.options?.some((o) => o.value === BY_ID[question.id]))) {
    return BY_ID[question.id] as string;
  }
  if (question.type === 'date') return (DATES[question.validation ?? 'past'] ?? DATES.past!)();
  if (question.type === 'country') return 'Spain';
  if (question.type === 'phone' || question.validation === 'phone') return '+34612345678';
  if (question.type === 'email') return 'maria.lopez@example.com';
  if (question.type === 'number' || question.validation === 'number') return '1200';
  if (question.options?.length) return (question.options.find((o) => o.value === 'No') ?? question.options[0])!.value;
  if (question.id.includes('address')) return '123 Gran Via, Madrid 28013';
  if (question.id.includes('name')) return 'Lucia Fernandez';
  if (question.type === 'city') return 'Madrid';
  return 'Sample answer';
}

/** Valid answers for every question visible after answering the earlier ones, in catalog order. */
export function completeAnswers(catalog: Catalog, overrides: Record<string, string> = {}): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const q of catalog.questions) answers[q.id] = overrides[q.id] ?? validAnswer(q);
  return answers;
}

/** Valid answers for the questions the applicant would actually see, in order (conditions follow the answers). */
export function answersFor(catalog: Catalog, overrides: Record<string, string> = {}): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const question of catalog.questions) {
    if (!visibleQuestions(catalog, { ...answers, [question.id]: 'x' }).some((q) => q.id === question.id)) continue;
    answers[question.id] = overrides[question.id] ?? validAnswer(question);
  }
  return answers;
}
