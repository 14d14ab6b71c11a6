// A lead's saved answers as the form PDF lists them: English labels, option texts instead of stored values,
// only what the applicant was asked and answered, grouped by the official form's pages. How `formData` reads
// depends on the source that saved it, as server/services/leads reads it: a question wizard's flat answers by
// question id, the ten-section form's answers nested by section, or a chat's own keys.
import en from '../../../locales/en/catalog.json' with { type: 'json' };
import ds160formEn from '../../../locales/en/ds160form.json' with { type: 'json' };
import { DS160_FORM_FIELDS, DS160_FORM_SECTIONS } from '../../../machines/domain/ds160Form';
import { findField, isDs160Section } from '../../../machines/domain/ds160Sections';
import { humanise } from '../../../machines/domain/answers';
import { visibleQuestions, type Catalog, type Question } from '../../../machines/domain/questions';
import { catalogForSource } from '../leads/answers';
import { answerDate } from './format';
import type { PdfLead } from './inputs';
import { DS160_PAGES, ESTA_LABELS, ESTA_PAGES, NOT_FORM_ANSWERS, OTHER_ANSWERS, type OfficialPage } from './officialPages';

export interface Answer {
  readonly label: string;
  readonly value: string;
}

export interface AnswerGroup {
  readonly title: string;
  readonly answers: readonly Answer[];
}

/** The form the answers belong to, for the PDF's heading. */
export type AnswerForm = 'DS-160' | 'ESTA' | 'PRE-ASSESSMENT' | 'CHAT';

interface Entry extends Answer {
  readonly id: string;
}

/** The question-by-question wizards' official page order; the pre-assessment has no official form. */
const PAGES_BY_CATALOG: Readonly<Record<Catalog['id'], readonly OfficialPage[] | null>> = {
  ds160: DS160_PAGES,
  esta: ESTA_PAGES,
  preassessment: null,
};

/** The ten-section form (/ds160-wizard): answers nested by section. */
const SECTIONED_SOURCE = 'ds160-wizard';

/** 'catalog:ds160.q.first-name' (or 'ds160form:fields.gender.label') → the English text, or undefined when the key has none. */
function english(key: string): string | undefined {
  const [namespace, path] = key.includes(':') ? (key.split(':') as [string, string]) : ['catalog', key];
  let node: unknown = namespace === 'ds160form' ? ds160formEn : en;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/**
 * A ten-section field's label as the form asks it: two sections each ask about a deportation (from the United States
 * under previous travel, from any country under security), and only the question tells them apart.
 */
function formLabel(section: string, field: string): string {
  const labelKey = isDs160Section(section) ? findField(section, field)?.labelKey : undefined;
  return (labelKey && english(labelKey)) || humanise(field);
}

/** Any stored value as one printable text; '' for nothing answered. */
function printable(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') {
    const text = value.trim();
    return answerDate(text) ?? text;
  }
  if (Array.isArray(value)) {
    const items = value.map(printable).filter(Boolean);
    const rows = value.some((v) => v !== null && typeof v === 'object');
    return rows ? items.map((item, i) => `${i + 1}. ${item.replace(/\n/g, '; ')}`).join('\n') : items.join(', ');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => [humanise(key), printable(inner)] as const)
      .filter(([, text]) => text !== '')
      .map(([label, text]) => `${label}: ${text}`)
      .join('\n');
  }
  return '';
}

/** An option question prints its English option text ('30-60' → '30 to 60 days'). */
function catalogValue(question: Question, stored: string): string {
  const option = question.options?.find((o) => o.value === stored);
  if (option) return english(option.labelKey) ?? stored;
  return printable(stored);
}

function byPages(entries: readonly Entry[], pages: readonly OfficialPage[]): AnswerGroup[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const placed = new Set<string>();
  const groups: AnswerGroup[] = [];
  for (const page of pages) {
    const answers = page.ids.flatMap((id) => {
      const entry = byId.get(id);
      if (!entry || placed.has(id)) return [];
      placed.add(id);
      return [{ label: entry.label, value: entry.value }];
    });
    if (answers.length) groups.push({ title: page.title, answers });
  }
  const rest = entries.filter((e) => !placed.has(e.id)).map(({ label, value }) => ({ label, value }));
  if (rest.length) groups.push({ title: OTHER_ANSWERS, answers: rest });
  return groups;
}

/** The official site's name for the field an answer is copied into, where it has one (the ESTA's, issue 45 item 21). */
const officialLabel = (catalog: Catalog, id: string): string | undefined => (catalog.id === 'esta' ? ESTA_LABELS[id] : undefined);

function catalogGroups(catalog: Catalog, formData: Record<string, unknown>, pages: readonly OfficialPage[] | null): AnswerGroup[] {
  const answers: Record<string, string> = {};
  for (const [id, value] of Object.entries(formData)) if (typeof value === 'string') answers[id] = value.trim();
  const entries: Entry[] = visibleQuestions(catalog, answers)
    .filter((q) => answers[q.id])
    .map((q) => ({ id: q.id, label: officialLabel(catalog, q.id) ?? english(q.labelKey) ?? humanise(q.id), value: catalogValue(q, answers[q.id] as string) }));
  if (pages) return byPages(entries, pages);
  return catalog.sections
    .map((section) => ({
      title: english(section.titleKey) ?? humanise(section.id),
      answers: entries.filter((e) => catalog.questions.find((q) => q.id === e.id)?.section === section.id),
    }))
    .filter((group) => group.answers.length > 0);
}

/** The ten-section form: each section's declared fields in order, then anything else it holds. */
function sectionedGroups(formData: Record<string, unknown>): AnswerGroup[] {
  const known = DS160_FORM_SECTIONS as readonly string[];
  const sections = [...known, ...Object.keys(formData).filter((s) => !known.includes(s))];
  const entries: Entry[] = [];
  for (const section of sections) {
    const value = formData[section];
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      const text = printable(value);
      if (text) entries.push({ id: section, label: humanise(section), value: text });
      continue;
    }
    const fields = value as Record<string, unknown>;
    const declared = DS160_FORM_FIELDS[section as (typeof DS160_FORM_SECTIONS)[number]] ?? [];
    const order = [...declared, ...Object.keys(fields).filter((f) => !declared.includes(f))];
    for (const field of order) {
      const id = `${section}.${field}`;
      const text = printable(fields[field]);
      if (text && !NOT_FORM_ANSWERS.has(id)) entries.push({ id, label: formLabel(section, field), value: text });
    }
  }
  return byPages(entries, DS160_PAGES);
}

/** Chats and anything else: every key humanised, in the order saved, under one heading. */
function flatGroups(formData: Record<string, unknown>): AnswerGroup[] {
  const answers = Object.entries(formData)
    .map(([key, value]) => ({ label: humanise(key), value: printable(value) }))
    .filter((a) => a.value !== '');
  return answers.length ? [{ title: 'Answers', answers }] : [];
}

export function answerForm(source: string): AnswerForm {
  if (source === SECTIONED_SOURCE) return 'DS-160';
  return catalogForSource(source)?.formType ?? 'CHAT';
}

/** The lead's answers in the official form's order; empty when nothing has been answered yet. */
export function answerGroups(lead: Pick<PdfLead, 'source' | 'formData'>): AnswerGroup[] {
  const formData = lead.formData && typeof lead.formData === 'object' ? lead.formData : {};
  if (lead.source === SECTIONED_SOURCE) return sectionedGroups(formData);
  const catalog = catalogForSource(lead.source);
  return catalog ? catalogGroups(catalog, formData, PAGES_BY_CATALOG[catalog.id]) : flatGroups(formData);
}
