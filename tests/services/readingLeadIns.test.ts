import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../server/services/ai/builtin/text';
import { askedOfChatField } from '../../server/services/ai/reading/asked';
import { leadIn } from '../../server/services/ai/reading/leadIns';
import type { Asked } from '../../server/services/ai/reading/types';
import { FILLER, HOSTS, LEADS } from '../helpers/leadInCases';
import { catalogQuestion as question, LANGUAGES, offered, readIn as read, stored, type Phrases } from '../helpers/readingCases';

// Issue 42: the lead-in before a free-text answer (a U.S. address, an employer, a school, an occupation, a city),
// one grammar per language and field kind (server/services/ai/reading/leadIns.ts). On generated answers: a lead-in
// and a value store the value and nothing of the lead-in; a lead-in alone stores nothing and offers nothing; a host
// named before a street number ("staying at my cousins place, 1457 Elm St") is no part of the address. The lead-ins
// here are written as people type them, not copied from the grammar's slots.

interface Kind {
  q: Asked;
  /** What people type before the value, per language. */
  leads: Phrases;
  /** Values as typed after the lead-in (ASCII where the field keeps passport spelling, so they are stored as typed). */
  values: fc.Arbitrary<string>;
}

/** Made-up proper names, from syllables no language here uses as a word alone. */
const properName = fc
  .array(fc.constantFrom('kab', 'lor', 'mib', 'zet', 'vun', 'dor', 'sen', 'vik', 'pral', 'quin'), { minLength: 2, maxLength: 3 })
  .map((parts) => parts.join(''))
  .map((word) => word[0]!.toUpperCase() + word.slice(1));

const street = fc
  .tuple(fc.integer({ min: 1, max: 99999 }), properName, fc.constantFrom('St', 'Ave', 'Blvd', 'Dr', 'Street', 'Road', 'Lane'), fc.constantFrom('', ', Phoenix AZ', ', Miami FL 33101', ', Houston', ' Apt 4B'))
  .map(([n, name, type, city]) => `${n} ${name} ${type}${city}`);

const KINDS: Record<string, Kind> = {
  'a U.S. address': {
    q: question('ds160', 'us-address'),
    leads: LEADS.address,
    values: street,
  },
  'an employer': {
    q: question('ds160', 'employer-name'),
    leads: LEADS.employer,
    values: fc.tuple(properName, fc.constantFrom('', ' Inc', ' SA', ' Ltda', ' Group', ' Consulting')).map(([name, suffix]) => `${name}${suffix}`),
  },
  'a school': {
    q: askedOfChatField('schoolName'),
    leads: LEADS.school,
    values: fc.tuple(fc.constantFrom('', 'Universidad ', 'Lycée ', 'Colégio ', 'Instituto '), properName, fc.constantFrom('', ' High School', ' University', ' College', ' Academy')).map(([a, name, b]) => `${a}${name}${b}`),
  },
  'an occupation': {
    q: question('esta', 'current-occupation'),
    leads: LEADS.occupation,
    values: fc.constantFrom('nurse', 'accountant', 'enfermera', 'contador', 'infirmière', 'comptable', 'enfermeira', 'professora', 'software developer', 'electricista', 'pâtissier', 'motorista de ônibus'),
  },
};

/** A lead-in in one language with a filler before it, and a value. */
const said = ({ leads, values }: Kind) =>
  fc.tuple(fc.constantFrom(...LANGUAGES), fc.nat(), fc.nat(), values).map(([language, f, l, value]) => ({
    language,
    lead: `${FILLER[language][f % FILLER[language].length]}${leads[language][l % leads[language].length]}`,
    value,
  }));

