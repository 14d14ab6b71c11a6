import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../server/services/ai/builtin/text';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure, type Reading } from '../../server/services/ai/reading/types';
import { FIELDS, TODAY } from '../fixtures/readings/table';

// A class of answer: a form's label and its value, as people copy them from a passport or a form ("Nom de famille :
// TRAORE", "Apellidos - Ruiz Soto", "Given names: Mary Ann"). The label names the part; its words are never the name.
// Development cases of our own, generated over labels x separators x names x casing in the four languages.

const read = (field: 'first-name' | 'last-name', text: string, language: Language): Reading => readAnswer(FIELDS[field]!.asked, text, { language, today: TODAY });
const offered = (r: Reading) => (r.outcome === 'value' ? [r.value, ...(r.alternatives ?? [])] : []);

const SURNAME_LABELS: Record<Language, string[]> = {
  en: ['Surname', 'Last name', 'Family name', 'LAST NAME', 'surname(s)', 'Last names'],
  es: ['Apellido', 'Apellidos', 'Primer apellido', 'APELLIDOS', 'apellido(s)'],
  fr: ['Nom de famille', 'NOM DE FAMILLE', 'Nom', 'Nom de naissance', "Nom d'usage"],
  pt: ['Sobrenome', 'Apelido', 'Apelidos', 'SOBRENOME', 'Sobrenomes'],
};
const GIVEN_LABELS: Record<Language, string[]> = {
  en: ['First name', 'Given names', 'Given name(s)', 'FIRST NAME', 'First names'],
  es: ['Nombre', 'Nombres', 'Nombre(s)', 'NOMBRE', 'Nombre de pila'],
  fr: ['Prénom', 'Prénoms', 'PRENOM', 'prénom(s)'],
  pt: ['Nome', 'Primeiro nome', 'Prenome', 'NOME', 'Nomes'],
};
const SEPARATORS = [': ', ' : ', ':', ' - ', ' = ', ' :  '];
const SURNAMES = ['Traore', 'Okafor', 'Ruiz Soto', 'Nguyen', 'Pereira', 'Kowalczyk', 'Haddad', 'Moreau'];
const GIVENS = ['Rebecca', 'Diego', 'Mary Ann', 'Olivier', 'Tiago', 'Fernanda', 'Camille', 'Aicha'];
const LABEL_WORDS = /\b(?:surname|last|family|names?|apellidos?|primer|nom|famille|naissance|usage|sobrenomes?|apelidos?|first|given|nombres?|pila|pr[eé]noms?|nomes?|primeiro|prenome)\b/i;

const casings = fc.constantFrom((s: string) => s, (s: string) => s.toUpperCase(), (s: string) => s.toLowerCase());
const title = (s: string) => s.toLowerCase().replace(/(^|\s)(\p{L})/gu, (_, sp: string, l: string) => sp + l.toUpperCase());

describe("a form's label and its value (issue 42, a class of answer)", () => {
  it('the surname after a surname label is the surname, never a word of the label', () => {
    fc.assert(
      fc.property(fc.constantFrom<Language>('en', 'es', 'fr', 'pt'), fc.nat(), fc.constantFrom(...SEPARATORS), fc.constantFrom(...SURNAMES), casings, (language, i, sep, family, cased) => {
        const labels = SURNAME_LABELS[language];
        const label = labels[i % labels.length]!;
        const r = read('last-name', `${label}${sep}${cased(family)}`, language);
        expect(offered(r).map(title), `${language}: ${label}${sep}${cased(family)}`).toContain(family);
        for (const v of offered(r)) expect(v).not.toMatch(LABEL_WORDS);
      }),
      { numRuns: 400 },
    );
  });

  it('the given names after a given-name label are the given names, never a word of the label', () => {
    fc.assert(
      fc.property(fc.constantFrom<Language>('en', 'es', 'fr', 'pt'), fc.nat(), fc.constantFrom(...SEPARATORS), fc.constantFrom(...GIVENS), casings, (language, i, sep, given, cased) => {
        const labels = GIVEN_LABELS[language];
        const label = labels[i % labels.length]!;
        const r = read('first-name', `${label}${sep}${cased(given)}`, language);
        expect(offered(r).map(title), `${language}: ${label}${sep}${cased(given)}`).toContain(given);
        for (const v of offered(r)) expect(v).not.toMatch(LABEL_WORDS);
      }),
      { numRuns: 400 },
    );
  });

  it('a label alone is no name', () => {
    for (const language of ['en', 'es', 'fr', 'pt'] as const) {
      for (const label of SURNAME_LABELS[language]) expect(isSure(read('last-name', `${label}:`, language)), label).toBe(false);
      for (const label of GIVEN_LABELS[language]) expect(isSure(read('first-name', `${label}:`, language)), label).toBe(false);
    }
  });
});
