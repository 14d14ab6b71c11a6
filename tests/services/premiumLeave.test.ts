import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../../server/services/ai/builtin/text';
import { leaveIn } from '../../server/services/premium/facts/leave';
import { groundedFacts, readFacts } from '../../server/services/premium/facts/index';
import { findingsOf } from '../../server/services/premium/rules/index';

// Issue 42, round seven: the leave an employee has, read to a value (a length, a span of dates, none granted, only
// in another month) in four languages and set against the trip's length by a rule, wherever the two are told. The
// phrasings are written from how people say these things, not from any test set.

type Lang = 'en' | 'es' | 'fr' | 'pt';
const LANGS: Lang[] = ['en', 'es', 'fr', 'pt'];

const UNIT: Record<Lang, { day: [string, string]; week: [string, string] }> = {
  en: { day: ['day', 'days'], week: ['week', 'weeks'] },
  es: { day: ['día', 'días'], week: ['semana', 'semanas'] },
  fr: { day: ['jour', 'jours'], week: ['semaine', 'semaines'] },
  pt: { day: ['dia', 'dias'], week: ['semana', 'semanas'] },
};
/** A length as people write it: whole weeks in weeks, else days. */
const length = (lang: Lang, days: number) => (days % 7 === 0 ? `${days / 7} ${UNIT[lang].week[days === 7 ? 0 : 1]}` : `${days} ${UNIT[lang].day[1]}`);

const JOB: Record<Lang, string> = {
  en: 'I work as a nurse at Saint Mary Hospital.',
  es: 'Trabajo como enfermera en el Hospital Central.',
  fr: "Je travaille comme infirmière à l'Hôpital Central.",
  pt: 'Trabalho como enfermeira no Hospital Central.',
};
const ARRIVAL: Record<Lang, string> = {
  en: 'I arrive on July 1, 2027.',
  es: 'Llego el 1 de julio de 2027.',
  fr: "J'arrive le 1 juillet 2027.",
  pt: 'Chego dia 1 de julho de 2027.',
};
const STAY: Record<Lang, Array<(l: string) => string>> = {
  en: [(l) => `I'll stay ${l} in Florida.`, (l) => `I plan to spend ${l} with my cousins in Texas.`],
  es: [(l) => `Me voy a quedar ${l} en Miami.`, (l) => `Pienso estar allá ${l}, nada más.`],
  fr: [(l) => `Je resterai ${l} à New York.`, (l) => `Je compte passer ${l} chez ma tante en Floride.`],
  pt: [(l) => `Vou ficar ${l} em Orlando.`, (l) => `Pretendo passar ${l} na casa da minha tia.`],
};
/** Leave of a length. */
const LEAVE_LENGTH: Record<Lang, Array<(l: string) => string>> = {
  en: [(l) => `My boss approved ${l} of annual leave.`, (l) => `I got ${l} off work.`, (l) => `I have ${l} of paid vacation from my job.`],
  es: [(l) => `Mi jefe me aprobó ${l} de vacaciones.`, (l) => `En el trabajo me dieron ${l} de permiso.`, (l) => `Tengo ${l} de vacaciones pagadas.`],
  fr: [(l) => `Mon employeur m'a accordé ${l} de congés.`, (l) => `J'ai ${l} de congés payés.`, (l) => `Mon chef a validé ${l} de congé annuel.`],
  pt: [(l) => `Meu chefe aprovou ${l} de férias.`, (l) => `Tenho ${l} de férias no trabalho.`, (l) => `A empresa me deu ${l} de licença.`],
};
/** Leave as a span of July 2027, from day `a` to day `b`. */
const LEAVE_SPAN: Record<Lang, (a: number, b: number) => string> = {
  en: (a, b) => `Leave approved from July ${a} to July ${b}, 2027.`,
  es: (a, b) => `Vacaciones aprobadas en el trabajo del ${a} al ${b} de julio de 2027.`,
  fr: (a, b) => `Congé annuel validé du ${a} au ${b} juillet 2027.`,
  pt: (a, b) => `Férias aprovadas de ${a} a ${b} de julho de 2027.`,
};
/** No leave granted for the trip. */
const LEAVE_NONE: Record<Lang, string[]> = {
  en: ["My manager hasn't approved any leave yet.", 'No leave approved so far, still waiting on HR.'],
  es: ['Todavía no me aprueban las vacaciones en el trabajo.', 'Sin permiso del trabajo por ahora.'],
  fr: "Mon chef n'a pas encore validé mes congés.|Pas de congés accordés pour l'instant.".split('|'),
  pt: ['O gerente ainda não aprovou minhas férias.', 'Sem licença aprovada no trabalho por enquanto.'],
};
/** Leave only in a month the trip is not in. */
const LEAVE_DECEMBER: Record<Lang, string> = {
  en: 'At work my leave is only in December.',
  es: 'En el trabajo las vacaciones me las dan solo en diciembre.',
  fr: 'Au travail, mes congés, c’est seulement en décembre.',
  pt: 'No trabalho as férias só saem em dezembro.',
};

