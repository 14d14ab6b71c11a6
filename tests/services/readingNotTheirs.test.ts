import { describe, it } from 'vitest';
import { catalogQuestion, checkClass, everywhere, type Phrases, type ReadingClass } from '../helpers/readingCases';

// Issue 42, round 7: a value the words hold but the applicant did not give as theirs is shown back and asked,
// never stored: a date, a nationality or an e-mail told of someone else ("my brother arrives on 12 May", "mi
// esposa es colombiana"), and a visit that goes on to seek work ("passear e ver se arrumo trampo"). Said with the
// applicant in it ("my wife and I arrive on 12 May"), it is theirs. Generated: who × what is told × languages.

const KIN: Phrases = {
  en: ['my brother', 'my wife', 'my husband', 'my mom', 'her husband', 'he'],
  es: ['mi hermano', 'mi esposa', 'mi mamá', 'su esposo', 'ella'],
  fr: ['mon frère', 'ma femme', 'mon mari', 'ma mère', 'il', 'elle'],
  pt: ['meu irmão', 'minha esposa', 'meu marido', 'minha mãe', 'ele', 'ela'],
};
const WITH_ME: Phrases = { en: [' and I', ' and me'], es: [' y yo'], fr: [' et moi'], pt: [' e eu'] };

const ARRIVES: Phrases = { en: [' arrives on 12 May', ' lands on 12 May', ' gets there on 12 May'], es: [' llega el 12 de mayo', ' viaja el 12 de mayo'], fr: [' arrive le 12 mai', ' part le 12 mai'], pt: [' chega dia 12 de maio', ' viaja no dia 12 de maio'] };
const ARRIVE: Phrases = { en: [' arrive on 12 May', ' land on 12 May'], es: [' llegamos el 12 de mayo', ' viajamos el 12 de mayo'], fr: [' arrivons le 12 mai', ' partons le 12 mai'], pt: [' chegamos dia 12 de maio', ' viajamos no dia 12 de maio'] };
const IS_FROM: Phrases = { en: [' is Mexican', ' is from Colombia', "'s Brazilian"], es: [' es colombiana', ' es mexicano', ' es de Perú'], fr: [' est sénégalaise', ' est français', ' vient du Maroc'], pt: [' é angolana', ' é brasileiro', ' é de Portugal'] };
const EMAIL: Phrases = { en: ["'s is ana.souza@example.com", ' uses ana.souza@example.com'], es: [' tiene ana.souza@example.com', ' usa ana.souza@example.com'], fr: [' a ana.souza@example.com', ' utilise ana.souza@example.com'], pt: [' tem ana.souza@example.com', ' usa ana.souza@example.com'] };

const VISIT: Phrases = { en: ['tourism', 'vacation', 'sightseeing'], es: ['vacaciones', 'turismo', 'pasear'], fr: ['tourisme', 'vacances'], pt: ['passear', 'turismo', 'férias'] };
const AND_WORK: Phrases = {
  en: [' and maybe look for a job', ' and find work', ', and work a bit'],
  es: [' y buscar chamba', ' y a ver si consigo trabajo', ' y trabajar un poco'],
  fr: [' et chercher du travail', ' et trouver un boulot', ' et bosser un peu'],
  pt: [' e ver se arrumo trampo', ' e procurar emprego', ' e trabalhar um pouco'],
};

const CLASSES: Record<string, ReadingClass> = {
  'an arrival told of someone else is asked': { question: catalogQuestion('ds160', 'intended-arrival-date'), parts: [KIN, ARRIVES], outcome: { ask: true } },
  'an arrival told of someone else and the applicant is theirs': { question: catalogQuestion('ds160', 'intended-arrival-date'), parts: [{ en: ['my wife', 'my brother'], es: ['mi esposa'], fr: ['ma femme'], pt: ['minha esposa'] }, WITH_ME, ARRIVE], outcome: { store: '2027-05-12' } },
  'a nationality told of someone else is asked': { question: catalogQuestion('ds160', 'nationality'), parts: [KIN, IS_FROM], outcome: { ask: true } },
  'an e-mail told of someone else is asked': { question: catalogQuestion('ds160', 'email-address'), parts: [KIN, EMAIL], outcome: { ask: true } },
  'a visit that goes on to seek work is asked': { question: catalogQuestion('ds160', 'purpose-of-trip'), parts: [VISIT, AND_WORK], outcome: { ask: true } },
  'a visit alone is still stored': { question: catalogQuestion('ds160', 'purpose-of-trip'), parts: [VISIT], outcome: { store: 'Tourism/Vacation' } },
  'a date of the applicant\'s own is still stored': { question: catalogQuestion('ds160', 'intended-arrival-date'), parts: [everywhere(['']), { en: ['I arrive on 12 May', '12 May'], es: ['llego el 12 de mayo', 'el 12 de mayo'], fr: ["j'arrive le 12 mai", 'le 12 mai'], pt: ['chego dia 12 de maio', '12 de maio'] }], outcome: { store: '2027-05-12' } },
};

describe('a value that is not the applicant\'s answer is asked (issue 42, round 7)', () => {
  for (const [name, row] of Object.entries(CLASSES)) it(name, () => checkClass(row, 60), 30_000);
});
