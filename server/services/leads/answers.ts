import { catalogIdForSource } from '../../../machines/domain/answers';
import { getCatalog } from '../../../machines/domain/catalogs/index';
import { visibleQuestions, type Catalog } from '../../../machines/domain/questions';
import { normalizeAnswer, toIsoDate, validateAnswer, type ValidationError } from '../../../machines/domain/validators';
import { englishMessage } from '../../lib/messages';

/** Which question catalog a lead's answers follow, by the source the wizard sends (machines/domain/answers.ts). */
export function catalogForSource(source: string): Catalog | undefined {
  const id = catalogIdForSource(source);
  return id ? getCatalog(id) : undefined;
}

export interface AnswerProblem {
  field: string;
  message: string;
}

/**
 * The server's copy of the wizard rules: every visible answer must pass the same validator the browser ran,
 * and a completed application must answer every visible required question. Dates are judged against
 * yesterday, today and tomorrow, since the applicant's calendar may be a day off the server's.
 */
export function checkAnswers(
  catalog: Catalog,
  answers: Record<string, string>,
  requireComplete: boolean,
  options: { now?: Date; changed?: ReadonlySet<string> } = {},
): AnswerProblem | null {
  const now = options.now ?? new Date();
  const days = [-1, 0, 1].map((offset) => toIsoDate(new Date(now.getTime() + offset * 86_400_000)));
  for (const question of visibleQuestions(catalog, answers)) {
    const value = answers[question.id] ?? '';
    if (value.trim() === '' && !requireComplete) continue;
    // An answer stored earlier passed then; judged again it could fail only because time moved on (an arrival
    // date now past), which must not block saving the others. The submit that completes the lead passes no
    // `changed`, so every answer is judged again then (an arrival date against a passport expiry edited since).
    if (options.changed && !options.changed.has(question.id) && value.trim() !== '') continue;
    let error: ValidationError | null = null;
    for (const today of days) {
      error = validateAnswer(question, value, { rules: catalog.rules, answers, today });
      if (!error) break;
    }
    if (error) return { field: question.id, message: englishMessage(error) };
  }
  return null;
}

/** The catalog's own answers, each in its normal form (trimmed; a phone as + and digits); anything else is not stored. */
export function catalogAnswers(catalog: Catalog, formData: Record<string, unknown>): Record<string, string> {
  const questions = new Map(catalog.questions.map((q) => [q.id, q]));
  return Object.fromEntries(
    Object.entries(formData).flatMap(([id, value]) => {
      const question = questions.get(id);
      return question && typeof value === 'string' ? [[id, normalizeAnswer(question, value)]] : [];
    }),
  );
}
