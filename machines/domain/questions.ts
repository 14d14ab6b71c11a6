// The shape every question-by-question catalog shares (spec 2-wizards §3.1).
// Texts are translation keys, never literal strings, so one catalog serves all four languages.

export type QuestionType =
  | 'text'
  | 'email'
  | 'phone'
  | 'date'
  | 'textarea'
  | 'select'
  | 'radio'
  | 'city'
  | 'country'
  | 'number';

/** Extra rules beyond the type; the validator library reads these. */
export type ValidationRule =
  | 'past'
  | 'future'
  | 'phone'
  | 'number'
  | 'birthDate'
  | 'parentBirthDate'
  | 'passportIssueDate'
  | 'passportExpiryDate'
  /** After today, at most 2 years ahead, and at least 6 months before a known passport expiry. */
  | 'arrivalDate'
  /** An employer, school, organisation, hotel or company: letters, digits, spaces and & . , ' - / ( ) (validators.ts). */
  | 'organisationName';

export interface QuestionOption {
  /** Stored value (English, as the spec lists it). */
  readonly value: string;
  /** Translation key of the visible label. */
  readonly labelKey: string;
}

export interface Question {
  readonly id: string;
  readonly section: string;
  readonly type: QuestionType;
  readonly required: boolean;
  /** Translation key of the question text. */
  readonly labelKey: string;
  readonly hintKey?: string;
  readonly options?: readonly QuestionOption[];
  readonly validation?: ValidationRule;
  /** Id of the question this one depends on. */
  readonly dependsOn?: string;
  /** The answer(s) of `dependsOn` that make this question visible. */
  readonly showWhen?: string | readonly string[];
}

export interface Section {
  readonly id: string;
  readonly titleKey: string;
}

/** Which rule set of the validator library applies (spec 2-wizards §5.1, §5.2; 1-core §5). */
export type RuleSet = 'ds160' | 'esta' | 'basic';

/**
 * Early lead capture (spec 2-wizards §4.3): which answers create the lead as soon as they are known,
 * and which one updates it.
 */
export interface CaptureFields {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly phone: string;
  readonly nationality: string;
  /**
   * The birth date, saved as soon as it is answered (issue 45): a group's panel learns from it that a traveller is a
   * minor who needs a parent or guardian, and should not wait for the section's end to say so.
   */
  readonly birthDate?: string;
}

export interface Catalog {
  readonly id: 'ds160' | 'esta' | 'preassessment';
  readonly formType: 'DS-160' | 'ESTA' | 'PRE-ASSESSMENT';
  readonly rules: RuleSet;
  readonly sections: readonly Section[];
  readonly questions: readonly Question[];
  readonly capture?: CaptureFields;
}

/** A question is visible when it has no condition, or its condition's answer matches. */
export function isVisible(question: Question, answers: Readonly<Record<string, string>>): boolean {
  if (!question.dependsOn) return true;
  const answer = answers[question.dependsOn] ?? '';
  const wanted = question.showWhen;
  if (wanted === undefined) return answer.trim() !== '';
  return typeof wanted === 'string' ? answer === wanted : wanted.includes(answer);
}

/**
 * The questions the applicant will actually see, given the answers so far.
 * A condition on a hidden question fails too, so chains (C depends on B depends on A) collapse together.
 */
export function visibleQuestions(catalog: Catalog, answers: Readonly<Record<string, string>>): Question[] {
  const shown = new Set<string>();
  return catalog.questions.filter((q) => {
    const visible = isVisible(q, answers) && (!q.dependsOn || shown.has(q.dependsOn));
    if (visible) shown.add(q.id);
    return visible;
  });
}
