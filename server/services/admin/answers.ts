// A lead's answers for the admin's Lead Details (issue 14): each described as the one reading of answers does
// (machines/domain/answers.ts: its question's translation key and the kind of value), so the dialog words them in
// the admin's language (issue 34), under the section of the dialog they belong to.
import type { Ds160FormSection } from '../../../machines/domain/ds160Form';
import { describeAnswers } from '../../../machines/domain/answers';
import type { AdminAnswer, AnswerGroupId } from '../../../openapi/schemas/admin';
import { ownEntry } from '../../../machines/domain/ownEntry';

/** The question wizards' sections and the chats' → the dialog's. */
const SECTION_GROUPS: Readonly<Record<string, AnswerGroupId>> = {
  applicant: 'personal', basic: 'personal', profile: 'personal', family: 'personal', personal: 'personal',
  contact: 'contact', uscontact: 'contact',
  trip: 'travel', travel: 'travel', history: 'travel',
  passport: 'passport',
  employment: 'employment', ties: 'employment',
  security: 'security', eligibility: 'security',
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

const groupOf = (section: string): AnswerGroupId => ownEntry(FORM_GROUPS, section) ?? ownEntry(SECTION_GROUPS, section) ?? 'other';

/** Every answer the lead holds, in its form's order; nothing left out because no label is known. */
export function adminAnswers(source: string, formData: Record<string, unknown>): AdminAnswer[] {
  return describeAnswers(source, formData).map(({ id, section, labelKey, label, value }) => ({
    group: groupOf(section),
    id,
    ...(labelKey ? { labelKey } : {}),
    label,
    value,
  }));
}
