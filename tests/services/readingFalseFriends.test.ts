import { describe, expect, it } from 'vitest';
import { catalogQuestion, checkClass, everywhere, readIn, stored, type Phrases, type ReadingClass } from '../helpers/readingCases';

// Issue 42, round 7: a yes/no answer is read in its own language. Portuguese "no", "na", "nos", "nas" before a
// word are "in the", never a no; French "si" before a clause is "if" ("si je me souviens bien"); "no problem",
// "no hay problema", "pas de souci" are politeness; English "nan" is a grandmother. A bare "no" stays a no
// everywhere. Generated over the yes/no questions × lead-ins × what is told × where it happened.

const PT = (words: readonly string[]): Phrases => ({ en: [], es: [], fr: [], pt: words });
const only = (language: 'en' | 'es' | 'fr' | 'pt', words: readonly string[]): Phrases => ({ en: [], es: [], fr: [], pt: [], [language]: words });

const LEAD_PT = PT(['', 'então ', 'bom ', 'olha, ']);
/** Where and when, said with em + the article: "no aeroporto", "na rua", "nos Estados Unidos", "numa viagem". */
const IN_THE = PT([' no aeroporto', ' na rua', ' no consulado', ' nos Estados Unidos', ' na época', ' no ano passado', ' numa viagem', ' nas férias', ' no Brasil', ' na fronteira']);

const CLASSES: Record<string, ReadingClass> = {
  'pt: a passport lost or stolen "no aeroporto" is a yes': {
    question: catalogQuestion('ds160', 'passport-lost'),
    parts: [LEAD_PT, PT(['perdi meu passaporte', 'roubaram meu passaporte', 'fui roubado', 'meu passaporte foi furtado']), IN_THE],
    outcome: { store: 'Yes' },
    languages: ['pt'],
  },
  'pt: a visa refused "no consulado" is a yes': {
    question: catalogQuestion('esta', 'visa-denial'),
    parts: [LEAD_PT, PT(['me negaram o visto', 'meu visto foi negado', 'tive o visto recusado']), IN_THE],
    outcome: { store: 'Yes' },
    languages: ['pt'],
  },
  'pt: an arrest "no ano passado" is a yes': {
    question: catalogQuestion('ds160', 'security-arrest'),
    parts: [LEAD_PT, PT(['fui preso', 'fui detido', 'fui condenado']), IN_THE],
    outcome: { store: 'Yes' },
    languages: ['pt'],
  },
  'pt: someone along, who lives "no Rio", is a yes': {
    question: catalogQuestion('ds160', 'travel-companions'),
    parts: [LEAD_PT, PT(['vou com minha esposa', 'com meu marido', 'com uns amigos']), PT([', ela mora no Rio', ' no mesmo voo', ' na mesma data', ''])],
    outcome: { store: 'Yes' },
    languages: ['pt'],
  },
  'pt: a plain yes said with where or when is a yes': {
    question: catalogQuestion('esta', 'visa-denial'),
    parts: [PT(['sim', 'sim,', 'sim uma vez']), IN_THE],
    outcome: { store: 'Yes' },
    languages: ['pt'],
  },
  'pt: a bare "no", or one before another no, is still a no': {
    question: catalogQuestion('esta', 'criminal-conviction'),
    parts: [PT(['no', 'no.', 'no, nunca', 'no nunca', 'no não', 'não', 'não, nunca fiquei no país'])],
    outcome: { store: 'No' },
    languages: ['pt'],
  },
  'pt: "na verdade" (actually) holds no yes': {
    question: catalogQuestion('esta', 'visa-denial'),
    parts: [PT(['na verdade não', 'na verdade nunca', 'não, na verdade']), PT(['', ' me negaram nada'])],
    outcome: { not: 'Yes' },
    languages: ['pt'],
  },
  'fr: "si" before a clause is "if", never a yes': {
    question: catalogQuestion('esta', 'visa-denial'),
    parts: [only('fr', ['si je me souviens bien', 'si je ne me trompe pas', 'si ça compte', 'si c est pour le visa']), only('fr', [', non', ' non', ', jamais', ''])],
    outcome: { not: 'Yes' },
    languages: ['fr'],
  },
  'fr: a bare "si" is still a yes': {
    question: catalogQuestion('esta', 'visa-denial'),
    parts: [only('fr', ['si', 'si,', 'si si', 'Si !']), only('fr', ['', ', une fois', ', en 2019'])],
    outcome: { store: 'Yes' },
    languages: ['fr'],
  },
  'politeness before a yes is no no': {
    question: catalogQuestion('esta', 'visa-denial'),
    parts: [{ en: ['no problem, ', 'no worries, '], es: ['no hay problema, ', 'no pasa nada, '], fr: ['pas de souci, ', 'pas de problème, '], pt: ['sem problema, ', 'na verdade '] }, { en: ['yes once', 'yes'], es: ['sí una vez', 'sí'], fr: ['oui une fois', 'oui'], pt: ['sim uma vez', 'sim'] }],
    outcome: { store: 'Yes' },
  },
  'en: "no one" along is a no; a "nan" along is no no': {
    question: catalogQuestion('ds160', 'travel-companions'),
    parts: [only('en', ['no one', 'no one else', 'nobody', 'no one is coming with me', 'no'])],
    outcome: { store: 'No' },
    languages: ['en'],
  },
  'en: travelling with my nan is a yes': {
    question: catalogQuestion('ds160', 'travel-companions'),
    parts: [only('en', ['yes, ', 'yes with ', 'yeah ']), only('en', ['my nan', 'my nan and my mum'])],
    outcome: { store: 'Yes' },
    languages: ['en'],
  },
};

describe('yes and no read in the answer\'s language (issue 42, round 7)', () => {
  for (const [name, row] of Object.entries(CLASSES)) it(name, () => checkClass(row, 60), 30_000);

  it('the same Portuguese sentence in a Spanish chat keeps "no" a no', () => {
    // Spanish has no "no" that is "in the": "no tengo" and "no, nunca" are no's there.
    const q = catalogQuestion('esta', 'criminal-conviction');
    for (const text of ['no tengo', 'no, nunca', 'no nunca me han arrestado']) expect(stored(readIn(q, text, 'es')), text).toBe('No');
  });

  it('every bare no in every language is a no at every yes/no question', () => {
    const BARE = { ...everywhere(['no', 'no.', 'No!']), fr: ['non', 'non.', 'Non!'], pt: ['não', 'nao', 'no'] };
    for (const id of ['visa-denial', 'criminal-conviction', 'overstay-violation']) checkClass({ question: catalogQuestion('esta', id), parts: [BARE], outcome: { store: 'No' } }, 30);
  });
});
