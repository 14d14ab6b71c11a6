import type { LeadRow } from '../../../db/schema';
import { answeredPurpose } from '../../../machines/domain/answers';
import { DS160_FORM_SECTIONS } from '../../../machines/domain/ds160Form';
import { visibleQuestions } from '../../../machines/domain/questions';
import type { ApplicationStatus } from '../../../openapi/schemas/applications';
import { catalogAnswers, catalogForSource } from '../leads/answers';

const answered = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * How far an application is, 0–100: answered against visible questions (a question hidden by an earlier answer
 * does not count), or sections saved for the ten-section form. A submitted one is 100; an unsent one never is.
 */
export function progressOf(row: Pick<LeadRow, 'source' | 'form_data' | 'completion_status'>): number {
  if (row.completion_status === 'completed' || row.completion_status === 'paid') return 100;
  const saved = JSON.parse(row.form_data) as Record<string, unknown>;
  const catalog = catalogForSource(row.source);
  let share = 0;
  if (catalog) {
    const answers = catalogAnswers(catalog, saved);
    const visible = visibleQuestions(catalog, answers);
    share = visible.length ? visible.filter((q) => answered(answers[q.id])).length / visible.length : 0;
  } else if (row.source === 'ds160-wizard') {
    share = DS160_FORM_SECTIONS.filter((s) => saved[s] && typeof saved[s] === 'object').length / DS160_FORM_SECTIONS.length;
  }
  return Math.min(99, Math.round(share * 100));
}

/** Spec 1-core §4 application statuses, from the lead's: nothing answered is a draft; sent is submitted. */
export function statusOf(row: Pick<LeadRow, 'completion_status'>, progress: number): ApplicationStatus {
  if (row.completion_status === 'completed' || row.completion_status === 'paid' || row.completion_status === 'unpaid') return 'submitted';
  return progress === 0 || row.completion_status === 'abandoned' ? 'draft' : 'in-progress';
}

/**
 * The trip's purpose as the lead's own column has it, else as its answers give it: the ten-section form and the
 * ESTA wizard keep it only among the answers (issue 34: the dashboard and the admin showed '—' for Tourism).
 */
export function purposeOf(row: Pick<LeadRow, 'travel_purpose' | 'source' | 'form_data'>): string {
  if (row.travel_purpose.trim()) return row.travel_purpose;
  try {
    return answeredPurpose(row.source, JSON.parse(row.form_data) as Record<string, unknown>);
  } catch {
    return '';
  }
}
