// The question wizards' one door (/apply/wizard, /apply/esta-wizard, /wizard): the flow as a page opens it for its
// catalog, and what the question, the review and the stepper show.
import type { SnapshotFrom } from 'xstate';
import { keptWizard } from './domain/keptForms';
import { offeredSpelling } from './domain/passportSpelling';
import { withStartChoice } from './domain/startCarry';
import { keptStartChoice } from './domain/storageKeys';
import type { Catalog } from './domain/questions';
import { hasReview, type PersistedProgress } from './domain/wizardProgress';
import { defineFlow } from './flow';
import { nextSubmits, progressOf, questionWizardMachine, reviewOf, sectionsOf } from './questionWizard.machine';

export { COUNTRIES } from './domain/countries';
export type { Question } from './domain/questions';
export type { ValidationError } from './domain/validators';
export type { ReviewSection, SectionProgress } from './questionWizard.machine';
export type { FlowActor } from './flow';

export interface QuestionWizardProps {
  /** A traveller of a group opened from its panel (issue 36): their answers as the server holds them. */
  traveller?: { leadId: string; formData: Record<string, unknown> } | null;
}

/**
 * Where the wizard starts: this browser's saved progress with the start flow's country and purpose in the questions
 * still empty (spec 2-wizards §2.1, §7), or a group's traveller as the server holds them (their saved progress here
 * when it is theirs: it holds what is typed and not yet sent).
 */
function restored(kept: (area: 'local' | 'session', key: string) => string | null, catalogId: string, traveller: QuestionWizardProps['traveller']): Partial<PersistedProgress> {
  const saved = keptWizard(kept, catalogId);
  if (!traveller || saved.leadId === traveller.leadId) {
    const { country, purpose, otherCountry } = keptStartChoice(kept);
    return { ...saved, answers: withStartChoice(catalogId, saved.answers ?? {}, { country, purpose, otherCountry }) };
  }
  const answers = Object.fromEntries(Object.entries(traveller.formData).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return { answers, leadId: traveller.leadId, synced: answers };
}

type Snapshot = SnapshotFrom<typeof questionWizardMachine>;

/** Where the wizard is, counted from 1: a question, or the review after the last one; null while a submit runs. */
const placeOf = (s: Snapshot) => (s.status !== 'active' || s.hasTag('busy') ? null : s.hasTag('review') ? progressOf(s.context).total + 1 : progressOf(s.context).index + 1);

/** The wizard of one catalog, as its page opens it (each page's view module binds its own catalog: machines/*Wizard.view.ts). */
export const questionWizardFlowFor = (catalog: Catalog) =>
  defineFlow({
    name: 'questionWizard',
    machine: questionWizardMachine,
    input: ({ kept, today }, { traveller = null }: QuestionWizardProps) => ({ catalog, today, ...restored(kept, catalog.id, traveller) }),
    // The question's place is in the address (?q=): Back and Forward move between questions; the review comes after
    // the last one. Nothing moves while a submit runs.
    steps: { key: 'q', of: placeOf, back: { type: 'PREVIOUS' as const }, forward: () => ({ type: 'NEXT' as const }) },
  });

export type QuestionWizardRef = import('./flow').FlowActor<ReturnType<typeof questionWizardFlowFor>>;

/** The question on screen and what can be done there. */
export function questionView(s: Snapshot) {
  return {
    progress: progressOf(s.context),
    draft: s.context.draft,
    /** Next sends the form (the last question of a catalog without a review). */
    submits: nextSubmits(s.context) && !hasReview(s.context.catalog),
    error: s.context.error,
    /** A name refused for its accents: its A–Z spelling, which one tap puts in (the chats' rule, issue 45 item 19). */
    spelling: s.context.error?.key === 'validation.name.latin' ? offeredSpelling(s.context.draft) : null,
    submitting: s.hasTag('busy'),
    submitFailed: s.hasTag('submitFailed'),
    canGoBack: s.can({ type: 'PREVIOUS' }),
    canSwitch: s.can({ type: 'FORM.SWITCH' }),
    revising: s.matches({ active: { flow: 'revising' } }),
    /** A question catalog with date questions: the page warms the date input once idle. */
    hasDates: s.context.catalog.questions.some((q) => q.type === 'date'),
  };
}

/** The review of every answer, by section. */
export const reviewView = (s: Snapshot) => reviewOf(s.context);

/** The stepper's sections, with the one the applicant is in. */
export const sectionsView = (s: Snapshot) => sectionsOf(s.context, s.hasTag('review'));

/** Whether the review shows (the DS-160's, after the last question). */
export const reviewing = (s: Snapshot) => s.hasTag('review');

/** The pre-assessment's completion card: what the server answered (the form type, the fee, the checkout). */
export function completionView(s: Snapshot) {
  const output = s.status === 'done' && s.output?.kind === 'submitted' ? s.output : null;
  if (!output) return null;
  const formType = output.answers['form-type'] === 'ESTA' ? ('ESTA' as const) : ('DS-160' as const);
  return { formType, service: formType === 'ESTA' ? ('esta' as const) : ('ds160' as const), price: output.price, payTo: output.to };
}

export const leadOf = (s: Snapshot) => s.context.leadId;
