import en from '../../../locales/en/interview.json' with { type: 'json' };
import es from '../../../locales/es/interview.json' with { type: 'json' };
import fr from '../../../locales/fr/interview.json' with { type: 'json' };
import pt from '../../../locales/pt/interview.json' with { type: 'json' };
import type { InterviewLanguage } from '../../../openapi/schemas/premium';

// The interview's sentences come from the locale files (namespace `interview`), like every user-visible text:
// questions, tips, feedback and the analysis, in the four languages of the interface.

export type { InterviewLanguage };

const TEXTS: Record<InterviewLanguage, unknown> = { en, es, fr, pt };

function lookup(language: InterviewLanguage, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], TEXTS[language]);
}

export function has(language: InterviewLanguage, key: string): boolean {
  return typeof lookup(language, key) === 'string';
}

/** A text by its key with its {{values}} filled in; a missing key shows itself, as the client does. */
export function say(language: InterviewLanguage, key: string, values: Record<string, string | number> = {}): string {
  const found = lookup(language, key);
  const template = typeof found === 'string' ? found : key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Every text under a key (the tips of a section), in the order written. */
export function sayAll(language: InterviewLanguage, key: string): string[] {
  const found = lookup(language, key);
  return found && typeof found === 'object' ? Object.values(found as Record<string, unknown>).filter((v): v is string => typeof v === 'string') : [];
}

/** The applicant's own words quoted the language's way: «…», "…". */
export const quote = (language: InterviewLanguage, text: string) => say(language, 'quote', { text });
