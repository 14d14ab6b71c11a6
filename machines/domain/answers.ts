// An application's answers as the dashboard's View and the admin's Lead Details show them (issue 34): each with
// its question's translation key and the kind of value it holds (an option, a country, a date, a tick, a list's
// rows), so the page words it in its language through client/app/format.ts, never as stored (`{"firstName":…}`,
// 'Male', 'true', '1990-05-20'). How `formData` reads depends on the source that saved it: a question wizard's
// flat answers by question id, the ten-section form's answers nested by section, or a chat's own keys.

import type { AnswerCell, AnswerPart, AnswerValue } from '../../openapi/schemas/answers';
import { getCatalog, type CatalogId } from './catalogs';
import { CHAT_SECTIONS, type ChatSection } from './chatFields';
import { findCountry } from './countries';
import { DS160_FORM_SECTIONS } from './ds160Form';
import { isDs160Section, sectionFields, sectionSpec, visibleFields, type Ds160Option, type Ds160RowField } from './ds160Sections';
import { visibleQuestions, type QuestionOption } from './questions';
import { ownEntry } from './ownEntry';

/** The ten-section form's leads: answers nested by section. */
export const SECTIONED_SOURCE = 'ds160-wizard';

/** Which question catalog a lead's answers follow, by the source the wizard sends. */
const CATALOG_BY_SOURCE: Readonly<Record<string, CatalogId>> = {
  'apply-wizard': 'ds160',
  'esta-wizard': 'esta',
  wizard: 'preassessment',
  // The AI assistant's interviews ask the wizards' own questions (issue 13).
  'airassistant-ds160': 'ds160',
  'airassistant-esta': 'esta',
};

export function catalogIdForSource(source: string): CatalogId | undefined {
  return ownEntry(CATALOG_BY_SOURCE, source);
}

const ACRONYMS: Readonly<Record<string, string>> = { us: 'U.S.', usa: 'USA', id: 'ID', ssn: 'SSN', esta: 'ESTA', ds160: 'DS-160' };

/** 'lastUSVisaNumber' → 'Last U.S. visa number'; 'citizenship_country' → 'Citizenship country'. */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean);
  return words
    .map((word, i) => {
      const lower = word.toLowerCase();
      const acronym = ownEntry(ACRONYMS, lower);
      if (acronym) return acronym;
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

// ---------------------------------------------------------------------------------------------------------
// Purposes: each form words them its own way ('Tourism/Vacation', 'Tourism', 'tourism'); one key says them all.

export const PURPOSE_KEYS = ['tourism', 'business', 'study', 'work', 'transit', 'medical', 'family', 'religious', 'other'] as const;
export type PurposeKey = (typeof PURPOSE_KEYS)[number];

const PURPOSE_WORDS: Readonly<Record<string, PurposeKey>> = {
  tourism: 'tourism',
  'tourism/vacation': 'tourism',
  vacation: 'tourism',
  business: 'business',
  study: 'study',
  'study/education': 'study',
  work: 'work',
  transit: 'transit',
  'medical treatment': 'medical',
  medical: 'medical',
  'visit family/friends': 'family',
  'religious activities': 'religious',
  other: 'other',
};

/** A purpose as any form or chat stores it, as one of PURPOSE_KEYS; null for words of the applicant's own. */
export function purposeKey(stored: string): PurposeKey | null {
  return ownEntry(PURPOSE_WORDS, stored.trim().toLowerCase()) ?? null;
}

const PURPOSE_QUESTION: Readonly<Record<CatalogId, string>> = { ds160: 'purpose-of-trip', esta: 'purpose', preassessment: 'purpose-of-travel' };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** The purpose a lead's answers give, where the lead's own column has none (the ten-section form keeps it there). */
export function answeredPurpose(source: string, formData: Record<string, unknown>): string {
  if (source === SECTIONED_SOURCE) return text(isRecord(formData['travel-info']) ? formData['travel-info'].tripPurpose : undefined);
  const catalogId = catalogIdForSource(source);
  if (catalogId) return text(formData[PURPOSE_QUESTION[catalogId]]);
  return text(formData.purpose) || text(formData.trip_purpose);
}

// ---------------------------------------------------------------------------------------------------------
// Describing answers

export interface DescribedAnswer {
  /** The question id, or 'section.field' in the ten-section form. */
  id: string;
  /** The form's section it belongs to: a catalog's section id, a ten-section form's section, a chat's section. */
  section: string;
  /** Translation key of that section's title, when the form has one. */
  sectionKey?: string;
  labelKey?: string;
  /** English, for an answer no question describes. */
  label: string;
  value: AnswerValue;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A value as plain text for one no form describes: a tick, a number, a list, a record, a date. */
function plainCell(value: unknown): AnswerCell | null {
  if (typeof value === 'boolean') return { kind: 'flag', on: value };
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'text', text: String(value) } : null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!trimmed) return null;
    return ISO_DATE.test(trimmed) ? { kind: 'date', date: trimmed } : { kind: 'text', text: trimmed };
  }
  if (Array.isArray(value)) {
    const items = value.map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '')).filter(Boolean);
    return items.length ? { kind: 'text', text: items.join(', ') } : null;
  }
  return null;
}

