import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPassportSpelling, offeredSpelling, passportSpelling } from '../../machines/domain/passportSpelling';
import { validateName } from '../../machines/domain/validators';
import { readAnswer } from '../../server/services/ai/reading/read';
import { FIELDS, TODAY } from '../fixtures/readings/table';

// Issue 45 item 19: the wizard refused "Martín García" and only stated the A–Z rule, where the chats offered the
// passport spelling. One rule now (machines/domain/passportSpelling.ts): what the wizard offers for a refused name
// is what the chats propose for it, and it is a name the wizard then takes.

/** Real given names and surnames with the letters ICAO treats apart (ñ, ü, ß, ø, ł, þ, ç, œ) and plain accents. */
const NAMES = [
  'Martín', 'García', 'José', 'Núñez', 'Müller', 'Zoë', 'François', 'Łukasz', 'Søren', 'Þórunn', 'Björk', 'Inês', 'João',
  'Conceição', 'Gonçalves', 'Hélène', 'Chloé', 'Peña', 'Álvarez', 'Sánchez', 'Jiménez', 'Gößling', 'Dvořák', 'Šimon',
  'Ibáñez', 'Noémie', 'Cœur', 'Ærø', 'Ramírez', 'Ortiz', 'Lucía', 'Ángel', 'Görgün', 'Eriksson', 'Renée', 'Quiñones',
];
/** One to three of them, with accents somewhere, as people type them: "Martín García", "Núñez-Peña". */
const accented = fc
  .tuple(fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 3 }), fc.constantFrom(' ', '-'))
  .map(([words, joint]) => words.join(joint))
  .filter((name) => !isPassportSpelling(name));

const chatReading = (name: string) => {
  const reading = readAnswer(FIELDS['last-name']!.asked, name, { language: 'es', today: TODAY });
  return reading.outcome === 'value' ? [reading.value, ...(reading.alternatives ?? [])] : [];
};

describe('the A–Z spelling a form offers', () => {
  it('offers "Martin Garcia" for "Martín García", and nothing for a name already in A–Z or in another script', () => {
    expect(offeredSpelling('Martín García')).toBe('Martin Garcia');
    expect(offeredSpelling('  Müller  ')).toBe('Mueller');
    expect(offeredSpelling('Martin Garcia')).toBeNull();
    expect(offeredSpelling('李小龍')).toBeNull();
  });

  it('is, for any accented name the wizard refuses, a name it takes and the one the chats propose', () => {
    fc.assert(
      fc.property(accented, (name) => {
        expect(validateName(name, { latinOnly: true })?.key).toBe('validation.name.latin');
        const offer = offeredSpelling(name);
        expect(offer).not.toBeNull();
        expect(offer).toBe(passportSpelling(name));
        // The wizard takes what it offered, and would offer nothing more for it.
        if ([...offer!].length <= 50) expect(validateName(offer!, { latinOnly: true })).toBeNull();
        expect(offeredSpelling(offer!)).toBeNull();
        // The chats, asked the same surname, propose the same spelling (a name of two words they would read as a
        // given name and a surname: the surname question hears it as one compound surname).
        const surname = name.replace(/ /g, '-');
        expect(chatReading(surname)).toContain(offeredSpelling(surname));
      }),
      { numRuns: 150 },
    );
  });
});