type Layout = 'narrative' | 'notes' | 'chat';
function laidOut(layout: Layout, lines: string[]): string {
  if (layout === 'narrative') return lines.join(' ');
  if (layout === 'notes') return lines.map((l) => `- ${l}`).join('\n');
  return lines.map((l, i) => `[02/11/2026 21:${String(10 + i).padStart(2, '0')}] Ana: ${l}`).join('\n');
}
const rotate = <T,>(xs: T[], k: number) => xs.map((_, i) => xs[(i + k) % xs.length]!);

const stayOverLeave = (text: string) => findingsOf(readFacts(text)).find((f) => f.code === 'stayOverLeave');
/** Each side quotes one of the two statements. */
function quotesBoth(text: string, stay: string, leave: string): boolean {
  const facts = readFacts(text);
  const found = findingsOf(facts).find((f) => f.code === 'stayOverLeave');
  return Boolean(found && facts.stay && facts.leave && stay.includes(facts.stay.source) && leave.includes(facts.leave.source));
}

describe('leave read to a value (issue 42)', () => {
  it.each([
    ['I got two weeks off work', 14],
    ['me dieron 15 días de vacaciones', 15],
    ["l'autorisation de congé annuel (du 5 au 16 juillet 2027)", 12],
    ['LICENCIA SIN GOCE DE SUELDO APROBADA DEL 19/07 AL 03/09/2027', 47],
    ['A empresa aceitou dar-me licença sem vencimento de setembro a novembro', 91],
    ['tenho 20 dias úteis de férias', 28],
    ["Principal hasn't approved any leave yet, March-April is exam duty", 0],
  ])('%s → %i days', (text, days) => {
    expect(leaveIn({ text, folded: fold(text), start: 0 })?.days).toBe(days);
  });

  it.each(['vamos de vacaciones a Orlando 3 semanas', 'I leave on July 5', 'vou passar as férias em Orlando com a família', 'On a pris deux semaines de vacances à Miami'])(
    'a holiday trip or the verb is no leave: %s',
    (text) => {
      expect(leaveIn({ text, folded: fold(text), start: 0 })).toBeNull();
    },
  );
});

