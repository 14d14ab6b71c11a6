import fc from 'fast-check';
import { getExampleNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../server/services/ai/builtin/text';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure, type Reading } from '../../server/services/ai/reading/types';
import { FIELDS, TODAY } from '../fixtures/readings/table';

// Issue 42: the reading rules by class, tested on generated answers rather than on the examples that found them: any
// lead-in before any name, any phone valid in its country written the country's way, any question to the assistant
// in any casing, with or without its mark, any insult, any either-or of two days.

const read = (field: string, text: string, language: Language, extra: Partial<(typeof FIELDS)[string]['asked']> = {}): Reading =>
  readAnswer({ ...FIELDS[field]!.asked, ...extra }, text, { language, today: TODAY });
const stored = (r: Reading) => (isSure(r) ? r.value : undefined);
const offered = (r: Reading) => (r.outcome === 'value' ? [r.value, ...(r.alternatives ?? [])] : []);

const LANGUAGES: Language[] = ['en', 'es', 'fr', 'pt'];

/** What people type before their given names, by language: hesitations, fillers and naming phrases, alone or together. */
const LEADS: Record<Language, string[]> = {
  en: ['', 'umm ', 'uhh ', 'hmm, ', 'well ', 'ok so ', 'yeah ', 'sure, ', 'my name is ', "it's ", 'its ', "i'm ", 'the name is ', "the name's ", 'my first name is ', 'umm its ', 'hi, my name is ', 'errr... '],
  es: ['', 'ehh ', 'mmm ', 'pues ', 'bueno, ', 'pues mira, ', 'me llamo ', 'mi nombre es ', 'soy ', 'es ', 'hola, me llamo ', 'este... ', 'osea ', 'ajá, ', 'mis nombres son '],
  fr: ['', 'euh ', 'heu... ', 'bah ', 'ben, ', 'alors ', "je m'appelle ", "c'est ", "moi c'est ", "mon prénom c'est ", 'mon prénom est ', 'bonjour, ', 'alors euh '],
  pt: ['', 'hmm ', 'ah, ', 'então, ', 'tipo, ', 'meu nome é ', 'me chamo ', 'é ', 'sou a ', 'sou o ', 'olha, ', 'hã, ', 'meu primeiro nome é '],
};
/** Given names alone or together, typed without accents so that they are stored as written. */
const GIVEN = ['Rachel', 'Tom', 'Grace', 'Diego', 'Camille', 'Julien', 'Beatriz', 'Lucas', 'Maria Jose', 'Jose Luis', 'Ana Paula', 'Jean Pierre', 'Mary Ann', 'Juan Pablo', 'Marie-Claire', 'Pedro Henrique'];

describe('reading classes on generated answers (issue 42)', () => {
  it('reads the given names after any lead-in, in any casing, whole', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), fc.constantFrom(...GIVEN), fc.constantFrom('as typed', 'lower', 'upper'), (language, i, name, casing) => {
        const lead = LEADS[language][i % LEADS[language].length]!;
        const typed = casing === 'lower' ? name.toLowerCase() : casing === 'upper' ? name.toUpperCase() : name;
        const r = read('first-name', `${lead}${typed}`, language);
        expect(stored(r), `${lead}${typed}`).toBe(name);
      }),
      { numRuns: 400 },
    );
  });

  it('never offers an insult back as a name, alone or around a name', () => {
    const insults = ['idiot', 'stupid', 'moron', 'pendejo', 'imbécil', 'estúpida', 'connard', "espèce d'idiot", 'abruti', 'babaca', 'otário', 'burro', 'caralho', 'you suck', 'vete a la mierda', 'ta gueule', 'cala a boca'];
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.constantFrom(...insults), fc.constantFrom('', 'Diego ', 'my name is ', 'me llamo '), fc.boolean(), (language, insult, before, shout) => {
        const text = `${before}${shout ? insult.toUpperCase() : insult}`;
        for (const field of ['first-name', 'last-name']) {
          const r = read(field, text, language);
          expect(r.outcome, `${field} "${text}"`).toBe('abuse');
        }
      }),
      { numRuns: 200 },
    );
  });

  it('stores nothing for a question to the assistant, in any casing, with or without its mark', () => {
    const QUESTIONS: Record<Language, string[]> = {
      en: ['what is this for', 'why do you need my {x}', 'how long does this take', 'do i need a visa', 'is this secure', 'can you explain the {x} question', 'where do i put my {x}', 'wait whats the capital of canada again', 'how much does it cost'],
      es: ['para que quieres mi {x}', 'por que me preguntas eso', 'cual es la capital de canada', 'como funciona esto', 'cuanto cuesta', 'donde pongo el {x}', 'que significa eso', 'necesito visa si soy chileno', 'y eso para que'],
      fr: ["c'est quoi la capitale du canada", 'pourquoi vous voulez mon {x}', 'comment ça marche', 'ça coûte combien', 'est-ce que je dois mettre mon {x}', 'je mets quel {x}', "qu'est-ce que c'est"],
      pt: ['pra que você quer meu {x}', 'qual é a capital do canadá', 'como faço pra mudar depois', 'quanto custa isso', 'onde coloco o {x}', 'o que é isso', 'por que precisa do meu {x}', 'cadê o botão'],
    };
    const fields = ['first-name', 'last-name', 'nationality', 'birth-country', 'email', 'phone', 'arrival', 'purpose', 'occupation', 'city', 'us-address', 'marital', 'eligibility'];
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), fc.constantFrom(...fields), fc.constantFrom('', '?', ' ?', '??', '...'), fc.constantFrom('lower', 'upper', 'first'), (language, i, field, mark, casing) => {
        const list = QUESTIONS[language];
        const base = list[i % list.length]!.replace('{x}', field.split('-')[0]!);
        const cased = casing === 'upper' ? base.toUpperCase() : casing === 'first' ? base.charAt(0).toUpperCase() + base.slice(1) : base;
        const r = read(field, `${cased}${mark}`, language);
        expect(r.outcome, `${field} "${cased}${mark}"`).toBe('question');
      }),
      { numRuns: 400 },
    );
  });

  it('stores any phone valid in the applicant country, written the country way, with every digit', () => {
    const countries: CountryCode[] = ['US', 'GB', 'FR', 'BE', 'CH', 'ES', 'PT', 'BR', 'MX', 'CO', 'AR', 'PE', 'CL', 'NG', 'IN', 'PH', 'SN', 'CA', 'DE', 'AO'];
    const phone = fc
      .record({ country: fc.constantFrom(...countries), tail: fc.integer({ min: 0, max: 9999 }), style: fc.constantFrom('spaces', 'dashes', 'dots', 'bare', 'parentheses') })
      .map(({ country, tail, style }) => {
        const example = getExampleNumber(country, mobileExamples)!.nationalNumber;
        const national = `${example.slice(0, -4)}${String(tail).padStart(4, '0')}`;
        const number = parsePhoneNumberFromString(national, country);
        const written = number?.formatNational() ?? national;
        const styled = style === 'dashes' ? written.replace(/ /g, '-') : style === 'dots' ? written.replace(/[ -]/g, '.') : style === 'bare' ? written.replace(/[^\d+]/g, '') : style === 'parentheses' ? written : written.replace(/[()]/g, '');
        return { country, valid: Boolean(number?.isValid()), e164: number?.number, styled };
      })
      .filter((p) => p.valid);
    fc.assert(
      fc.property(phone, fc.constantFrom(...LANGUAGES), fc.constantFrom('', 'my number is ', 'mi cel es ', 'mon portable : ', 'meu celular é '), ({ country, e164, styled }, language, lead) => {
        const r = read('phone', `${lead}${styled}`, language, { phoneCountry: country });
        expect(stored(r), `${country} "${styled}"`).toBe(e164);
      }),
      { numRuns: 300 },
    );
  });

  it('never stores a phone with digits dropped, whatever country it is read in', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 14 }), fc.constantFrom<CountryCode>('ES', 'FR', 'BR', 'MX', 'US', 'GB', 'AR'), fc.constantFrom(' ', '-', '', ') '), (digits, country, sep) => {
        const typed = `(${digits.slice(0, 2).join('')}${sep === ') ' ? ') ' : ') '}${digits.slice(2, 7).join('')}${sep}${digits.slice(7).join('')}`;
        const r = read('phone', typed, 'es', { phoneCountry: country });
        for (const value of offered(r)) {
          const kept = value.replace(/\D/g, '');
          const typedDigits = digits.join('');
          expect(kept.endsWith(typedDigits) || kept.endsWith(typedDigits.replace(/^0+/, '')), `${country} "${typed}" → ${value}`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('asks which of two days offered, in every language, and stores neither', () => {
    const MONTHS: Record<Language, string[]> = { en: ['July', 'August', 'June'], es: ['julio', 'agosto', 'junio'], fr: ['juillet', 'août', 'juin'], pt: ['julho', 'agosto', 'junho'] };
    const OR: Record<Language, string[]> = { en: ['{a} or {b} {m}', 'the {a}th or the {b}th of {m}', '{m} {a} or {b}'], es: ['el {a} o el {b} de {m}', '{a} o {b} de {m}', 'entre el {a} y el {b} de {m}'], fr: ['le {a} ou le {b} {m}', 'entre le {a} et le {b} {m}'], pt: ['dia {a} ou {b} de {m}', 'entre {a} e {b} de {m}'] };
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.integer({ min: 1, max: 26 }), fc.integer({ min: 1, max: 3 }), fc.nat(), fc.nat(), (language, a, gap, i, j) => {
        const m = MONTHS[language][i % 3]!;
        const text = OR[language][j % OR[language].length]!.replace('{a}', String(a)).replace('{b}', String(a + gap)).replace('{m}', m);
        const r = read('arrival', text, language);
        expect(stored(r), text).toBeUndefined();
        if (r.outcome === 'value') expect(offered(r).length, text).toBe(2);
      }),
      { numRuns: 300 },
    );
  });

  it('asks a day and month that read both ways, in every language', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.constantFrom('/', '-'), fc.constantFrom('', '/2027', '/1990'), (language, a, b, sep, year) => {
        fc.pre(a !== b);
        const text = `${String(a).padStart(2, '0')}${sep}${String(b).padStart(2, '0')}${year.replace('/', sep)}`;
        const field = year === '/1990' ? 'birth-date' : 'arrival';
        expect(stored(read(field, text, language)), text).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('never stores Yes for a yes-word negated in the same breath', () => {
    const NEGATED: Record<Language, string[]> = {
      en: ['not once', 'never, not even once', 'absolutely never', 'no, never did that', 'nope, not once'],
      es: ['nunca, ni una vez', 'jamás, eso nunca', 'no, nunca tuve eso', 'claro que nunca'],
      fr: ['jamais, pas une fois', "non, je n'ai jamais fait ça", 'absolument jamais'],
      pt: ['nunca fiz isso', 'nunca, nem tenho isso', 'de jeito nenhum, nunca fiz isso', 'não, nem uma vez'],
    };
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), fc.constantFrom('', '!', '!!', '.'), (language, i, mark) => {
        const text = `${NEGATED[language][i % NEGATED[language].length]}${mark}`;
        const r = read('eligibility', text, language);
        expect(r.outcome === 'value' && r.value === 'Yes', text).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
