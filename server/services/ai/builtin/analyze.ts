import { CHAT_SECTIONS, REQUIRED_FIELDS, isChatSection } from '../../../../machines/domain/chatFields';
import { isWaiverCountry } from '../../../../machines/domain/visaRules';
import type { Analysis, AnalysisInput, Completeness, CompletenessInput, Finding } from '../schemas';
import { countryName, fieldLabel, phrase } from './phrases';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY = 86_400_000;

/** A real calendar date written as yyyy-mm-dd, as a time; undefined for anything else (2025-02-30 included). */
function dateOf(value: string | undefined): number | undefined {
  const m = value ? ISO.exec(value.trim()) : null;
  if (!m) return undefined;
  const time = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(time).toISOString().slice(0, 10) === value!.trim() ? time : undefined;
}

const filled = (value: string | undefined) => (value ?? '').trim() !== '';

export function completeness({ section, fields, data }: CompletenessInput): Completeness {
  const names = fields.length > 0 ? fields : isChatSection(section) ? [...CHAT_SECTIONS[section]] : [];
  const missing = names.filter((f) => !filled(data[f]));
  return { section, filled: names.length - missing.length, total: names.length, missing, complete: missing.length === 0 };
}

/**
 * The final analysis (issue 13): required fields missing, dates that are not dates or not in order, a passport
 * that ends before the trip (or, for an ESTA, within six months of arrival), and a form that does not fit the
 * nationality. `today` is a parameter so the rules can be table-tested.
 */
export function analyze({ formType, language, data }: AnalysisInput, today = new Date()): Analysis {
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  const label = (field: string) => fieldLabel(language, field);
  for (const field of REQUIRED_FIELDS[formType]) {
    if (!filled(data[field])) errors.push({ field, code: 'missing', message: phrase(language, 'analysis', 'missing', { field: label(field) }) });
  }
  const dates: Record<string, number | undefined> = {};
  for (const field of ['dateOfBirth', 'passportIssueDate', 'passportExpiry', 'arrivalDate', 'departureDate']) {
    if (!filled(data[field])) continue;
    dates[field] = dateOf(data[field]);
    if (dates[field] === undefined) errors.push({ field, code: 'invalid-date', message: phrase(language, 'analysis', 'invalidDate', { field: label(field) }) });
  }
  const { dateOfBirth: birth, passportExpiry: expiry, arrivalDate: arrival, departureDate: departure } = dates;
  if (birth !== undefined && birth > today.getTime()) {
    errors.push({ field: 'dateOfBirth', code: 'invalid-date', message: phrase(language, 'analysis', 'futureBirth') });
  }
  if (arrival !== undefined && departure !== undefined && departure < arrival) {
    errors.push({ field: 'departureDate', code: 'date-order', message: phrase(language, 'analysis', 'dateOrder') });
  }
  const tripEnd = departure ?? arrival;
  if (expiry !== undefined && tripEnd !== undefined && expiry < tripEnd) {
    errors.push({ field: 'passportExpiry', code: 'passport-expiry', message: phrase(language, 'analysis', 'passportExpired') });
  } else if (expiry !== undefined && arrival !== undefined && expiry < arrival + 182 * DAY) {
    warnings.push({ field: 'passportExpiry', code: 'passport-expiry', message: phrase(language, 'analysis', 'passportSixMonths') });
  }
  const nationality = data.nationality?.trim();
  if (nationality) {
    const waiver = isWaiverCountry(nationality);
    const named = countryName(language, nationality);
    if (formType === 'DS-160' && waiver && data.purpose !== 'study') {
      warnings.push({ field: 'nationality', code: 'waiver-nationality', message: phrase(language, 'analysis', 'waiverNationality', { nationality: named }) });
    }
    if (formType === 'ESTA' && !waiver) {
      errors.push({ field: 'nationality', code: 'visa-nationality', message: phrase(language, 'analysis', 'visaNationality', { nationality: named }) });
    }
  }
  const summary =
    errors.length === 0 && warnings.length === 0
      ? phrase(language, 'analysis', 'summaryClean')
      : phrase(language, 'analysis', 'summaryIssues', { errors: errors.length, warnings: warnings.length });
  return { errors, warnings, summary };
}
