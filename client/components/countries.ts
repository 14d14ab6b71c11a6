import { useMemo } from 'react';
import { findCountry, type Country } from '../../machines/domain/countries';
import { useLanguage } from '../app/AppContext';

/** The country's name in the interface language (Intl), falling back to the stored English name. */
export function useCountryName(): (country: Country | string) => string {
  const { language } = useLanguage();
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    return (country) => {
      const c = typeof country === 'string' ? findCountry(country) : country;
      if (!c) return typeof country === 'string' ? country : '';
      return language === 'en' ? c.name : (names.of(c.code) ?? c.name);
    };
  }, [language]);
}