describe('lead-ins before free text (issue 42): one grammar per language and field kind', () => {
  for (const [name, kind] of Object.entries(KINDS)) {
    it(`${name}: a lead-in and a value store the value, nothing of the lead-in`, () => {
      fc.assert(
        fc.property(said(kind), ({ language, lead, value }) => {
          expect(stored(read(kind.q, `${lead}${value}`, language)), `${language}: ${lead}${value}`).toBe(value);
        }),
        { numRuns: 200 },
      );
    });

    it(`${name}: a lead-in alone stores nothing and offers nothing`, () => {
      fc.assert(
        fc.property(said(kind), fc.constantFrom('', '.', '...', ' :', ' ?'), ({ language, lead }, end) => {
          const r = read(kind.q, `${lead.trimEnd()}${end}`, language);
          expect(stored(r), `${language}: ${lead}${end}`).toBeUndefined();
          expect(offered(r), `${language}: ${lead}${end}`).toEqual([]);
        }),
        { numRuns: 200 },
      );
    });
  }

  it('an address after whose home it is or what was booked: from its street number', () => {
    const q = KINDS['a U.S. address']!.q;
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), fc.nat(), street, (language, f, h, value) => {
        const text = `${FILLER[language][f % FILLER[language].length]}${HOSTS[language][h % HOSTS[language].length]}${value}`;
        expect(stored(read(q, text, language)), `${language}: ${text}`).toBe(value);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps what belongs to the value: a capitalised article, a filler word with no pause, a noun that names a place', () => {
    const employer = KINDS['an employer']!.q;
    expect(stored(read(employer, 'I work at The Home Depot', 'en'))).toBe('The Home Depot');
    expect(stored(read(employer, 'je travaille chez Le Bon Marche', 'fr'))).toBe('Le Bon Marche');
    expect(stored(read(employer, 'trabalho na Natura', 'pt'))).toBe('Natura');
    const city = question('ds160', 'home-city');
    expect(stored(read(city, 'Bom Jesus da Lapa', 'pt'))).toBe('Bom Jesus da Lapa');
    expect(stored(read(city, 'bom, Recife', 'pt'))).toBe('Recife');
    const address = KINDS['a U.S. address']!.q;
    expect(stored(read(address, 'an Airbnb in New York', 'en'))).toBe('an Airbnb in New York');
    expect(stored(read(address, 'Hotel Pennsylvania, 401 7th Ave, New York', 'en'))).toBe('Hotel Pennsylvania, 401 7th Ave, New York');
  });

  it('a whose-home answer with no street is still asked for the street, whatever its lead-in', () => {
    const q = KINDS['a U.S. address']!.q;
    for (const [language, text] of [['en', 'staying at my cousins place in Phoenix'], ['es', 'me quedo con mi tía en Miami'], ['fr', 'je loge chez mon cousin à Houston'], ['pt', 'vou ficar na casa do meu primo em Orlando']] as const)
      expect(stored(read(q, text, language)), text).toBeUndefined();
  });

  it('whatever follows a lead-in, what is stored comes from the words after it', () => {
    const typedAfter = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom('__proto__', 'constructor', ' ', '', '\t', 'ñandú', '東京 1-2', '12', 'at', 'the'));
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(KINDS)), fc.constantFrom(...LANGUAGES), fc.nat(), typedAfter, (kind, language, l, after) => {
        const lead = kind.leads[language][l % kind.leads[language].length]!;
        const value = stored(read(kind.q, `${lead}${after}`, language));
        // A lead-in ending in an elided article ("je suis à l'") joins the word typed after it; before a mark that is
        // no word ("l'‐一"), the article stays with what follows, and is still a word typed, not the lead-in's.
        const elided = /\p{L}'$/u.test(lead) ? lead.slice(lead.lastIndexOf(' ') + 1) : '';
        // Spacing aside (the reader may space a mark it splits off, "S'0" → "S' 0"), every character stored was typed there.
        const bare = (text: string) => text.normalize('NFC').replace(/\s+/gu, '');
        if (value !== undefined) expect(bare(`${elided}${after}`), `${language}: ${lead}${after}`).toContain(bare(value));
      }),
      { numRuns: 300 },
    );
  });

  it('takes off whole typed words only, and never the whole answer unless it is all lead-in', () => {
    fc.assert(
      fc.property(fc.constantFrom('address', 'employer', 'school', 'occupation', 'city' as const), fc.string({ maxLength: 40 }), (kind, text) => {
        const { rest, alone } = leadIn(kind, text);
        if (alone) expect(rest).toBe('');
        else expect(text.trim().endsWith(rest)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
