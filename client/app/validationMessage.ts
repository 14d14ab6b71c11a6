import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValidationError } from '../../machines/domain/validators';
import { useCountryName } from '../components/countries';

/**
 * A validation error in the interface language: the form's own keys, or the shared validator library's. A country
 * it names ('Mexico passports cannot use an ESTA', a phone rule's) is named in that language too (issue 34).
 */
export function useValidationMessage(): (error: ValidationError) => string {
  const { t } = useTranslation('validation');
  const countryName = useCountryName();
  return useCallback(
    (error: ValidationError) => {
      const country = error.params?.country;
      const params = typeof country === 'string' ? { ...error.params, country: countryName(country) } : error.params;
      return t(error.key.includes(':') ? error.key : `validation:${error.key}`, params);
    },
    [t, countryName],
  );
}
