import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../server/services/premium/facts/index';
import { findingsOf } from '../../server/services/premium/rules/index';

// Issue 42: an earlier visit's length told against the stay it was allowed ("the officer gave me 6 months and I
// stayed almost a year", "me dio permiso hasta el 20 de noviembre, pero me regresé en febrero de 2020"), and the
// form's overstay question reported with its answer ("en la de si me he quedado más tiempo del permitido puse NO").
// Neither half of the first says "overstay"; together they do, and against a declared "no" they are a contradiction.
// The phrasings are written from how people tell these things in four languages, not from any test set.

type Lang = 'en' | 'es' | 'fr' | 'pt';
const LANGS: Lang[] = ['en', 'es', 'fr', 'pt'];

const MONTH_NAMES: Record<Lang, string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  pt: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
};
const UNITS: Record<Lang, { week: [string, string]; month: [string, string] }> = {
  en: { week: ['week', 'weeks'], month: ['month', 'months'] },
  es: { week: ['semana', 'semanas'], month: ['mes', 'meses'] },
  fr: { week: ['semaine', 'semaines'], month: ['mois', 'mois'] },
  pt: { week: ['semana', 'semanas'], month: ['mês', 'meses'] },
};
const NUMBER_WORDS: Record<Lang, string[]> = {
  en: ['one', 'two', 'three', 'four', 'five', 'six'],
  es: ['un', 'dos', 'tres', 'cuatro', 'cinco', 'seis'],
  fr: ['un', 'deux', 'trois', 'quatre', 'cinq', 'six'],
  pt: ['um', 'dois', 'três', 'quatro', 'cinco', 'seis'],
};
const ALMOST_A_YEAR: Record<Lang, string> = { en: 'almost a year', es: 'casi un año', fr: 'presque un an', pt: 'quase um ano' };
const count = (lang: Lang, n: number, unit: 'week' | 'month', words: boolean) => `${words && n <= 6 ? NUMBER_WORDS[lang][n - 1] : n} ${UNITS[lang][unit][n === 1 ? 0 : 1]}`;
const dateText = (lang: Lang, y: number, m: number, d: number | null) => {
  const name = MONTH_NAMES[lang][m - 1]!;
  if (d === null) return { en: `${name} ${y}`, es: `${name} de ${y}`, fr: `${name} ${y}`, pt: `${name} de ${y}` }[lang];
  return { en: `${name} ${d}, ${y}`, es: `${d} de ${name} de ${y}`, fr: `${d} ${name} ${y}`, pt: `${d} de ${name} de ${y}` }[lang];
};

