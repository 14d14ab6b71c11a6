import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../server/services/premium/facts/index';
import { LANGS, type Lang } from '../fixtures/premium/applicant';
import { findingsOf } from '../../server/services/premium/rules/index';
import { consistentTexts, plantedTexts } from '../fixtures/premium/generated';
import { HOME_TOWNS, NAME_LINE } from '../fixtures/premium/vocabulary';

// Issue 42: owning a business is working for oneself, with the business as the employer, and the town after
// 'en', 'in', 'à', 'em' is where it stands: 'dueña de un colmado en Gurabo' was read as an employee of Gurabo.
// The phrasings are written from how people say it, in four languages; the towns and trades are drawn at random.


const TRADES: Record<Lang, string[]> = {
  en: ['a bakery', 'a small grocery store', 'a hair salon', 'a car repair workshop'],
  es: ['un colmado', 'una panadería', 'una tienda de ropa', 'un taller mecánico'],
  fr: ['une boulangerie', 'un salon de coiffure', 'une épicerie', 'un petit restaurant'],
  pt: ['uma padaria', 'uma loja de roupas', 'um salão de beleza', 'uma oficina mecânica'],
};
/** The owner's words: a sentence, or the form's occupation answer alone. */
const OWNS: Record<Lang, Array<(trade: string, town: string) => string>> = {
  en: [(t, w) => `I'm the owner of ${t} in ${w}.`, (t, w) => `I run ${t} in ${w}.`, (t, w) => `I own ${t} in ${w} since 2015.`, (t, w) => `Occupation: Owner of ${t} in ${w}`],
  es: [(t, w) => `Soy dueña de ${t} en ${w}.`, (t, w) => `Tengo ${t} en ${w} desde 2015.`, (t, w) => `Trabajo como dueño de ${t} en ${w}.`, (t, w) => `Ocupación: dueña de ${t} en ${w}`],
  fr: [(t, w) => `Je suis propriétaire d'${t} à ${w}.`, (t, w) => `Je tiens ${t} à ${w} depuis 2015.`, (t, w) => `J'ai ${t} à ${w}.`, (t, w) => `Profession : propriétaire d'${t} à ${w}`],
  pt: [(t, w) => `Sou dona de ${t} em ${w}.`, (t, w) => `Tenho ${t} em ${w} desde 2015.`, (t, w) => `Sou dono de ${t} em ${w}.`, (t, w) => `Profissão: dona de ${t} em ${w}`],
};
/** Owning said of someone else, of the past, denied, or a house owned: no business of the applicant's. */
const NOT_OWNS: Record<Lang, Array<(trade: string, town: string) => string>> = {
  en: [(t, w) => `My father is the owner of ${t} in ${w}.`, (t, w) => `I used to run ${t} in ${w}.`, (_t, w) => `I'm the owner of a house in ${w}.`],
  es: [(t, w) => `Mi papá es dueño de ${t} en ${w}.`, (t, w) => `Fui dueña de ${t} en ${w}.`, (_t, w) => `Soy dueña de una casa en ${w}.`],
  fr: [(t, w) => `Mon père est propriétaire d'${t} à ${w}.`, (t, w) => `J'étais propriétaire d'${t} à ${w}.`, (_t, w) => `Je suis propriétaire d'une maison à ${w}.`],
  pt: [(t, w) => `Meu pai é dono de ${t} em ${w}.`, (t, w) => `Eu era dona de ${t} em ${w}.`, (_t, w) => `Sou dona de uma casa em ${w}.`],
};
const EMPLOYER_PAYS: Record<Lang, string> = { en: 'My employer is paying for the trip.', es: 'Mi empleador paga el viaje.', fr: 'Mon employeur paie le voyage.', pt: 'Meu empregador paga a viagem.' };
const SELF_PAYS: Record<Lang, string> = { en: 'I will pay for the trip myself.', es: 'Yo misma pago el viaje.', fr: 'Je paie le voyage moi-même.', pt: 'Eu mesma pago a viagem.' };
const NAME = NAME_LINE;

