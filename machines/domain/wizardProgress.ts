// Where an applicant stands in a question-by-question catalog: the pure view of the question wizard's
// context that the machine, its pages and its path oracle all read.
import { visibleQuestions, type Catalog, type Question } from './questions';

export type Answers = Record<string, string>;

/** What a question wizard keeps between visits: its answers, the question on screen, its lead and what the server has. */
export interface PersistedProgress {
  answers: Answers;
  currentId: string;
  leadId: string | null;
  synced: Answers;
}

/** The part of the wizard's state these functions read. */
export interface Place {
  catalog: Catalog;
  answers: Answers;
  /** The question on screen. */
  currentId: string;
}

export interface Progress {
  /** Zero-based position among the questions the applicant will see. */
  index: number;
  total: number;
  question: Question;
  isFirst: boolean;
  isLast: boolean;
}

export interface SectionProgress {
  id: string;
  titleKey: string;
  /** Questions the applicant will see in it. */
  count: number;
  current: boolean;
  /** Sections are answered in order, so every section before the current one is done. */
  done: boolean;
}

export function progressOf(context: Place): Progress {
  const visible = visibleQuestions(context.catalog, context.answers);
  const found = visible.findIndex((q) => q.id === context.currentId);
  const index = Math.max(found, 0);
  return {
    index,
    total: visible.length,
    question: visible[index] as Question,
    isFirst: index === 0,
    isLast: index === visible.length - 1,
  };
}

/** The catalog's sections with the applicant's place in them (the stepper and the side panel). */
export function sectionsOf(context: Place, reviewing = false): SectionProgress[] {
  const { catalog, answers } = context;
  const visible = visibleQuestions(catalog, answers);
  // On the review every section is done and the review section (which has no questions) is the current one.
  const currentSection = reviewing ? 'review' : progressOf(context).question.section;
  const currentIndex = catalog.sections.findIndex((section) => section.id === currentSection);
  return catalog.sections.map((section, i) => ({
    id: section.id,
    titleKey: section.titleKey,
    count: visible.filter((q) => q.section === section.id).length,
    current: i === currentIndex,
    done: i < currentIndex,
  }));
}

/**
 * Whether NEXT now submits: judged with the draft as if stored, since the answer on screen can reveal or hide
 * a conditional question that would come after it.
 */
export function nextSubmits(context: Place & { draft: string }): boolean {
  return progressOf({ ...context, answers: { ...context.answers, [context.currentId]: context.draft.trim() } }).isLast;
}

/** The answers of the questions the applicant can see: stale answers of hidden ones are not sent. */
export function submittedAnswers(catalog: Catalog, answers: Answers): Answers {
  return Object.fromEntries(
    visibleQuestions(catalog, answers)
      .filter((q) => (answers[q.id] ?? '').trim() !== '')
      .map((q) => [q.id, (answers[q.id] as string).trim()]),
  );
}

export function changedAnswers(catalog: Catalog, answers: Answers, synced: Answers): Answers {
  return Object.fromEntries(Object.entries(submittedAnswers(catalog, answers)).filter(([id, v]) => synced[id] !== v));
}


/** The server refused one answer of a submit: which question, and its words (English; the UI re-checks locally). */
export class FieldRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Whether the catalog ends on a review of every answer before the submit (the DS-160 wizard's 'review' section). */
export function hasReview(catalog: Catalog): boolean {
  return catalog.sections.some((section) => section.id === 'review');
}

/** The first question the applicant can see that is required and still unanswered, if any. */
export function firstUnanswered(place: Pick<Place, 'catalog' | 'answers'>): string | undefined {
  return visibleQuestions(place.catalog, place.answers).find((q) => q.required && !(place.answers[q.id] ?? '').trim())?.id;
}

export interface ReviewSection {
  id: string;
  titleKey: string;
  answers: { question: Question; value: string }[];
}

/** Every visible answer grouped by section, in order, for the review before the submit. */
export function reviewOf(place: Pick<Place, 'catalog' | 'answers'>): ReviewSection[] {
  const visible = visibleQuestions(place.catalog, place.answers);
  return place.catalog.sections
    .map((section) => ({
      id: section.id,
      titleKey: section.titleKey,
      answers: visible.filter((q) => q.section === section.id).map((question) => ({ question, value: place.answers[question.id] ?? '' })),
    }))
    .filter((section) => section.answers.length > 0);
}
