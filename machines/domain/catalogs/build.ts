// The small builder every catalog uses, so question shapes and translation keys are made one way.
import type { Question, QuestionOption, QuestionType, ValidationRule } from '../questions';

/** Option label keys are shared by every catalog: catalog:options.<slug of the English value>. */
export function optionKey(value: string): string {
  const slug = value
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `catalog:options.${slug}`;
}

export function options(values: readonly string[]): QuestionOption[] {
  return values.map((value) => ({ value, labelKey: optionKey(value) }));
}

export interface Extra {
  /** Defaults to true. */
  readonly required?: boolean;
  /** Adds hintKey <key>.hint.<id>. */
  readonly hint?: boolean;
  readonly options?: readonly string[];
  readonly validation?: ValidationRule;
  readonly dependsOn?: string;
  readonly showWhen?: string | readonly string[];
}

/** `ask(section, id, type, extra)` for the catalog whose translation keys start with `key`. */
export function questionBuilder(key: string) {
  return function ask(section: string, id: string, type: QuestionType, extra: Extra = {}): Question {
    return {
      id,
      section,
      type,
      required: extra.required ?? true,
      labelKey: `${key}.q.${id}`,
      ...(extra.hint ? { hintKey: `${key}.hint.${id}` } : {}),
      ...(extra.options ? { options: options(extra.options) } : {}),
      ...(extra.validation ? { validation: extra.validation } : {}),
      ...(extra.dependsOn ? { dependsOn: extra.dependsOn, showWhen: extra.showWhen ?? 'Yes' } : {}),
    };
  };
}
