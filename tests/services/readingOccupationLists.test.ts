import { describe, it } from 'vitest';
import { tenSectionFields } from '../fixtures/readings/table';
import { catalogQuestion, checkClass, type Phrases, type ReadingClass } from '../helpers/readingCases';

// Issue 42, round 7: the occupations catalogue reads the ten-section form's shorter list too (a dentist is a
// Doctor/Medical Professional there, a developer a Technology Professional, a job it does not name its Other), where
// it was read as any choice ("consultório" stored as Consultant). Working for oneself said beside a profession
// ("dentista, tenho consultório próprio") may be either, so both are offered and nothing is stored.

const SHORT_LIST = tenSectionFields('2027-03-10')['current-occupation']!.asked;
const DS160 = catalogQuestion('ds160', 'current-occupation');

const LEAD: Phrases = { en: ['', "I'm a ", 'i work as a ', 'im a '], es: ['', 'soy ', 'trabajo de ', 'pues soy '], fr: ['', 'je suis ', 'je travaille comme '], pt: ['', 'sou ', 'trabalho como ', 'eu sou '] };

const JOBS: Record<string, Phrases> = {
  'Doctor/Medical Professional': { en: ['dentist', 'nurse', 'pharmacist', 'doctor'], es: ['dentista', 'enfermera', 'médico'], fr: ['dentiste', 'infirmière', 'pharmacien'], pt: ['dentista', 'enfermeira', 'médico'] },
  'Technology Professional': { en: ['software developer', 'programmer', 'web developer'], es: ['programador', 'desarrollador'], fr: ['développeur', 'développeur web'], pt: ['desenvolvedor', 'programador'] },
  'Teacher/Professor': { en: ['teacher', 'professor'], es: ['maestra', 'profesor'], fr: ['professeur', 'institutrice'], pt: ['professora', 'professor'] },
  'Government Employee': { en: ['civil servant', 'police officer'], es: ['funcionario público', 'policía'], fr: ['fonctionnaire', 'policier'], pt: ['funcionário público', 'policial'] },
  Other: { en: ['plumber', 'hairdresser'], es: ['plomero', 'peluquera'], fr: ['plombier', 'coiffeuse'], pt: ['encanador', 'cabeleireira'] },
};
const NOT_WORKING: Phrases = { en: ['between jobs', 'not working right now', 'unemployed'], es: ['ahorita no trabajo', 'desempleado', 'sin trabajo'], fr: ['au chômage', 'je ne travaille pas', 'sans emploi'], pt: ['desempregado', 'não trabalho', 'sem emprego'] };
const OWN: Phrases = { en: [', I have my own practice', ', self-employed', ', freelance'], es: [', tengo mi propio consultorio', ', trabajo por mi cuenta'], fr: [', à mon compte', ', j ai mon cabinet'], pt: [', tenho consultório próprio', ', trabalho por conta própria'] };

const CLASSES: Record<string, ReadingClass> = {
  ...Object.fromEntries(Object.entries(JOBS).map(([option, words]) => [`the shorter list: a job said its own way is ${option}`, { question: SHORT_LIST, parts: [LEAD, words], outcome: { store: option } }])),
  'the shorter list: not working now is Unemployed': { question: SHORT_LIST, parts: [NOT_WORKING], outcome: { store: 'Unemployed' } },
  'the shorter list: a profession with a practice of one\'s own is asked': { question: SHORT_LIST, parts: [LEAD, JOBS['Doctor/Medical Professional']!, OWN], outcome: { ask: true } },
  'the DS-160 list: a profession with a practice of one\'s own is asked': { question: DS160, parts: [LEAD, { en: ['dentist', 'lawyer'], es: ['dentista', 'abogada'], fr: ['dentiste', 'avocat'], pt: ['dentista', 'advogada'] }, OWN], outcome: { ask: true } },
  'the DS-160 list: a dentist is still a Dentist': { question: DS160, parts: [LEAD, { en: ['dentist'], es: ['dentista'], fr: ['dentiste'], pt: ['dentista'] }], outcome: { store: 'Dentist' } },
};

describe('occupations read against either list (issue 42, round 7)', () => {
  for (const [name, row] of Object.entries(CLASSES)) it(name, () => checkClass(row, 50), 30_000);
});
