import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationDto } from '../../../openapi/schemas/applications';
import { useAnswerFormat } from '../../app/answerFormat';

// The statuses, plans and types the spec names (1-core §2.8); anything else the server sends is shown as it came.
export const STATUSES = ['draft', 'in-progress', 'submitted', 'approved', 'rejected'] as const;
const TYPE_KEYS: Record<string, string> = {
  'DS-160': 'dashboard.types.ds160',
  ESTA: 'dashboard.types.esta',
  'PRE-ASSESSMENT': 'dashboard.types.preassessment',
};
export const PAYMENT_STATUSES = ['paid', 'unpaid', 'pending'];
export const PLANS = ['basic', 'pro', 'premium', 'esta', 'completion', 'none'];
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded'];
export const ROLES = ['user', 'guest', 'admin'];


/** The dashboard's words for an application: client/app/answerFormat.ts's, and its own statuses and types. */
export function useFormats() {
  const { t } = useTranslation('account');
  const answers = useAnswerFormat();
  return useMemo(() => {
    /** A value the spec names, in words; anything else the server sends is shown as it came. */
    const known = (prefix: string, values: readonly string[], value: string) => (values.includes(value) ? t(`${prefix}.${value}`) : value);
    const type = (value: string) => (Object.hasOwn(TYPE_KEYS, value) ? t(TYPE_KEYS[value]!) : value);
    const title = (application: ApplicationDto) =>
      application.country ? t('dashboard.item.title', { type: type(application.type), country: answers.country(application.country) }) : type(application.type);
    const purpose = (application: ApplicationDto) => (application.purpose ? answers.purpose(application.purpose) : '—');
    return { ...answers, known, type, title, purpose };
  }, [t, answers]);
}