describe('leave against the trip, told in any layout and language (issue 42)', () => {
  const base = { lang: fc.constantFrom(...LANGS), layout: fc.constantFrom<Layout>('narrative', 'notes', 'chat'), k: fc.nat(5), turn: fc.nat(3) };

  it('leave that covers the stay raises nothing', () => {
    fc.assert(
      fc.property(fc.record({ ...base, stay: fc.integer({ min: 3, max: 56 }), extra: fc.integer({ min: 0, max: 14 }), span: fc.boolean() }), ({ lang, layout, k, turn, stay, extra, span }) => {
        const days = stay + extra;
        const leave = span && days <= 28 ? LEAVE_SPAN[lang](1, days) : LEAVE_LENGTH[lang][k % 3]!(length(lang, days));
        const text = laidOut(layout, rotate([JOB[lang], ARRIVAL[lang], STAY[lang][k % 2]!(length(lang, stay)), leave], turn));
        expect(stayOverLeave(text), text).toBeUndefined();
      }),
      { numRuns: 150 },
    );
  });

  it('leave shorter than the stay raises stay-beyond-leave quoting both', () => {
    fc.assert(
      fc.property(fc.record({ ...base, stay: fc.integer({ min: 14, max: 60 }), share: fc.double({ min: 0.2, max: 0.75, noNaN: true }), form: fc.constantFrom('length', 'span', 'none', 'december') }), ({ lang, layout, k, turn, stay, share, form }) => {
        const days = Math.max(1, Math.floor(stay * share));
        const leave =
          form === 'span' ? LEAVE_SPAN[lang](2, 1 + Math.min(days, 28)) : form === 'none' ? LEAVE_NONE[lang][k % 2]! : form === 'december' ? LEAVE_DECEMBER[lang] : LEAVE_LENGTH[lang][k % 3]!(length(lang, days));
        const stayLine = STAY[lang][k % 2]!(length(lang, stay));
        const text = laidOut(layout, rotate([JOB[lang], ARRIVAL[lang], stayLine, leave], turn));
        expect(quotesBoth(text, stayLine, leave), text).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

/** A form's bare answer that no leave is granted, as each language writes it. */
const FORM_NONE: Record<Lang, string[]> = {
  en: ['NONE', 'None', '0', 'no'],
  es: ['NINGUNA', 'Ninguno', 'sin vacaciones', 'No'],
  fr: ['AUCUN', 'aucune', 'sans congé', 'Non'],
  pt: ['NENHUMA', 'nenhum', 'sem férias', 'Não'],
};
/** A span of July 2027 with no leave word, as a form's or a table's answer writes it. */
const BARE_SPAN: Record<Lang, (a: number, b: number) => string> = {
  en: (a, b) => `07/${String(a).padStart(2, '0')}/2027 - 07/${String(b).padStart(2, '0')}/2027`,
  es: (a, b) => `${String(a).padStart(2, '0')}/07/2027 al ${String(b).padStart(2, '0')}/07/2027`,
  fr: (a, b) => `du ${a} au ${b} juillet 2027`,
  pt: (a, b) => `${String(a).padStart(2, '0')}/07/2027 até ${String(b).padStart(2, '0')}/07/2027`,
};

describe("a model's leave, checked against our reading of its quote (issue 42)", () => {
  // Before: only a length ('15 días') agreed, so a model's leave told as a span or as none was dropped.
  const leaveForm = fc.record({ lang: fc.constantFrom(...LANGS), k: fc.nat(3), a: fc.integer({ min: 1, max: 14 }), b: fc.integer({ min: 15, max: 31 }), form: fc.constantFrom('span', 'bareSpan', 'none', 'formNone', 'length') });
  const said = ({ lang, k, a, b, form }: { lang: Lang; k: number; a: number; b: number; form: string }): [string, number] => {
    if (form === 'span') return [LEAVE_SPAN[lang](a, b), b - a + 1];
    // Month first, both days past the 12th, so the dates read one way only (07/05 is also 7 May).
    if (form === 'bareSpan') return lang === 'en' ? [BARE_SPAN.en(Math.max(a, 13), b), b - Math.max(a, 13) + 1] : [BARE_SPAN[lang](a, b), b - a + 1];
    if (form === 'none') return [LEAVE_NONE[lang][k % 2]!, 0];
    if (form === 'formNone') return [FORM_NONE[lang][k % 4]!, 0];
    return [LEAVE_LENGTH[lang][k % 3]!(length(lang, b)), b];
  };

  it('keeps the leave a quote says, as a span, as none or as a length', () => {
    fc.assert(
      fc.property(leaveForm, (x) => {
        const [quote, days] = said(x);
        const text = `${JOB[x.lang]}\n${quote}`;
        expect(groundedFacts({ leave: { source: quote, days } }, text).leave, quote).toEqual({ source: quote, days });
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a leave whose days the quote does not say', () => {
    fc.assert(
      fc.property(leaveForm, fc.integer({ min: 3, max: 60 }), (x, off) => {
        const [quote, days] = said(x);
        const text = `${JOB[x.lang]}\n${quote}`;
        expect(groundedFacts({ leave: { source: quote, days: days + off } }, text).leave, quote).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it.each(['', ' ', 'Acme Corp', '__proto__', 'July 2027'])('a quote that says no leave keeps none: %j', (quote) => {
    expect(groundedFacts({ leave: { source: quote, days: 0 } }, `${JOB.en}\n${quote}`).leave).toBeUndefined();
  });
});