/** The trip it happened on, told before the allowance. */
const LEAD: Record<Lang, (y: number) => string> = {
  en: (y) => `When I went to Miami in ${y},`,
  es: (y) => `Cuando fui a Miami en ${y},`,
  fr: (y) => `Quand je suis allée à Miami en ${y},`,
  pt: (y) => `Quando fui para Miami em ${y},`,
};
/** What was allowed, as a length. */
const ALLOWED_FOR: Record<Lang, Array<(l: string) => string>> = {
  en: [(l) => `the officer at the airport gave me ${l}`, (l) => `my I-94 said ${l}`, (l) => `I was admitted for ${l}`],
  es: [(l) => `el oficial me dio ${l}`, (l) => `la visa me daba ${l}`, (l) => `en migración me autorizaron ${l}`],
  fr: [(l) => `l'agent m'a donné ${l}`, (l) => `à la frontière on m'avait accordé ${l}`, (l) => `mon visa m'autorisait ${l}`],
  pt: [(l) => `o oficial me deu ${l}`, (l) => `o carimbo me dava ${l}`, (l) => `na imigração me autorizaram ${l}`],
};
/** How long was stayed. */
const STAYED_FOR: Record<Lang, Array<(l: string) => string>> = {
  en: [(l) => `and I stayed ${l}`, (l) => `but I remained there ${l}`],
  es: [(l) => `y me quedé ${l}`, (l) => `pero estuve allá ${l}`],
  fr: [(l) => `et je suis restée ${l}`, (l) => `mais je suis restée là-bas ${l}`],
  pt: [(l) => `e fiquei ${l}`, (l) => `mas fiquei lá ${l}`],
};
/** What was allowed, as a last day. */
const ALLOWED_UNTIL: Record<Lang, Array<(d: string) => string>> = {
  en: [(d) => `the officer gave me until ${d}`, (d) => `my I-94 was valid until ${d}`],
  es: [(d) => `el oficial me dio permiso hasta el ${d}`, (d) => `la visa me daba hasta el ${d}`],
  fr: [(d) => `on m'avait autorisée jusqu'au ${d}`, (d) => `l'agent m'a donné jusqu'au ${d}`],
  pt: [(d) => `o oficial me deu até ${d}`, (d) => `o carimbo me dava até ${d}`],
};
/** When the applicant left. */
const LEFT_ON: Record<Lang, Array<(d: string) => string>> = {
  en: [(d) => `but I flew back on ${d}`, (d) => `and I returned in ${d}`],
  es: [(d) => `pero me regresé el ${d}`, (d) => `y volví en ${d}`],
  fr: [(d) => `mais je suis rentrée le ${d}`, (d) => `et je suis repartie en ${d}`],
  pt: [(d) => `mas voltei em ${d}`, (d) => `e voltei só em ${d}`],
};
/** The form's overstay question answered no, as a label and its answer or reported in a sentence. */
const DECLARED_NO: Record<Lang, string[]> = {
  en: ['Have you ever overstayed a U.S. visa? No', 'On the question whether I ever stayed longer than allowed I put no.'],
  es: ['¿Alguna vez se ha quedado más tiempo del permitido? No', 'En la pregunta de si me he quedado más tiempo del permitido puse que no.'],
  fr: ['Avez-vous déjà dépassé la durée de séjour autorisée ? Non', "À la question si j'ai dépassé la durée autorisée j'ai répondu non."],
  pt: ['Já ficou além do prazo permitido nos EUA? Não', 'Na pergunta se já fiquei além do prazo permitido coloquei não.'],
};
const DECLARED_YES: Record<Lang, string> = {
  en: 'On the question whether I ever stayed longer than allowed I put yes.',
  es: 'En la pregunta de si me he quedado más tiempo del permitido puse que sí.',
  fr: "À la question si j'ai dépassé la durée autorisée j'ai répondu oui.",
  pt: 'Na pergunta se já fiquei além do prazo permitido coloquei sim.',
};
const NAME: Record<Lang, string> = { en: 'Name: Laura Gómez', es: 'Nombre: Laura Gómez', fr: 'Nom : Laura Gómez', pt: 'Nome: Laura Gómez' };

type Layout = 'narrative' | 'notes' | 'chat';
function laidOut(layout: Layout, lines: string[]): string {
  if (layout === 'narrative') return lines.join('\n');
  if (layout === 'notes') return lines.map((l) => `- ${l}`).join('\n');
  return lines.map((l, i) => `[02/11/2026 21:${String(10 + i).padStart(2, '0')}] Laura: ${l}`).join('\n');
}

