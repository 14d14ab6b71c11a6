// A lead's answers for the admin's Lead Details (issue 14): each with the translation key of its question (and of
// its option), so the dialog labels them in the admin's language, and the section of the dialog it belongs to.
import { DS160_FORM_FIELDS, DS160_FORM_SECTIONS, type Ds160FormSection } from '../../../machines/domain/ds160Form';
import { visibleQuestions } from '../../../machines/domain/questions';
import type { AdminAnswer, AnswerGroupId } from '../../../openapi/schemas/admin';
import { catalogForSource } from '../leads/answers';
import { humanise } from '../pdf/answers';

/** The question wizards' sections → the dialog's. */
const CATALOG_GROUPS: Readonly<Record<string, AnswerGroupId>> = {
  applicant: 'personal', basic: 'personal', profile: 'personal', family: 'personal',
  contact: 'contact', uscontact: 'contact',
  trip: 'travel', travel: 'travel', history: 'travel',
  passport: 'passport',
  employment: 'employment', ties: 'employment',
};

/** The ten-section form's sections → the dialog's. */
const FORM_GROUPS: Readonly<Record<Ds160FormSection, AnswerGroupId>> = {
  'personal-info': 'personal',
  'family-info': 'personal',
  'address-phone': 'contact',
  'travel-info': 'travel',
  'travel-companions': 'travel',
  'previous-travel': 'travel',
  'passport-info': 'passport',
  'work-education': 'employment',
  'security-background': 'security',
  'photo-submission': 'other',
};

/** A chat's own keys, by what they name. */
function chatGroup(key: string): AnswerGroupId {
  const k = key.toLowerCase();
  if (/mail|phone|address|city|zip|postal/.test(k)) return 'contact';
  if (/passport/.test(k)) return 'passport';
  if (/employ|occupation|job|income|company|school|work/.test(k)) return 'employment';
  if (/trip|travel|purpose|arrival|departure|stay|visa|plan|product/.test(k)) return 'travel';
  if (/arrest|refus|deport|crime|security/.test(k)) return 'security';
  return 'personal';
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(text).filter(Boolean).join('; ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [humanise(k), text(v)] as const)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
  }
  return '';
}

/** Every answer the lead holds, in its form's order; nothing left out because no label is known. */
export function adminAnswers(source: string, formData: Record<string, unknown>): AdminAnswer[] {
  const catalog = catalogForSource(source);
  if (catalog) {
    const answers: Record<string, string> = {};
    for (const [id, value] of Object.entries(formData)) if (typeof value === 'string') answers[id] = value.trim();
    const asked = visibleQuestions(catalog, answers).filter((q) => answers[q.id]);
    const known = new Set(asked.map((q) => q.id));
    return [
      ...asked.map((q) => {
        const value = answers[q.id] as string;
        const option = q.options?.find((o) => o.value === value);
        return {
          group: CATALOG_GROUPS[q.section] ?? 'other',
          id: q.id,
          labelKey: q.labelKey,
          label: humanise(q.id),
          value,
          ...(option ? { valueKey: option.labelKey } : {}),
        };
      }),
      ...Object.entries(formData)
        .filter(([id]) => !known.has(id))
        .map(([id, value]) => ({ group: 'other' as const, id, label: humanise(id), value: text(value) }))
        .filter((a) => a.value !== ''),
    ];
  }
  if (source === 'ds160-wizard') {
    const sections = [...DS160_FORM_SECTIONS, ...Object.keys(formData).filter((s) => !(DS160_FORM_SECTIONS as readonly string[]).includes(s))];
    return sections.flatMap((section) => {
      const value = formData[section];
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        const t = text(value);
        return t ? [{ group: 'other' as const, id: section, label: humanise(section), value: t }] : [];
      }
      const fields = value as Record<string, unknown>;
      const declared = DS160_FORM_FIELDS[section as Ds160FormSection] ?? [];
      const order = [...declared, ...Object.keys(fields).filter((f) => !declared.includes(f))];
      return order.flatMap((field) => {
        const t = text(fields[field]);
        if (!t) return [];
        return [{
          group: FORM_GROUPS[section as Ds160FormSection] ?? 'other',
          id: `${section}.${field}`,
          ...(declared.includes(field) ? { labelKey: `ds160form:fields.${field}.label` } : {}),
          label: humanise(field),
          value: t,
        }];
      });
    });
  }
  return Object.entries(formData)
    .map(([id, value]) => ({ group: chatGroup(id), id, label: humanise(id), value: text(value) }))
    .filter((a) => a.value !== '');
}
