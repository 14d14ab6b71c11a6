import { useTranslation } from 'react-i18next';
import type { ValidationError } from '../../../machines/domain/validators';

/** A validation error in the interface language: the form's own keys, or the shared validator library's. */
export function useMessage() {
  const { t } = useTranslation(['ds160form', 'validation']);
  return (error: ValidationError) => t(error.key.includes(':') ? error.key : `validation:${error.key}`, error.params);
}
