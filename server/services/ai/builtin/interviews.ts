import en from '../../../../locales/en/catalog.json' with { type: 'json' };
import es from '../../../../locales/es/catalog.json' with { type: 'json' };
import fr from '../../../../locales/fr/catalog.json' with { type: 'json' };
import pt from '../../../../locales/pt/catalog.json' with { type: 'json' };
import { getCatalog } from '../../../../machines/domain/catalogs/index';
import { isVisible, type Question } from '../../../../machines/domain/questions';
import type { InterviewQuestion, InterviewType, NextQuestion, NextQuestionInput } from '../schemas';
import type { Language } from './text';

// The scripted interviews of the AI assistant page (spec 3-ai §2.4, §4.3, §9), drawn from the wizards' catalogs so a
// question asks and stores exactly what the form does, and follows the form's conditions: a follow-up is asked only
// when the answer it depends on calls for it (the employer after "Yes, I have one", the U.S. point of contact unless
// in transit), and the progress counts the questions that apply.

/**
 * The ESTA: every question of its catalog, in the official application's order (issue 45: the parents, the employer
 * or "no employer", the U.S. point of contact, the emergency contact's e-mail, the national ID, another citizenship's
 * country and how), so a paid ESTA made here leaves no official field blank. Only the optional social-media question
 * is left to the wizard, as the spec's interview leaves it (its 31 questions were the spec's list).
 */
const ESTA_IDS = getCatalog('esta')
  .questions.map((q) => q.id)
  .filter((id) => id !== 'social-media');

/** What a consular officer and the DS-160 need first: identity, passport, contact, trip, who pays, work. */
const DS160_IDS = [
  'first-name',
  'last-name',
  'gender',
  'marital-status',
  'birth-date',
  'birth-city',
  'birth-country',
  'nationality',
  'passport-number',
  'passport-country',
  'passport-issue-date',
  'passport-expiry-date',
  'email-address',
  'phone-number',
  'home-address-1',
  'home-city',
  'home-country',
  'purpose-of-trip',
  'intended-arrival-date',
  'intended-length',
  'us-address',
  'trip-payer-name',
  'current-occupation',
  'employer-name',
  'monthly-salary',
];

function pick(catalog: 'esta' | 'ds160', ids: readonly string[]): Question[] {
  const byId = new Map(getCatalog(catalog).questions.map((q) => [q.id, q]));
  return ids.map((id) => {
    const question = byId.get(id);
    if (!question) throw new Error(`The ${catalog} catalog has no question ${id}`);
    return question;
  });
}

export const INTERVIEWS: Readonly<Record<InterviewType, readonly Question[]>> = { esta: pick('esta', ESTA_IDS), ds160: pick('ds160', DS160_IDS) };

const TEXTS: Record<Language, unknown> = { en, es, fr, pt };

/** A catalog key ('catalog:esta.q.email') in the conversation's language, English when a language lacks it. */
export function text(key: string, language: Language): string {
  const path = key.replace(/^catalog:/, '').split('.');
  for (const lang of [language, 'en'] as const) {
    let node: unknown = TEXTS[lang];
    for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node === 'string') return node;
  }
  return key;
}

function asked(question: Question, language: Language): InterviewQuestion {
  return {
    id: question.id,
    label: text(question.labelKey, language),
    type: question.type,
    ...(question.options ? { options: question.options.map((o) => ({ value: o.value, label: text(o.labelKey, language) })) } : {}),
  };
}

/** The interview's questions that apply to these answers, in its order (a follow-up only when called for). */
export function askedNow(type: InterviewType, answers: Readonly<Record<string, string>>): Question[] {
  return INTERVIEWS[type].filter((q) => isVisible(q, answers));
}

/** How far the interview is: the questions that apply, and how many of them have an answer (an empty one skipped). */
export function interviewProgress(type: InterviewType, answers: Readonly<Record<string, string>>): { answered: number; total: number } {
  const questions = askedNow(type, answers);
  return { answered: questions.filter((q) => Object.hasOwn(answers, q.id)).length, total: questions.length };
}

/** The first question that applies and has no answer yet, in the interview's order; done when every one has one. */
export function nextQuestion({ type, answers, language }: NextQuestionInput): NextQuestion {
  const next = askedNow(type, answers).find((q) => !Object.hasOwn(answers, q.id));
  const progress = interviewProgress(type, answers);
  return next ? { done: false, question: asked(next, language), progress } : { done: true, progress };
}