/** A stored value read as its question asks it: one of its options, a country, a date, or text. */
function cellFor(value: unknown, kind: string, options?: readonly (QuestionOption | Ds160Option)[]): AnswerCell | null {
  if (typeof value === 'boolean') return { kind: 'flag', on: value };
  const stored = text(value);
  if (!stored) return null;
  const option = options?.find((o) => o.value === stored);
  if (option) return { kind: 'option', key: option.labelKey, text: stored };
  if (kind === 'country' && findCountry(stored)) return { kind: 'country', name: stored };
  if (kind === 'date' && ISO_DATE.test(stored)) return { kind: 'date', date: stored };
  return plainCell(stored);
}

function rowsOf(value: unknown, row: readonly Ds160RowField[]): AnswerValue | null {
  if (!Array.isArray(value)) return null;
  const rows = value
    .filter(isRecord)
    .map((entry) =>
      row.flatMap((field): AnswerPart[] => {
        const cell = cellFor(entry[field.id], field.kind, field.options);
        return cell ? [{ labelKey: field.labelKey, label: humanise(field.id), value: cell }] : [];
      }),
    )
    .filter((parts) => parts.length > 0);
  return rows.length ? { kind: 'rows', rows } : null;
}

/** Ours, not the applicant's: the photo is shown as a photo. */
const NOT_ANSWERS: ReadonlySet<string> = new Set(['photo-submission.photoId']);

function sectionedAnswers(formData: Record<string, unknown>): DescribedAnswer[] {
  const all = Object.fromEntries(Object.entries(formData).filter(([, v]) => isRecord(v))) as Record<string, Record<string, unknown>>;
  const sections = [...DS160_FORM_SECTIONS, ...Object.keys(formData).filter((s) => !isDs160Section(s))];
  return sections.flatMap((section): DescribedAnswer[] => {
    const stored = formData[section];
    if (!isDs160Section(section)) {
      const cell = plainCell(stored);
      return cell ? [{ id: section, section: 'other', label: humanise(section), value: cell }] : [];
    }
    if (!isRecord(stored)) return [];
    const fields = visibleFields(section, stored, all);
    const sectionKey = sectionSpec(section).titleKey;
    const described = fields.flatMap((field): DescribedAnswer[] => {
      const id = `${section}.${field.id}`;
      const value = field.kind === 'list' ? rowsOf(stored[field.id], field.row ?? []) : cellFor(stored[field.id], field.kind, field.options);
      return value && !NOT_ANSWERS.has(id) ? [{ id, section, sectionKey, labelKey: field.labelKey, label: humanise(field.id), value }] : [];
    });
    // Anything else the section holds that the form does not ask (an older version's field), so nothing saved
    // goes unseen; a field the form asks but hides now (an answer its condition no longer shows) is not an answer.
    const declared = new Set(sectionFields(section).map((f) => f.id));
    const rest = Object.entries(stored).flatMap(([field, value]): DescribedAnswer[] => {
      const cell = declared.has(field) ? null : plainCell(value);
      return cell ? [{ id: `${section}.${field}`, section, sectionKey, label: humanise(field), value: cell }] : [];
    });
    return [...described, ...rest];
  });
}