/** An earlier stay told against its allowance: beyond it (`over`) or within it. */
const told = (over: boolean) =>
  fc
    .record({
      lang: fc.constantFrom(...LANGS),
      layout: fc.constantFrom<Layout>('narrative', 'notes', 'chat'),
      year: fc.integer({ min: 2008, max: 2023 }),
      k: fc.nat(5),
      words: fc.boolean(),
      byDate: fc.boolean(),
      allowedMonths: fc.integer({ min: 1, max: 6 }),
      more: fc.integer({ min: 1, max: 6 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 5, max: 28 }),
      shift: fc.integer({ min: 1, max: 5 }),
      yearLess: fc.boolean(),
    })
    .map((x) => {
      const { lang, year, k, words } = x;
      let sentence: string;
      if (!x.byDate) {
        const allowed = count(lang, x.allowedMonths, 'month', words);
        // Beyond: more months, or almost a year; within: whole weeks short of the allowance.
        const stayed = over ? (k % 3 === 0 ? ALMOST_A_YEAR[lang] : count(lang, x.allowedMonths + x.more, 'month', words)) : count(lang, Math.max(1, x.allowedMonths * 4 - x.more), 'week', words);
        sentence = `${LEAD[lang](year)} ${ALLOWED_FOR[lang][k % 3]!(allowed)} ${STAYED_FOR[lang][k % 2]!(stayed)}.`;
      } else {
        // The allowance's last day in `year` (its year left out when `yearLess`: the lead's year dates it), the
        // return months later (its year written), or days before it.
        const end = new Date(Date.UTC(year, x.month - 1, x.day));
        const back = over ? new Date(Date.UTC(year, x.month - 1 + x.shift, 15)) : new Date(Date.UTC(year, x.month - 1, x.day - 3 - (x.shift % 3)));
        const allowedText = x.yearLess
          ? dateText(lang, end.getUTCFullYear(), end.getUTCMonth() + 1, end.getUTCDate()).replace(/,? (?:de )?\d{4}$/, '')
          : dateText(lang, end.getUTCFullYear(), end.getUTCMonth() + 1, end.getUTCDate());
        const backText = dateText(lang, back.getUTCFullYear(), back.getUTCMonth() + 1, k % 2 === 0 ? back.getUTCDate() : null);
        const left = k % 2 === 0 ? LEFT_ON[lang][0]! : LEFT_ON[lang][1]!;
        // A return told by its month alone can only be beyond a later month's allowance: within, the day is told.
        sentence = `${LEAD[lang](year)} ${ALLOWED_UNTIL[lang][k % 2]!(allowedText)}, ${over || k % 2 === 0 ? left(backText) : LEFT_ON[lang][0]!(dateText(lang, back.getUTCFullYear(), back.getUTCMonth() + 1, back.getUTCDate()))}.`;
      }
      return { ...x, sentence };
    });

describe('an earlier stay told against what was allowed (issue 42)', () => {
  it('beyond the allowance, against a declared no: overstay-declared-no quoting the told stay', () => {
    fc.assert(
      fc.property(told(true), fc.nat(3), (x, turn) => {
        const lines = [NAME[x.lang], x.sentence, DECLARED_NO[x.lang][turn % 2]!];
        const text = laidOut(x.layout, turn > 1 ? [lines[0]!, lines[2]!, lines[1]!] : lines);
        const facts = readFacts(text);
        const found = findingsOf(facts).find((f) => f.code === 'undeclaredOverstay');
        const side = found?.sides.find((s) => s.fact === 'overstays');
        const source = side ? facts.overstays?.[side.index ?? 0]?.source : undefined;
        expect(source && x.sentence.includes(source), text).toBe(true);
      }),
      { numRuns: 250 },
    );
  });

  it('within the allowance: no overstay, declared or not', () => {
    fc.assert(
      fc.property(told(false), fc.nat(3), (x, turn) => {
        const text = laidOut(x.layout, [NAME[x.lang], x.sentence, ...(turn % 2 ? [DECLARED_NO[x.lang][turn > 1 ? 1 : 0]!] : [])]);
        const codes = findingsOf(readFacts(text)).map((f) => f.code);
        expect(codes.filter((c) => c === 'undeclaredOverstay' || c === 'overstay'), text).toEqual([]);
      }),
      { numRuns: 250 },
    );
  });

  it('the question reported with a yes declares the overstay: on record, not a contradiction', () => {
    fc.assert(
      fc.property(told(true), (x) => {
        const facts = readFacts(laidOut(x.layout, [NAME[x.lang], DECLARED_YES[x.lang], x.sentence]));
        expect(facts.overstaysDeclared?.has).toBe(true);
        expect(findingsOf(facts).map((f) => f.code)).not.toContain('undeclaredOverstay');
      }),
      { numRuns: 100 },
    );
  });

  it.each(LANGS)('the question reported with a no is a declaration, not an overstay told (%s)', (lang) => {
    const facts = readFacts(laidOut('notes', [NAME[lang], DECLARED_NO[lang][1]!]));
    expect(facts.overstaysDeclared?.has).toBe(false);
    expect(facts.overstays).toBeUndefined();
  });
});
