import { isDeepStrictEqual } from 'node:util';
import type { LeadRow } from '../../../db/schema';
import type { LeadWrite } from '../../../db/queries/leads';
import { Problem } from '../../lib/problems';

/**
 * What a paid application was paid for: its answers, and the columns that repeat them (issue 45). The contact
 * e-mail is not among them (no route writes it), nor the status columns, which only move forward (nextStatus).
 */
const ANSWER_COLUMNS = ['name', 'phone', 'nationality', 'travel_purpose'] as const;

/** True when writing `next` over `row` would change an answer (a resend of the same answers changes none). */
export function changesAnswers(row: Pick<LeadRow, (typeof ANSWER_COLUMNS)[number] | 'form_data'>, next: Pick<LeadWrite, (typeof ANSWER_COLUMNS)[number] | 'form_data'>): boolean {
  return ANSWER_COLUMNS.some((column) => row[column] !== next[column]) || !isDeepStrictEqual(JSON.parse(row.form_data), JSON.parse(next.form_data));
}

export const PAID_MESSAGE =
  'This application is paid: its answers stay as they were paid for. Copy them onto the official site from its PDF; start a new application to change them.';

/** 409 `application_paid`: a settled payment keeps the answers it paid for, whatever route tries to change them. */
export const paidApplication = () => new Problem(409, PAID_MESSAGE, {}, 'application_paid');

/** Refuses a write that would change a paid application's answers; anything else passes. */
export function keepPaidAnswers(row: Pick<LeadRow, 'payment_status' | (typeof ANSWER_COLUMNS)[number] | 'form_data'>, next: Pick<LeadWrite, (typeof ANSWER_COLUMNS)[number] | 'form_data'>): void {
  if (row.payment_status === 'paid' && changesAnswers(row, next)) throw paidApplication();
}