function catalogAnswers(catalogId: CatalogId, formData: Record<string, unknown>): DescribedAnswer[] {
  const catalog = getCatalog(catalogId);
  const answers: Record<string, string> = {};
  for (const [id, value] of Object.entries(formData)) if (typeof value === 'string') answers[id] = value.trim();
  const asked = visibleQuestions(catalog, answers).filter((q) => answers[q.id]);
  const known = new Set(asked.map((q) => q.id));
  const titleOf = (section: string) => catalog.sections.find((s) => s.id === section)?.titleKey;
  return [
    ...asked.flatMap((q): DescribedAnswer[] => {
      const value = cellFor(answers[q.id], q.type, q.options);
      const sectionKey = titleOf(q.section);
      return value ? [{ id: q.id, section: q.section, ...(sectionKey ? { sectionKey } : {}), labelKey: q.labelKey, label: humanise(q.id), value }] : [];
    }),
    ...Object.entries(formData).flatMap(([id, value]): DescribedAnswer[] => {
      if (known.has(id)) return [];
      // An answer to a question the form no longer shows (an employer kept after "no employer") is still the
      // applicant's: listed under the other answers, in the question's own words and the interface's language.
      const question = catalog.questions.find((q) => q.id === id);
      const cell = question && typeof value === 'string' ? cellFor(value.trim(), question.type, question.options) : plainCell(value);
      return cell ? [{ id, section: 'other', label: humanise(id), ...(question ? { labelKey: question.labelKey } : {}), value: cell }] : [];
    }),
  ];
}

/** The chats' own keys (chatFields.ts, and the advanced chat's state): their section, and how their values read. */
const CHAT_SECTION_OF: Readonly<Record<string, ChatSection>> = {
  ...Object.fromEntries((Object.entries(CHAT_SECTIONS) as [ChatSection, readonly string[]][]).flatMap(([section, fields]) => fields.map((f) => [f, section]))),
  citizenship_country: 'personal',
  name: 'personal',
  country: 'personal',
  trip_purpose: 'travel',
  product_recommendation: 'travel',
  selected_plan: 'travel',
};
const CHAT_COUNTRIES: ReadonlySet<string> = new Set(['nationality', 'passportCountry', 'citizenship_country', 'country']);
const MARITAL_STATUSES: ReadonlySet<string> = new Set(['single', 'married', 'divorced', 'widowed', 'separated']);

/** The chats' keys that have a label of their own: `answers:fields.<key>` (the answers namespace). */
export const CHAT_LABELLED_KEYS: readonly string[] = Object.keys(CHAT_SECTION_OF);

function chatCell(key: string, value: unknown): AnswerCell | null {
  const stored = text(value);
  if (stored && CHAT_COUNTRIES.has(key) && findCountry(stored)) return { kind: 'country', name: findCountry(stored)?.name ?? stored };
  if (stored && (key === 'purpose' || key === 'trip_purpose')) {
    const purpose = purposeKey(stored);
    if (purpose) return { kind: 'option', key: `answers:purposes.${purpose}`, text: stored };
  }
  if (stored && key === 'maritalStatus' && MARITAL_STATUSES.has(stored.toLowerCase())) return { kind: 'option', key: `answers:maritalStatus.${stored.toLowerCase()}`, text: stored };
  return plainCell(value);
}

function chatAnswers(formData: Record<string, unknown>): DescribedAnswer[] {
  return Object.entries(formData).flatMap(([key, value]): DescribedAnswer[] => {
    const cell = chatCell(key, value);
    if (!cell) return [];
    const section = ownEntry(CHAT_SECTION_OF, key) ?? 'other';
    return [
      {
        id: key,
        section,
        ...(section === 'other' ? {} : { sectionKey: `answers:sections.${section}` }),
        ...(ownEntry(CHAT_SECTION_OF, key) ? { labelKey: `answers:fields.${key}` } : {}),
        label: humanise(key),
        value: cell,
      },
    ];
  });
}

/** Every answer the lead holds, in its form's order, described; nothing left out because no label is known. */
export function describeAnswers(source: string, formData: Record<string, unknown>): DescribedAnswer[] {
  if (source === SECTIONED_SOURCE) return sectionedAnswers(formData);
  const catalogId = catalogIdForSource(source);
  return catalogId ? catalogAnswers(catalogId, formData) : chatAnswers(formData);
}
