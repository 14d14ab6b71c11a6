import { describe, expect, it } from 'vitest';
import { catalogQuestion, checkClass, everywhere, offered, readIn, stored, type Phrases, type ReadingClass } from '../helpers/readingCases';

// Issue 42, round 7: what wraps a name is never stored with it. A field's name said with "'s" ("surname's
// Adebayo-Cole") or without a copula ("family name Okafor"), thanks at the end ("thx", "gracias", "merci", "valeu"),
// a given name shortened as on forms ("Ma. Guadalupe", "Fco. Javier": offered written out, never stored), and a
// phrase that only points at the answer ("c'est Moussa Ibrahima" to the first-name question: both words may be
// given names, so it is asked, never the first stored alone). Generated: labels × names × tails × languages.

const lastName = catalogQuestion('ds160', 'last-name');
const firstName = catalogQuestion('ds160', 'first-name');
const SURNAMES = ['Adebayo-Cole', 'Okafor', 'Nguyen', 'Traore', 'Ferreira'];

const LABEL: Phrases = {
  en: ["surname's ", "last name's ", "family name's ", 'family name is ', 'family name ', 'my surname is '],
  es: ['apellido: ', 'mi apellido es ', 'el apellido ', 'apellido '],
  fr: ['nom de famille ', 'nom de famille : ', 'mon nom de famille est '],
  pt: ['sobrenome: ', 'o sobrenome é ', 'meu sobrenome é ', 'sobrenome '],
};
const THANKS: Phrases = {
  en: ['', ' thx', ', thanks', ' thank you', ' pls', '!'],
  es: ['', ' gracias', ', muchas gracias', ' por favor'],
  fr: ['', ' merci', ', merci beaucoup', ' svp'],
  pt: ['', ' obrigado', ', obrigada', ' valeu', ' vlw'],
};

const CLASSES: Record<string, ReadingClass & { value?: string }> = {};
for (const surname of SURNAMES)
  CLASSES[`a surname (${surname}) named by its field, with thanks after it, is the surname alone`] = { question: lastName, parts: [LABEL, everywhere([surname]), THANKS], outcome: { store: surname } };

describe('what wraps a name is never stored with it (issue 42, round 7)', () => {
  for (const [name, row] of Object.entries(CLASSES)) it(name, () => checkClass(row, 40), 30_000);

  it('a word with "\'s" is never part of a name, even with no field named', () => {
    for (const text of ["guy's Okafor", "mom's Silva thx", "that's Nguyen"]) expect(stored(readIn(lastName, text, 'en')) ?? '', text).not.toMatch(/'s/i);
  });

  it('a shortened given name is offered written out and asked, never stored shortened or dropped', () => {
    const SHORT: Array<[string, string]> = [['Ma.', 'Maria'], ['Mª', 'Maria'], ['Fco.', 'Francisco'], ['Gpe.', 'Guadalupe'], ['Ant.', 'Antonio']];
    for (const [short, full] of SHORT)
      for (const rest of ['Guadalupe', 'José', 'Javier', 'del Carmen'])
        for (const language of ['es', 'pt'] as const) {
          const text = `${short} ${rest}`;
          const r = readIn(firstName, text, language);
          expect(stored(r), text).toBeUndefined();
          expect(offered(r)[0]?.startsWith(full), text).toBe(true);
        }
  });

  it('a shortened name not known here is asked again, never stored without it', () => {
    for (const text of ['Jn. Pablo', 'Mdo. Luis', 'Jo. Carlos']) expect(readIn(firstName, text, 'es').outcome, text).toBe('notUnderstood');
    // A sentence's stop is no abbreviation: "smith, married name. maiden was jones".
    expect(stored(readIn(lastName, 'smith, married name. maiden was jones', 'en'))).toBe('Smith');
  });

  it('a phrase that only points at the answer leaves two names to the applicant: the first is never stored alone', () => {
    const POINT: Phrases = { en: ["it's ", 'its ', 'ok its '], es: ['es ', 'pues es '], fr: ["c'est ", "alors c'est "], pt: ['é ', 'então é '] };
    for (const given of ['Moussa', 'Aminata', 'Kwame'])
      checkClass({ question: firstName, parts: [POINT, everywhere([`${given} `]), everywhere(['Ibrahima', 'Binta', 'Osei'])], outcome: { not: given } }, 40);
  });
});
