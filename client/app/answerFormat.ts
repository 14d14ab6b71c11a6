import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { purposeKey } from '../../machines/domain/answers';
import type { AnswerCell, AnswerPart, AnswerValue } from '../../openapi/schemas/answers';
import { useFormat } from './format';

const FORM_TYPES: Readonly<Record<string, string>> = { 'DS-160': 'ds160', ESTA: 'esta', 'PRE-ASSESSMENT': 'preassessment' };

/**
 * An application's answers (machines/domain/answers.ts describes them) and purposes, in the interface language:
 * an option's text, a country's name, a date, Yes or No for a tick, never the value as stored (issue 34). The page
 * loads the answers namespace and those of the questions it shows (catalog, ds160form).
 */
export function useAnswerFormat() {
  const { t } = useTranslation('answers');
  const format = useFormat();
  return useMemo(() => {
    const cell = (value: AnswerCell): string => {
      switch (value.kind) {
        case 'text':
          return value.text;
        case 'option':
          return t(value.key);
        case 'country':
          return format.country(value.name);
        case 'date':
          return format.date(value.date);
        case 'flag':
          return t(value.on ? 'answers:flag.yes' : 'answers:flag.no');
      }
    };
    const label = (described: Pick<AnswerPart, 'labelKey' | 'label'>) => (described.labelKey ? t(described.labelKey) : described.label);
    /** A list's rows one a line ('First name: Ana, Relationship: Sibling'), any other answer as one line. */
    const lines = (value: AnswerValue): string[] =>
      value.kind === 'rows' ? value.rows.map((row) => row.map((part) => `${label(part)}: ${cell(part.value)}`).join(', ')) : [cell(value)];
    /** A purpose as any form stores it ('Tourism/Vacation', 'tourism'), in words; the applicant's own words as typed. */
    const purpose = (stored: string) => {
      const key = purposeKey(stored);
      return key ? t(`answers:purposes.${key}`) : stored;
    };
    /** 'DS-160', 'ESTA', 'PRE-ASSESSMENT' as the form is called in the language. */
    const formType = (stored: string) => {
      const key = Object.hasOwn(FORM_TYPES, stored) ? FORM_TYPES[stored] : undefined;
      return key ? t(`answers:formTypes.${key}`) : stored;
    };
    return { ...format, cell, label, lines, answer: (value: AnswerValue) => lines(value).join('; '), purpose, formType };
  }, [t, format]);
}
