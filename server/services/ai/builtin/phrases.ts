import en from '../../../../locales/en/assistant.json' with { type: 'json' };
import es from '../../../../locales/es/assistant.json' with { type: 'json' };
import fr from '../../../../locales/fr/assistant.json' with { type: 'json' };
import pt from '../../../../locales/pt/assistant.json' with { type: 'json' };
import { findCountry } from '../../../../machines/domain/countries';
import type { Language } from './text';
import { ownEntry } from '../../../../machines/domain/ownEntry';

// The built-in engine's sentences come from the locale files, like every user-visible text.

type Texts = typeof en;
const TEXTS: Record<Language, Texts> = { en, es, fr, pt };

export function phrase(language: Language, group: 'analysis' | 'reply', key: string, values: Record<string, string | number> = {}): string {
  const find = (lang: Language) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], TEXTS[lang][group]);
  const found = find(language) ?? find('en');
  const template = typeof found === 'string' ? found : key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

export function fieldLabel(language: Language, field: string): string {
  return ownEntry(TEXTS[language].fields as Record<string, string>, field) ?? field;
}

/** A country as the conversation's language names it ('Alemania'), from the product's English name. */
export function countryName(language: Language, english: string): string {
  const code = findCountry(english)?.code;
  return (code && new Intl.DisplayNames([language], { type: 'region' }).of(code)) || english;
}

/** A collected value as the conversation says it: a country by its name, a date written out in the language. */
export function spoken(language: Language, value: string, kind: 'country' | 'purpose' | 'marital' | 'plain' = 'plain'): string {
  if (kind === 'country') return countryName(language, value);
  if (kind === 'purpose' || kind === 'marital') return phrase(language, 'reply', `${kind}.${value}`);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00Z`).toLocaleDateString(language, { dateStyle: 'long', timeZone: 'UTC' });
  return value;
}
