import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../server/services/premium/facts/index';
import { findingsOf } from '../../server/services/premium/rules/index';

// Issue 42: what holds a visitor at home given up (the rented flat handed back, the business passed on, notice given
// at work) beside a short visit told: ties-against-move, naming the stay and the words that give them up. The
// phrasings are written from how people say these things in four languages, not from any test set.

type Lang = 'en' | 'es' | 'fr' | 'pt';
const LANGS: Lang[] = ['en', 'es', 'fr', 'pt'];

const STAY: Record<Lang, string[]> = {
  en: ["I'll be there 3 weeks, just a holiday.", "I'm going for two weeks only."],
  es: ['Voy por 3 semanitas nada más.', 'Me voy a quedar dos semanas, solo de paseo.'],
  fr: ['Je resterai 3 semaines, juste des vacances.', 'Je pars pour deux semaines seulement.'],
  pt: ['Vou ficar 3 semanas, só passeio.', 'Vou por duas semanas apenas.'],
};
const GIVING_UP: Record<Lang, string[]> = {
  en: ['Last month I gave up my apartment and sold my shop to my cousin.', 'I already handed over my business to my partner.', 'I gave notice at work last week.'],
  es: ['El mes pasado entregué la casa que alquilaba.', 'Ya el negocio lo traspasé a mi primo.', 'Traspasé la tienda a mi hermana en enero.'],
  fr: ["J'ai rendu mon appartement le mois dernier.", "J'ai cédé mon commerce à mon cousin.", "J'ai résilié mon bail en janvier."],
  pt: ['Entreguei o apartamento mês passado.', 'Passei o negócio para o meu irmão.', 'Já repassei a loja para a minha prima.'],
};
/** Not given up by the applicant: denied, or a relative's. */
const KEPT: Record<Lang, string[]> = {
  en: ["I haven't given up my apartment, I'm coming back to it.", 'My brother handed over his business to his partner.'],
  es: ['No entregué la casa, vuelvo a ella.', 'Mi hermano traspasó su negocio a su socio.'],
  fr: ["Je n'ai pas rendu mon appartement, j'y reviens.", 'Mon frère a cédé son commerce à son associé.'],
  pt: ['Não entreguei o apartamento, volto para ele.', 'Meu irmão passou o negócio dele para o sócio.'],
};
const layout = (notes: boolean, lines: string[]) => (notes ? lines.map((l) => `- ${l}`).join('\n') : lines.join(' '));
const givenUp = (text: string) => findingsOf(readFacts(text)).find((f) => f.code === 'tiesAgainstMove');

describe('ties given up against a short visit (issue 42)', () => {
  const pick = { lang: fc.constantFrom(...LANGS), a: fc.nat(2), b: fc.nat(2), notes: fc.boolean(), turn: fc.boolean() };

  it('raises ties-against-move naming the stay and the words that give the ties up', () => {
    fc.assert(
      fc.property(fc.record(pick), ({ lang, a, b, notes, turn }) => {
        const [stay, gave] = [STAY[lang][a % 2]!, GIVING_UP[lang][b]!];
        const text = layout(notes, turn ? [gave, stay] : [stay, gave]);
        const facts = readFacts(text);
        const found = givenUp(text);
        expect(found?.sides.map((s) => s.fact), text).toEqual(['stay', 'moves']);
        expect(stay.includes(facts.stay!.source) && facts.moves![0]!.source.length > 0 && gave.includes(facts.moves![0]!.source), text).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('a short visit with the ties kept, or a relative giving theirs up, raises nothing', () => {
    fc.assert(
      fc.property(fc.record(pick), ({ lang, a, b, notes, turn }) => {
        const lines = [STAY[lang][a % 2]!, KEPT[lang][b % 2]!];
        const text = layout(notes, turn ? lines.reverse() : lines);
        expect(givenUp(text), text).toBeUndefined();
      }),
      { numRuns: 150 },
    );
  });
});
