import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../server/services/premium/facts/index';
import { findingsOf } from '../../server/services/premium/rules/index';

// Issue 42: one slot stated twice, in a form's label or a sentence, in any of four languages. The same value said two
// ways raises nothing; two values raise the slot's finding, quoting both statements.

type Lang = 'en' | 'es' | 'fr' | 'pt';
type Marital = 'single' | 'married' | 'divorced';

const MARITAL_WORD: Record<Lang, Record<Marital, string>> = {
  en: { single: 'single', married: 'married', divorced: 'divorced' },
  es: { single: 'soltero', married: 'casado', divorced: 'divorciado' },
  fr: { single: 'célibataire', married: 'marié', divorced: 'divorcé' },
  pt: { single: 'solteiro', married: 'casado', divorced: 'divorciado' },
};
const LABEL: Record<Lang, { marital: string; children: string; stay: string }> = {
  en: { marital: 'Marital Status', children: 'Number of children', stay: 'Intended Length of Stay' },
  es: { marital: 'Estado civil', children: 'Número de hijos', stay: 'Duración de la estancia' },
  fr: { marital: 'Situation familiale', children: "Nombre d'enfants", stay: 'Durée du séjour' },
  pt: { marital: 'Estado civil', children: 'Número de filhos', stay: 'Duração da estadia' },
};
const maritalSaid = (lang: Lang, m: Marital, k: number) =>
  ({
    en: [`I am ${MARITAL_WORD.en[m]}.`, `By the way, I'm ${MARITAL_WORD.en[m]}.`],
    es: [`Soy ${MARITAL_WORD.es[m]}.`, `Por cierto, estoy ${MARITAL_WORD.es[m]}.`],
    fr: [`Je suis ${MARITAL_WORD.fr[m]}.`, `Pour info, je suis ${MARITAL_WORD.fr[m]}.`],
    pt: [`Sou ${MARITAL_WORD.pt[m]}.`, `Hoje estou ${MARITAL_WORD.pt[m]}.`],
  })[lang][k % 2]!;
const childrenSaid = (lang: Lang, n: number, k: number) =>
  n === 0
    ? { en: ["I don't have any children.", 'No kids.'], es: ['No tengo hijos.', 'Sin hijos.'], fr: ["Je n'ai pas d'enfants.", 'Sans enfants.'], pt: ['Não tenho filhos.', 'Sem filhos.'] }[lang][k % 2]!
    : { en: [`I have ${n} children.`, `We have ${n} kids.`], es: [`Tengo ${n} hijos.`, `Tenemos ${n} hijos.`], fr: [`J'ai ${n} enfants.`, `Nous avons ${n} enfants.`], pt: [`Tenho ${n} filhos.`, `Temos ${n} filhos.`] }[lang][k % 2]!;
const WEEKS: Record<Lang, (n: number) => string> = { en: (n) => `${n} weeks`, es: (n) => `${n} semanas`, fr: (n) => `${n} semaines`, pt: (n) => `${n} semanas` };
const staySaid = (lang: Lang, weeks: number, k: number) =>
  ({
    en: [`I will stay ${WEEKS.en(weeks)} in total.`, `I plan to spend ${WEEKS.en(weeks)} there.`],
    es: [`Me voy a quedar ${WEEKS.es(weeks)}.`, `Pienso quedarme ${WEEKS.es(weeks)} allá.`],
    fr: [`Je vais rester ${WEEKS.fr(weeks)}.`, `Je compte y passer ${WEEKS.fr(weeks)}.`],
    pt: [`Vou ficar ${WEEKS.pt(weeks)}.`, `Pretendo passar ${WEEKS.pt(weeks)} lá.`],
  })[lang][k % 2]!;

type Slot = 'marital' | 'children' | 'stay';
/** A statement of the slot: as a form's labelled answer, or in a sentence of the notes. */
function stated(lang: Lang, slot: Slot, value: number, labelled: boolean, k: number): string {
  const marital = (['single', 'married', 'divorced'] as const)[value % 3]!;
  if (labelled) {
    const answer = slot === 'marital' ? MARITAL_WORD[lang][marital].toUpperCase() : slot === 'children' ? String(value) : WEEKS[lang](value);
    return `${LABEL[lang][slot]}: ${answer}`;
  }
  return slot === 'marital' ? maritalSaid(lang, marital, k) : slot === 'children' ? childrenSaid(lang, value, k) : staySaid(lang, value, k);
}

const HEAD: Record<Lang, string> = { en: 'Notes for my visa interview', es: 'Notas para mi entrevista', fr: 'Notes pour mon entretien', pt: 'Notas para minha entrevista' };

const statement = fc.record({
  lang: fc.constantFrom<Lang>('en', 'es', 'fr', 'pt'),
  slot: fc.constantFrom<Slot>('marital', 'children', 'stay'),
  value: fc.integer({ min: 0, max: 5 }),
  other: fc.integer({ min: 1, max: 2 }),
  firstLabelled: fc.boolean(),
  k: fc.nat(3),
});

/** The slot's value, kept apart enough that the two statements differ by the slot's measure (weeks a week apart or more). */
const valueOf = (slot: Slot, v: number) => (slot === 'stay' ? 2 + v * 2 : v);

describe('a slot stated twice, in any layout and language (issue 42)', () => {
  it('the same value said two ways raises nothing', () => {
    fc.assert(
      fc.property(statement, ({ lang, slot, value, firstLabelled, k }) => {
        const v = valueOf(slot, value);
        const text = [HEAD[lang], stated(lang, slot, v, firstLabelled, k), stated(lang, slot, v, false, k + 1)].join('\n');
        expect(findingsOf(readFacts(text)).map((f) => f.code)).toEqual([]);
      }),
      { numRuns: 150, seed: 4205 },
    );
  });

  it('two values raise the slot finding, quoting both statements', () => {
    fc.assert(
      fc.property(statement, ({ lang, slot, value, other, firstLabelled, k }) => {
        const v = valueOf(slot, value);
        // Marital kinds cycle over three; counts move by one or two; a stay at least doubles (no rounding explains it).
        const w = slot === 'marital' ? (value + other) % 3 : slot === 'stay' ? v * 2 + other * 2 : value + other;
        const a = stated(lang, slot, v, firstLabelled, k);
        const b = stated(lang, slot, w, false, k + 1);
        const text = [HEAD[lang], a, b].join('\n');
        const facts = readFacts(text);
        const found = findingsOf(facts).find((f) => f.code === 'situationDisagrees');
        expect(found, text).toBeDefined();
        const quotes = found!.sides.map((s) => facts.statements![s.index!]!.source);
        expect(quotes.some((q) => a.includes(q)) && quotes.some((q) => b.includes(q)), `${text}\n${quotes.join(' | ')}`).toBe(true);
      }),
      { numRuns: 150, seed: 4206 },
    );
  });
});
