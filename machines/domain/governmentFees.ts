// The U.S. government's fees as a dated schedule (issue 44): each fee has an amount, the day it took effect, its
// official source and who pays it where. Every quote, page, PDF, chat and e-mail asks `feesInForce` which fees an
// applicant owes on a day; nothing else holds a government fee. The rows live in the `government_fees` table
// (seeded by db/seed.ts); an admin schedules a change with a future date, and the rows already in force stay as
// they were, so the fee of any past day can still be told.

import { FEE_APPLICANTS, FEE_CODES, FEE_MOMENTS, FEE_SUBJECTS, MAX_FEE_CENTS, VISA_CLASSES } from '../../openapi/vocabulary';
import type { ValidationError } from './validators';

// The vocabularies live in the contract (openapi/vocabulary.ts), the bottom room both sides import.
export { FEE_APPLICANTS, FEE_CODES, FEE_MOMENTS, FEE_SUBJECTS, MAX_FEE_CENTS, VISA_CLASSES };
export type VisaClass = (typeof VISA_CLASSES)[number];
export type FeeApplicant = (typeof FEE_APPLICANTS)[number];
export type FeeSubject = (typeof FEE_SUBJECTS)[number];
export type FeeCode = (typeof FEE_CODES)[number];
export type FeeMoment = (typeof FEE_MOMENTS)[number];

export interface GovernmentFee {
  id: string;
  code: FeeCode;
  subject: FeeSubject;
  amountCents: number;
  currency: 'USD';
  /** The first day (YYYY-MM-DD, UTC) it is charged; null while it is announced but not in force. */
  effectiveFrom: string | null;
  /** The official text that sets it. */
  sourceUrl: string;
  /** Who pays it: always the applicant, to the U.S. government, never through Rumbo. */
  payer: 'applicant';
  paidAt: FeeMoment;
  refundable: boolean;
  /** What the applicant should know beside the amount, in English (PDFs and the admin area). */
  note: string;
  /** When an admin last compared it with its source (ISO time); null when nobody has yet. */
  lastCheckedAt: string | null;
}

/** A fee as a price carries it: what is owed, to whom it was looked up for, and where the figure comes from. */
export type FeeLine = Pick<GovernmentFee, 'code' | 'subject' | 'amountCents' | 'currency' | 'effectiveFrom' | 'sourceUrl' | 'paidAt' | 'refundable' | 'note'>;

/** A fee not compared with its source for this many days is flagged to the admin. */
export const CHECK_INTERVAL_DAYS = 90;
const DAY_MS = 86_400_000;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The UTC day of an instant: fees change at the start of a UTC day, the same day for every server. */
export const dayOf = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);

/** Whether a fee is charged to this applicant: its own subject, or every visa for a visa applicant. */
export function appliesTo(fee: Pick<GovernmentFee, 'subject'>, applicant: FeeApplicant): boolean {
  return fee.subject === applicant || (fee.subject === 'VISA' && applicant !== 'ESTA');
}

/** One fee per kind: the one a row says for this applicant; identity of a fee across its history. */
export const feeKey = (fee: Pick<GovernmentFee, 'code' | 'subject'>) => `${fee.code}:${fee.subject}`;

/**
 * The fees an applicant owes on a day: for each kind of fee that applies, the row with the latest effective day on
 * or before it (a class's own row before an every-visa row of the same day). A row without a day is not in force.
 * In the order they are paid.
 */
export function feesInForce<F extends GovernmentFee>(schedule: readonly F[], day: string, applicant: FeeApplicant): F[] {
  const chosen = new Map<FeeCode, F>();
  for (const fee of schedule) {
    if (fee.effectiveFrom === null || fee.effectiveFrom > day || !appliesTo(fee, applicant)) continue;
    const held = chosen.get(fee.code);
    if (!held || precedes(held, fee)) chosen.set(fee.code, fee);
  }
  return [...chosen.values()].sort((a, b) => FEE_MOMENTS.indexOf(a.paidAt) - FEE_MOMENTS.indexOf(b.paidAt) || FEE_CODES.indexOf(a.code) - FEE_CODES.indexOf(b.code));
}

/** Whether `next` replaces `held` for the same kind of fee: a later day, or the same day for the applicant's own class. */
function precedes(held: GovernmentFee, next: GovernmentFee): boolean {
  const a = held.effectiveFrom as string;
  const b = next.effectiveFrom as string;
  if (a !== b) return b > a;
  return held.subject === 'VISA' && next.subject !== 'VISA';
}

/** A fee as a price line. */
export const lineOf = ({ code, subject, amountCents, currency, effectiveFrom, sourceUrl, paidAt, refundable, note }: FeeLine): FeeLine => ({
  code,
  subject,
  amountCents,
  currency,
  effectiveFrom,
  sourceUrl,
  paidAt,
  refundable,
  note,
});

export const totalOf = (lines: readonly Pick<FeeLine, 'amountCents'>[]) => lines.reduce((sum, line) => sum + line.amountCents, 0);

/** Whether a fee is due a check: never checked, or not for CHECK_INTERVAL_DAYS days or more. */
export function checkDue(lastCheckedAt: string | null, now: Date | number): boolean {
  if (lastCheckedAt === null) return true;
  const checked = Date.parse(lastCheckedAt);
  if (Number.isNaN(checked)) return true;
  return new Date(now).getTime() - checked >= CHECK_INTERVAL_DAYS * DAY_MS;
}