/** A town's name as people write it: one or two capitalised words, or one of the generator's. */
const town = fc.oneof(
  fc.constantFrom(...Object.values(HOME_TOWNS).flat()),
  fc.tuple(fc.stringMatching(/^[A-Z][a-zà-ü]{2,9}$/), fc.option(fc.stringMatching(/^[A-Z][a-z]{2,9}$/), { nil: undefined })).map(([a, b]) => (b ? `${a} ${b}` : a)),
);
const employerPays = (text: string) => findingsOf(readFacts(text)).some((f) => f.code === 'notWorkingEmployerPays');
/** The employer read is never the town (nor a word of it). */
const notTheTown = (employer: string | undefined, place: string) => employer === undefined || !place.split(' ').some((w) => employer.split(/\s+/).includes(w));

describe('a business the applicant owns (issue 42)', () => {
  const pick = { lang: fc.constantFrom(...LANGS), trade: fc.nat(3), phrase: fc.nat(3), town, notes: fc.boolean(), turn: fc.boolean() };
  const layout = (notes: boolean, lines: string[]) => (notes ? lines.map((l) => `- ${l}`).join('\n') : lines.join('\n'));

  it('is working for oneself at the business, the town a place: an employer paying is raised, paying oneself is not', () => {
    fc.assert(
      fc.property(fc.record({ ...pick, pays: fc.constantFrom('employer', 'self') }), ({ lang, trade, phrase, town, notes, turn, pays }) => {
        const owns = OWNS[lang][phrase]!(TRADES[lang][trade]!, town);
        const payer = pays === 'employer' ? EMPLOYER_PAYS[lang] : SELF_PAYS[lang];
        const text = layout(notes, [NAME[lang], ...(turn ? [payer, owns] : [owns, payer])]);
        const facts = readFacts(text);
        expect(facts.standing?.kind, text).toBe('self-employed');
        expect(notTheTown(facts.employer?.source, town), `${text}\nemployer: ${facts.employer?.source}`).toBe(true);
        expect(employerPays(text), text).toBe(pays === 'employer');
      }),
      { numRuns: 300 },
    );
  });

  it("said of someone else, of the past, or of a house is no business of the applicant's", () => {
    fc.assert(
      fc.property(fc.record(pick), ({ lang, trade, phrase, town, notes, turn }) => {
        const other = NOT_OWNS[lang][phrase % 3]!(TRADES[lang][trade]!, town);
        const text = layout(notes, [NAME[lang], ...(turn ? [EMPLOYER_PAYS[lang], other] : [other, EMPLOYER_PAYS[lang]])]);
        const facts = readFacts(text);
        expect(facts.standing?.kind, text).not.toBe('self-employed');
        expect(employerPays(text), text).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it("the generator's self-employed applicants, in every layout and language, read as such and never as a town's employee", () => {
    const selfEmployed = consistentTexts(12).filter((x) => x.applicant.standing === 'self-employed');
    const planted = plantedTexts().filter((x) => x.planted === 'employerPaysWithoutJob' && x.applicant.standing === 'self-employed');
    expect(selfEmployed.length).toBeGreaterThan(20);
    expect(planted.length).toBeGreaterThan(4);
    const towns = Object.values(HOME_TOWNS).flat();
    for (const x of [...selfEmployed, ...planted]) {
      const facts = readFacts(x.text);
      expect(facts.standing?.kind, x.text).toBe('self-employed');
      expect(towns.some((t) => !notTheTown(facts.employer?.source, t)), x.text).toBe(false);
      expect(employerPays(x.text), x.text).toBe(Boolean(x.planted));
    }
    for (const x of selfEmployed) expect(findingsOf(readFacts(x.text)), x.text).toEqual([]);
  });
});
