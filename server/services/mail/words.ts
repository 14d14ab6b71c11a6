import en from '../../../locales/en/mail.json' with { type: 'json' };
import es from '../../../locales/es/mail.json' with { type: 'json' };
import fr from '../../../locales/fr/mail.json' with { type: 'json' };
import pt from '../../../locales/pt/mail.json' with { type: 'json' };
import type { Language } from '../../../machines/domain/language';

// Every word of a message comes from the locale files (namespace `mail`), in the language of the person who caused
// it, as every user-visible text does.

const TEXTS: Record<Language, unknown> = { en, es, fr, pt };

function lookup(language: Language, key: string): string | undefined {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], TEXTS[language]);
  return typeof found === 'string' ? found : undefined;
}

export type Say = (key: string, values?: Record<string, string | number>) => string;

/**
 * The texts of one language: `{{name}}` filled in, and for a `count` the plural form the language's rules pick
 * (`_one`, `_many`, `_other`), as i18next does on the page. A missing key shows itself, as the client does.
 */
export function wordsOf(language: Language): Say {
  const plurals = new Intl.PluralRules(language);
  return (key, values = {}) => {
    const count = values.count;
    const template =
      (typeof count === 'number' ? (lookup(language, `${key}_${plurals.select(count)}`) ?? lookup(language, `${key}_other`)) : undefined) ??
      lookup(language, key) ??
      key;
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

export function money(language: Language, cents: number): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** A day as the reader's language writes it; links expire at a moment, written in UTC since the reader's zone is unknown. */
export function day(language: Language, iso: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}