/** Where one fee stands on a day: the row in force, the rows scheduled after it, and the ones it replaced. */
export interface FeeTimeline<F extends GovernmentFee = GovernmentFee> {
  key: string;
  code: FeeCode;
  subject: FeeSubject;
  current: F | null;
  upcoming: F[];
  past: F[];
  /** Rows announced without a day (not in force until an admin gives one). */
  unscheduled: F[];
  lastCheckedAt: string | null;
}

/** The schedule as the admin reads it: one timeline per fee (kind and subject), in the schedule's order. */
export function timelines<F extends GovernmentFee>(schedule: readonly F[], day: string): FeeTimeline<F>[] {
  const byKey = new Map<string, F[]>();
  for (const fee of schedule) byKey.set(feeKey(fee), [...(byKey.get(feeKey(fee)) ?? []), fee]);
  const result: FeeTimeline<F>[] = [];
  for (const [key, rows] of byKey) {
    const dated = rows.filter((r) => r.effectiveFrom !== null).sort((a, b) => (a.effectiveFrom as string).localeCompare(b.effectiveFrom as string));
    const started = dated.filter((r) => (r.effectiveFrom as string) <= day);
    const current = started.at(-1) ?? null;
    const checks = rows.map((r) => r.lastCheckedAt).filter((c): c is string => c !== null).sort();
    const first = rows[0] as F;
    result.push({
      key,
      code: first.code,
      subject: first.subject,
      current,
      upcoming: dated.filter((r) => (r.effectiveFrom as string) > day),
      past: started.slice(0, -1).reverse(),
      unscheduled: rows.filter((r) => r.effectiveFrom === null),
      lastCheckedAt: checks.at(-1) ?? null,
    });
  }
  const order = (t: FeeTimeline<F>) => [FEE_CODES.indexOf(t.code), (FEE_SUBJECTS as readonly string[]).indexOf(t.subject)] as const;
  return result.sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1]);
}

export const MAX_NOTE_LENGTH = 500;


export interface FeeChange {
  amountCents: number;
  effectiveFrom: string;
  sourceUrl: string;
  note: string;
}

/** Every key a change can be refused with; they live in locales/<lang>/validation.json. */
export const FEE_MESSAGE_KEYS = ['validation.fees.amount', 'validation.fees.date', 'validation.fees.future', 'validation.fees.source', 'validation.fees.note'] as const;

/** What is wrong with a change, by field (keys in locales/<lang>/validation.json). */
export type FeeChangeErrors = Partial<Record<keyof FeeChange, ValidationError>>;

/**
 * A change an admin schedules: a whole number of cents, a day after today (the fees of today and before are
 * history: quotes and orders were made with them), and an https link to the official text.
 */
export function validateFeeChange(change: FeeChange, today: string): FeeChangeErrors {
  const errors: FeeChangeErrors = {};
  if (!Number.isInteger(change.amountCents) || change.amountCents < 0 || change.amountCents > MAX_FEE_CENTS) {
    errors.amountCents = { key: 'validation.fees.amount', params: { max: MAX_FEE_CENTS / 100 } };
  }
  if (!isIsoDay(change.effectiveFrom)) errors.effectiveFrom = { key: 'validation.fees.date' };
  else if (change.effectiveFrom <= today) errors.effectiveFrom = { key: 'validation.fees.future' };
  if (!isOfficialLink(change.sourceUrl)) errors.sourceUrl = { key: 'validation.fees.source' };
  if (change.note.length > MAX_NOTE_LENGTH) errors.note = { key: 'validation.fees.note', params: { max: MAX_NOTE_LENGTH } };
  return errors;
}

/** An https address with a host: where anyone can read the text that sets the fee. */
export function isOfficialLink(value: string): boolean {
  if (value.length > 500) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The next UTC day after `day`. */
export function nextDay(day: string): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
}

/** What the admin types to change a fee: the amount in dollars as written, the first day, the source, the note. */
export interface FeeForm {
  amount: string;
  effectiveFrom: string;
  sourceUrl: string;
  note: string;
}

export type FeeFormErrors = Partial<Record<keyof FeeForm, ValidationError>>;

/** Dollars as an admin writes them ('45', '45.5', '45,50', '$1,234.00') in cents; null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const plain = text.trim().replace(/^\$|\s/g, '').replace(/US\$|\$$/g, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:[.,](\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const dollars = Number((match[1] as string).replace(/,/g, ''));
  const cents = match[2] ? Number(match[2].padEnd(2, '0')) : 0;
  return dollars * 100 + cents;
}

/** The form as a change the server takes, and what is wrong with it by form field (today: the server's day). */
export function feeChangeOf(form: FeeForm, today: string): { change: FeeChange; errors: FeeFormErrors } {
  const amountCents = parseDollars(form.amount);
  const change: FeeChange = { amountCents: amountCents ?? -1, effectiveFrom: form.effectiveFrom.trim(), sourceUrl: form.sourceUrl.trim(), note: form.note.trim() };
  const { amountCents: amount, ...rest } = validateFeeChange(change, today);
  return { change, errors: { ...(amount ? { amount } : {}), ...rest } };
}
