import { COUNTRIES, type Country } from './countryList';

// One localised catalogue of countries for every place the app asks for one (issue 45 item 1): each country's
// name in the interface language comes from Intl (built into Node and every browser, nothing downloaded), and a
// name typed in any of the four languages, with or without accents and in any case, finds the same country.
// What is stored stays the English name of countryList.ts, because the visa rules match on it.

export const COUNTRY_LANGUAGES = ['en', 'es', 'fr', 'pt'] as const;

/** Names people use that Intl does not give (short forms, the old names people still type). */
export const EXTRA_COUNTRY_NAMES: Readonly<Record<string, readonly string[]>> = {
  US: ['usa', 'u.s.', 'u.s.a.', 'eeuu', 'ee.uu.', 'ee. uu.', 'eua', 'america', 'the states', 'united states of america', 'etats-unis'],
  GB: ['uk', 'u.k.', 'england', 'inglaterra', 'angleterre', 'great britain', 'gran bretana', 'grande-bretagne', 'gra-bretanha', 'reino unido'],
  NL: ['holland', 'holanda', 'hollande'],
  KR: ['korea', 'corea', 'coree', 'coreia'],
  CZ: ['czechia', 'chequia', 'tchequie', 'tchequia', 'republica checa'],
};

/** Case and accents folded, inner spaces made one, so 'MEXICO ' finds 'México'. */
export function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/gu, ' ').trim();
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** The country's name in `language`: the product's own English name in English, Intl's in the others. */
export function countryNameIn(country: Country, language: string): string {
  if (language === 'en' || !language) return country.name;
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    displayNames.set(language, names);
  }
  return names.of(country.code) ?? country.name;
}

let byName: Map<string, Country> | undefined;

/** Every name of every country, folded. The product's English names and codes win over a translation that happens to match another country. */
function nameIndex(): Map<string, Country> {
  if (byName) return byName;
  const index = new Map<string, Country>();
  const add = (name: string, country: Country) => {
    const key = foldName(name);
    if (key && !index.has(key)) index.set(key, country);
  };
  for (const c of COUNTRIES) add(c.name, c);
  for (const c of COUNTRIES) add(c.code, c);
  for (const language of COUNTRY_LANGUAGES) for (const c of COUNTRIES) add(countryNameIn(c, language), c);
  const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));
  for (const [code, names] of Object.entries(EXTRA_COUNTRY_NAMES)) {
    const country = byCode.get(code);
    if (country) for (const name of names) add(name, country);
  }
  byName = index;
  return index;
}

/** The country a person named, in any of the four languages or by its ISO code; accents, case and spacing ignored. */
export function countryByName(text: string): Country | undefined {
  return nameIndex().get(foldName(text));
}

export interface CountryOption {
  /** What the form sends and the server stores: the English name. */
  readonly value: string;
  /** What the person reads and types. */
  readonly label: string;
  readonly code: string;
}

const optionsByLanguage = new Map<string, readonly CountryOption[]>();

/** Every country with its name in `language`, sorted as that language sorts: every country list shares this one. */
export function countryOptions(language: string): readonly CountryOption[] {
  let options = optionsByLanguage.get(language);
  if (!options) {
    const collator = new Intl.Collator(language);
    options = COUNTRIES.map((c) => ({ value: c.name, label: countryNameIn(c, language), code: c.code })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
    optionsByLanguage.set(language, options);
  }
  return options;
}
