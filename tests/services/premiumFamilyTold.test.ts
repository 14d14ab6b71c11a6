import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../server/services/premium/facts/index';
import { LANGS, type Lang } from '../fixtures/premium/applicant';
import { findingsOf } from '../../server/services/premium/rules/index';
import { NAME_LINE } from '../fixtures/premium/vocabulary';

// Issue 42: 'no family in the United States' told in a sentence, and a relative who lives there told in another
// ('je n'ai aucun membre de ma famille aux États-Unis' … 'mon oncle, qui vit à Houston'; 'não tenho parentes nos EUA'
// … 'o Rodrigo, meu irmão, que mora lá há 5 anos'). Written from how people say it, in four languages.


const NONE: Record<Lang, string[]> = {
  en: ['I have no relatives in the United States.', "I don't have any family members in the U.S.", 'None of my family lives in the United States.', "We don't have any family in the USA."],
  es: ['No tengo familiares en Estados Unidos.', 'No tengo ningún familiar en EE. UU.', 'Nadie de mi familia vive en Estados Unidos.', 'No tenemos familia en USA.'],
  fr: ["Je n'ai pas de famille aux États-Unis.", "Je n'ai aucun membre de ma famille aux États-Unis.", 'Personne de ma famille ne vit aux États-Unis.', "Nous n'avons aucune famille aux USA."],
  pt: ['Não tenho parentes nos Estados Unidos.', 'Não tenho nenhum familiar nos EUA.', 'Ninguém da minha família mora nos Estados Unidos.', 'Não temos família nos EUA.'],
};
/** A relative living there: in a U.S. city, 'over there', or with a status only the United States gives. */
const THERE: Record<Lang, Array<(rel: string) => string>> = {
  en: [(r) => `I'll stay with my ${r}, who lives in Houston.`, (r) => `My ${r} has lived over there since 2015.`, (r) => `My ${r} lives there and has a green card.`],
  es: [(r) => `Me quedo en casa de mi ${r}, que vive en Houston.`, (r) => `Mi ${r} vive allá desde 2015.`, (r) => `Mi ${r}, que vive allá, ya tiene la residencia.`],
  fr: [(r) => `Je logerai chez mon ${r}, qui vit à Houston.`, (r) => `Mon ${r} vit là-bas depuis 2015.`, (r) => `Mon ${r}, qui vit là-bas, a la nationalité américaine.`],
  pt: [(r) => `Vou ficar na casa do meu ${r}, que mora em Houston.`, (r) => `Meu ${r} mora lá desde 2015.`, (r) => `O Rodrigo, meu ${r}, que mora lá há 5 anos, trabalha com H-1B.`],
};
const RELATIONS: Record<Lang, string[]> = { en: ['brother', 'uncle', 'cousin', 'son'], es: ['hermano', 'tío', 'primo', 'hijo'], fr: ['frère', 'oncle', 'cousin', 'fils'], pt: ['irmão', 'tio', 'primo', 'filho'] };
/** Not family there: a friend there, or family at home. */
const NOT_THERE: Record<Lang, Array<(rel: string) => string>> = {
  en: [() => 'My friend Laura lives in Houston.', (r) => `My ${r} lives in Lagos with his wife.`],
  es: [() => 'Mi amiga Laura vive en Houston.', (r) => `Mi ${r} vive en Quito con su esposa.`],
  fr: [() => 'Mon amie Laure vit à Houston.', (r) => `Mon ${r} vit à Dakar avec sa femme.`],
  pt: [() => 'Minha amiga Laura mora em Houston.', (r) => `Meu ${r} mora em Luanda com a esposa.`],
};
const NAME = NAME_LINE;

describe('no family there, told in a sentence, against a relative living there (issue 42)', () => {
  const pick = { lang: fc.constantFrom(...LANGS), none: fc.nat(3), there: fc.nat(2), rel: fc.nat(3), turn: fc.boolean(), notes: fc.boolean() };
  const layout = (notes: boolean, lines: string[]) => (notes ? lines.map((l) => `- ${l}`).join('\n') : lines.join(' '));

  it('raises relatives-declared-none naming both sentences', () => {
    fc.assert(
      fc.property(fc.record(pick), ({ lang, none, there, rel, turn, notes }) => {
        const said = NONE[lang][none]!;
        const relative = THERE[lang][there]!(RELATIONS[lang][rel]!);
        const text = [NAME[lang], layout(notes, turn ? [relative, said] : [said, relative])].join('\n');
        const facts = readFacts(text);
        const found = findingsOf(facts).find((f) => f.code === 'undeclaredFamily');
        expect(found, `${text}\n${JSON.stringify(facts.usFamily)} ${JSON.stringify(facts.relatives)}`).toBeDefined();
        expect(said.includes(facts.usFamily!.source), text).toBe(true);
        const side = facts.relatives![found!.sides[1]!.index ?? 0]!.source;
        expect(relative.includes(side) || side.includes(relative.replace(/\.$/, '')), `${text}\n${side}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a friend there, or family at home, raises nothing', () => {
    fc.assert(
      fc.property(fc.record({ ...pick, other: fc.nat(1) }), ({ lang, none, other, rel, turn, notes }) => {
        const said = NONE[lang][none]!;
        const line = NOT_THERE[lang][other]!(RELATIONS[lang][rel]!);
        const text = [NAME[lang], layout(notes, turn ? [line, said] : [said, line])].join('\n');
        const facts = readFacts(text);
        expect(facts.usFamily?.has, text).toBe(false);
        expect(findingsOf(facts), text).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
