import { useMemo } from 'react';
import { findCountry, type Country } from '../../machines/domain/countries';
import { countryNameIn, countryOptions, type CountryOption } from '../../machines/domain/countryNames';
import { useLanguage } from '../app/AppContext';

/** The country's name in the interface language, falling back to what was stored when it names no country. */
export function useCountryName(): (country: Country | string) => string {
  const { language } = useLanguage();
  return useMemo(
    () => (country) => {
      const c = typeof country === 'string' ? findCountry(country) : country;
      if (!c) return typeof country === 'string' ? country : '';
      return countryNameIn(c, language);
    },
    [language],
  );
}

/** Every country named and sorted in the interface language (the one catalogue every country list reads). */
export function useCountryOptions(): readonly CountryOption[] {
  const { language } = useLanguage();
  return countryOptions(language);
}
