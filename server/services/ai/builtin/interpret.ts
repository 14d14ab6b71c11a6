import { COUNTRIES } from '../../../../machines/domain/countryList';
import type { Question } from '../../../../machines/domain/questions';
import { findCountries, findNationality } from './countries';
import { findDates } from './dates';
import { extract } from './extract';
import { fold, type Language } from './text';

// A chat answer in the form a question stores: '15 de marzo de 1990' for a date question is 1990-03-15, 'soy
// mexicana' for a country question is Mexico, 'sí' for a Yes/No question is Yes. Anything not understood is
// passed on as written, for the validator library to judge and explain.

const YES = new Set(['yes', 'y', 'si', 'sim', 'oui', 'claro', 'of course', 'bien sur', 'sure']);
const NO = new Set(['no', 'n', 'nao', 'non', 'nunca', 'never', 'jamais', 'ninguno', 'none']);
const BY_NAME = new Map(COUNTRIES.map((c) => [fold(c.name), c.name]));

export function interpretAnswer(question: Question, raw: string, language: Language, labelOf: (key: string) => string): string {
  const answer = raw.trim();
  const bare = fold(answer).replace(/[.!¡¿?]+/g, '').trim();
  switch (question.type) {
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(answer) ? answer : (findDates(answer, language)[0]?.iso ?? answer);
    case 'country':
      return BY_NAME.get(bare) ?? findNationality(answer)?.country ?? findCountries(answer)[0]?.country ?? answer;
    case 'email':
      return extract({ text: answer, language }).email ?? answer;
    case 'radio':
    case 'select': {
      const options = question.options ?? [];
      const byWords = options.find((o) => fold(o.value) === bare || fold(labelOf(o.labelKey)) === bare);
      if (byWords) return byWords.value;
      const values = options.map((o) => o.value);
      if (values.includes('Yes') && YES.has(bare.split(/[ ,]/)[0] ?? '')) return 'Yes';
      if (values.includes('No') && NO.has(bare.split(/[ ,]/)[0] ?? '')) return 'No';
      // A longer sentence that names one option ('I am married' for Married).
      const named = options.filter((o) => bare.includes(fold(o.value)) || bare.includes(fold(labelOf(o.labelKey))));
      return named.length === 1 && named[0] ? named[0].value : answer;
    }
    default:
      return answer;
  }
}
