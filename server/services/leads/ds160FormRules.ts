import type { Ds160FormSection } from '../../../machines/domain/ds160Form';
import { isDs160Section, validateForm, validateSection, type Ds160FormValues } from '../../../machines/domain/ds160Sections';
import { toIsoDate } from '../../../machines/domain/validators';
import { englishMessage } from '../../lib/messages';

/** The source of the ten-section form's leads: its answers are checked with its own rules. */
export const DS160_FORM_SOURCE = 'ds160-wizard';

/**
 * The first answer of the ten-section form the server refuses, as the page would (machines/domain/ds160Sections):
 * every section when the form is completed, else only what is filled in of the sections that changed (autosave
 * keeps drafts). `field` is the path under the body, like `formData.personal-info.firstName`.
 */
export function ds160FormProblem(all: Record<string, unknown>, changed: readonly string[], complete: boolean): { field: string; message: string } | null {
  const today = toIsoDate(new Date());
  const values = all as Ds160FormValues;
  if (complete) {
    for (const [section, errors] of Object.entries(validateForm(values, today))) {
      const [field, error] = Object.entries(errors ?? {})[0] ?? [];
      if (field && error) return { field: `formData.${section}.${field}`, message: englishMessage(error) };
    }
    return null;
  }
  for (const section of changed.filter(isDs160Section) as Ds160FormSection[]) {
    const errors = validateSection(section, (values[section] ?? {}) as Record<string, unknown>, { today, all: values, requireAnswers: false });
    const [field, error] = Object.entries(errors)[0] ?? [];
    if (field && error) return { field: `formData.${section}.${field}`, message: englishMessage(error) };
  }
  return null;
}
