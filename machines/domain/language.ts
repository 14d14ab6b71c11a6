// Language detection order (spec 1-core §4): stored choice, browser language, time zone, English.

export const LANGUAGES = ['en', 'es', 'fr', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'rumbo-language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function fromBrowser(languages: readonly string[]): Language | undefined {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return undefined;
}

const TIME_ZONE_HINTS: ReadonlyArray<[RegExp, Language]> = [
  [/Mexico|Argentina|Santiago|Chile|Madrid|Barcelona/i, 'es'],
  [/Sao_Paulo|Brazil|Lisbon/i, 'pt'],
  [/Paris|Brussels/i, 'fr'],
];

export function fromTimeZone(timeZone: string | undefined): Language | undefined {
  if (!timeZone) return undefined;
  return TIME_ZONE_HINTS.find(([pattern]) => pattern.test(timeZone))?.[1];
}
