import { describe, expect, it } from 'vitest';
import { catalogQuestion as question, checkClass, everywhere, LANGUAGES, readIn as read, stored, type Phrases } from '../helpers/readingCases';
import type { Asked } from '../../server/services/ai/reading/types';

// Issue 42, round 6: free text said with its frame (a subject, a verb and its preposition, or a noun and a copula,
// in each language) keeps only the value; what is still a sentence is asked again, never kept as typed. Generated
// with the shared generator (tests/helpers/readingCases.ts): frames × values × languages, for addresses, cities,
// employers, occupations, names and languages spoken.

const FILLER: Phrases = { en: ['', 'umm ', 'well '], es: ['', 'pues ', 'bueno '], fr: ['', 'euh ', 'alors '], pt: ['', 'então ', 'bom '] };

interface Class {
  q: Asked;
  frames: Phrases;
  values: string[];
}

const CLASSES: Record<string, Class> = {
  'a U.S. address after where one stays': {
    q: question('ds160', 'us-address'),
    frames: {
      en: ["we're staying with friends at ", "I'll stay at ", 'staying at ', 'the address is ', 'the hotel address is '],
      es: ['me quedo en ', 'nos vamos a quedar en ', 'la dirección es ', 'la dirección del hotel es '],
      fr: ['on sera au ', 'je loge au ', "l'adresse c'est le ", "l'adresse de l'hôtel est "],
      pt: ['vou ficar na ', 'o endereço é ', 'o endereço do hotel é ', 'fico na '],
    },
    values: ['1457 Elm St, Phoenix AZ', '22 Oak Ave, Miami FL', '300 Pine Street, Houston', '1200 Ocean Dr, Miami Beach'],
  },
  'a city after where one lives or comes from': {
    q: question('ds160', 'home-city'),
    frames: { en: ["I'm from ", 'i live in ', "i'm based in "], es: ['soy de ', 'vivo en ', 'vengo de '], fr: ['je viens de ', "j'habite à ", 'je suis de '], pt: ['sou de ', 'moro em ', 'venho de '] },
    values: ['Monterrey', 'Belo Horizonte', 'Lyon', 'Leeds', 'Guadalajara'],
  },
  'an employer after where one works': {
    q: question('ds160', 'employer-name'),
    frames: {
      en: ['i work for ', "i'm with ", 'i work at ', 'my employer is ', 'a company called '],
      es: ['trabajo en ', 'trabajo para ', 'mi empresa es ', 'una empresa que se llama '],
      fr: ['je bosse chez ', 'je travaille chez ', "mon employeur c'est ", 'une boîte qui s’appelle '],
      pt: ['trabalho na ', 'trabalho para ', 'meu empregador é ', 'uma empresa chamada '],
    },
    values: ['Deloitte', 'Renault', 'Petrobras', 'Banco Santander', 'Natura'],
  },
  'an occupation after what one is': {
    q: question('esta', 'current-occupation'),
    frames: { en: ["i'm a ", 'i work as an ', 'i work as a '], es: ['soy ', 'trabajo de ', 'trabajo como '], fr: ['je suis ', 'je travaille comme ', 'je bosse comme '], pt: ['sou ', 'eu sou ', 'trabalho como '] },
    values: ['nurse', 'enfermera', 'infirmière', 'professora', 'accountant'],
  },
  'a name after who they are': {
    q: question('ds160', 'us-contact-name'),
    frames: { en: ['my uncle, ', 'his name is ', 'my friend '], es: ['mi tío ', 'se llama ', 'mi amiga '], fr: ['ma cousine ', "il s'appelle ", 'mon ami '], pt: ['meu primo ', 'o nome dele é ', 'minha amiga '] },
    values: ['John Smith', 'Marie Dupont', 'Carlos Souza', 'Ana Lima'],
  },
  'languages after "I speak"': {
    q: question('ds160', 'languages-spoken'),
    frames: { en: ['i speak ', 'I can speak '], es: ['hablo '], fr: ['je parle '], pt: ['falo '] },
    values: ['English and Spanish', 'français et anglais', 'português, inglês'],
  },
};

describe('free text said with its frame (issue 42, round 6)', () => {
  for (const [name, { q, frames, values }] of Object.entries(CLASSES)) {
    // Names are offered in passport spelling (A-Z) when typed with accents: the value is what is shown back.
    it(`${name}: the value alone, never the sentence`, () => {
      for (const value of values) checkClass({ question: q, parts: [FILLER, frames, everywhere([value])], outcome: { read: value } }, 30);
    }, 30_000);
  }

  it('an answer still told with a subject is asked again, never kept as typed', () => {
    const told: Phrases = { en: ["we don't know yet where", 'he will pick us up', 'they will tell me'], es: ['él nos va a recoger', 'ellos me dicen luego'], fr: ['il va nous héberger', 'on verra sur place'], pt: ['ele vai nos buscar', 'eles vão me dizer'] };
    for (const language of LANGUAGES)
      for (const text of told[language]) for (const q of [CLASSES['a U.S. address after where one stays']!.q, CLASSES['an employer after where one works']!.q]) expect(stored(read(q, text, language)), text).toBeUndefined();
  });

  it('an address naming only whose home it is asks for the street', () => {
    const q = CLASSES['a U.S. address after where one stays']!.q;
    for (const [language, text] of [['en', "I'll stay at my sister's in Houston"], ['fr', 'je loge chez ma sœur à Houston'], ['es', 'en casa de mi tía en Miami'], ['pt', 'na casa do meu tio em Orlando']] as const)
      expect(stored(read(q, text, language)), text).toBeUndefined();
    expect(stored(read(q, "staying at my cousin's place, 1457 Elm St", 'en'))).toBe('1457 Elm St');
  });

  it('a description keeps its sentence: job duties are told, not framed', () => {
    expect(stored(read(question('ds160', 'job-duties'), 'i mostly fix computers', 'en'))).toBe('i mostly fix computers');
  });

  it('"um" is Portuguese for "a": kept before a noun, a filler before a comma or a number', () => {
    const q = CLASSES['a U.S. address after where one stays']!.q;
    expect(stored(read(q, 'um Airbnb em Nova York', 'pt'))).toBe('um Airbnb em Nova York');
    expect(stored(read(q, 'um, 22 Oak Ave, Miami', 'en'))).toBe('22 Oak Ave, Miami');
  });
});
