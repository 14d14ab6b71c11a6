import en from '../../../../locales/en/catalog.json' with { type: 'json' };
import es from '../../../../locales/es/catalog.json' with { type: 'json' };
import fr from '../../../../locales/fr/catalog.json' with { type: 'json' };
import pt from '../../../../locales/pt/catalog.json' with { type: 'json' };
import { getCatalog } from '../../../../machines/domain/catalogs/index';
import type { Question } from '../../../../machines/domain/questions';
import type { InterviewQuestion, InterviewType, NextQuestion, NextQuestionInput } from '../schemas';
import type { Language } from './text';

// The scripted interviews of the AI assistant page (spec 3-ai §2.4, §4.3, §9: ESTA 31 questions, DS-160 25),
// drawn from the wizards' catalogs so a question asks and stores exactly what the form does.

/**
 * The spec's ESTA questions (2-wizards §3.3) but the optional social-media one, in the wizard's order. The official
 * fields the wizard asks beyond the spec (issue 45 item 21: parents, employer, U.S. and emergency contacts, other
 * citizenship's country) are not asked here yet: several are follow-ups, and this script asks every question it
 * lists whatever the answers.
 */
const SPEC_ESTA_IDS: ReadonlySet<string> = new Set([
  'email', 'first-name', 'last-name', 'other-names', 'birth-date', 'birth-city', 'birth-country', 'gender',
  'passport-type', 'passport-number', 'passport-country', 'passport-issue-date', 'passport-expiry', 'first-travel',
  'purpose', 'phone', 'home-address', 'emergency-contact', 'emergency-phone', 'current-occupation', 'other-citizenship',
  'previous-passport', 'communicable-disease', 'criminal-conviction', 'drug-violation', 'terrorism-activities',
  'fraud-misrepresentation', 'visa-denial', 'overstay-violation', 'child-custody', 'travel-restricted-countries',
]);
const ESTA_IDS = getCatalog('esta')
  .questions.map((q) => q.id)
  .filter((id) => SPEC_ESTA_IDS.has(id));

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

/** The first question not answered yet, in the interview's order; done when every one has an answer. */
export function nextQuestion({ type, answered, language }: NextQuestionInput): NextQuestion {
  const questions = INTERVIEWS[type];
  const have = new Set(answered);
  const next = questions.find((q) => !have.has(q.id));
  const progress = { answered: questions.filter((q) => have.has(q.id)).length, total: questions.length };
  return next ? { done: false, question: asked(next, language), progress } : { done: true, progress };
}
