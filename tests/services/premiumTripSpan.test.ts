import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../server/services/premium/facts/index';
import { LANGS, type Lang } from '../fixtures/premium/applicant';
import { findingsOf } from '../../server/services/premium/rules/index';
import { dateText, LABELS as FORM_LABELS, NAME_LINE, spanText } from '../fixtures/premium/vocabulary';

// Issue 42: the trip told as a span of days ('del 3 al 20 de junio', 'from June 3 to 20', 'du 3 au 20 juin',
// 'de 3 a 20 de junho'): the first day takes the last one's month and year, the year before across the new year.
// A consistent span never raises anything; a length said apart that the span does not fit is raised naming both.

const DAY = 86_400_000;
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** How people lead into the span: a sentence, a note's label, a bullet. */
const LEADS: Record<Lang, string[]> = {
  en: ['I will be in Miami', 'We travel', 'Trip dates:', '- Dates'],
  es: ['Viajo', 'Estaré en Miami', 'Fechas del viaje:', '- Fechas'],
  fr: ['Je serai à Miami', 'Nous partons', 'Dates du voyage :', '- Dates'],
  pt: ['Vou ficar em Miami', 'Viajamos', 'Datas da viagem:', '- Datas'],
};
const STAY: Record<Lang, (n: number) => string> = {
  en: (n) => `I will stay ${n} days in total.`,
  es: (n) => `Me quedo ${n} días en total.`,
  fr: (n) => `Je resterai ${n} jours au total.`,
  pt: (n) => `Vou ficar ${n} dias no total.`,
};
/** The same words about an earlier visit: not this trip. */
const PAST: Record<Lang, string> = { en: 'In 2019 I was in Orlando', es: 'En 2019 estuve en Orlando', fr: 'En 2019 je suis allée à Orlando', pt: 'Em 2019 fiquei em Orlando' };
const NAME = NAME_LINE;

const trip = fc.record({
  lang: fc.constantFrom(...LANGS),
  // Any day from 2026 to 2030, and a stay of one day to four months (months and years crossed).
  start: fc.integer({ min: Date.UTC(2026, 0, 1) / DAY, max: Date.UTC(2030, 11, 31) / DAY }),
  days: fc.integer({ min: 1, max: 120 }),
  lead: fc.nat(3),
  withYear: fc.boolean(),
});
const spanOf = ({ lang, start, days, lead, withYear }: { lang: Lang; start: number; days: number; lead: number; withYear: boolean }) => {
  const from = isoOf(start * DAY);
  const to = isoOf((start + days) * DAY);
  return { from, to, line: `${LEADS[lang][lead]} ${spanText(lang, from, to, withYear)}.` };
};

describe('a trip told as a span of days (issue 42)', () => {
  it('reads its first and last day (its length without a year), and a consistent span raises nothing', () => {
    fc.assert(
      fc.property(trip, fc.option(fc.constantFrom(0, 1), { nil: undefined }), (t, counted) => {
        const { from, to, line } = spanOf(t);
        const lines = [NAME[t.lang], line, ...(counted === undefined ? [] : [STAY[t.lang](t.days + counted)])];
        const text = lines.join('\n');
        const facts = readFacts(text);
        const crossesYear = from.slice(0, 4) !== to.slice(0, 4);
        if (t.withYear || crossesYear) {
          expect([facts.arrival?.iso, facts.departure?.iso], text).toEqual([from, to]);
          expect(text).toContain(facts.arrival!.source);
        }
        // Without a year the stay is the span's nights (a day off when it crosses a 29 February the year may not
        // have), or the length said beside it (a day more when the last day is counted).
        const stay = facts.stay?.days ?? -1;
        if (t.withYear || crossesYear) expect([t.days, t.days + (counted ?? 0)], text).toContain(stay);
        else expect(stay >= t.days - 1 && stay <= t.days + 1 + (counted ?? 0), `${text}\nstay ${stay}`).toBe(true);
        expect(findingsOf(facts), text).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('a length said apart that the span does not fit is raised, naming the span and the length', () => {
    fc.assert(
      fc.property(trip, fc.integer({ min: 2, max: 4 }), (t, factor) => {
        const { line } = spanOf({ ...t, withYear: true });
        const said = t.days * factor + 7;
        const stay = STAY[t.lang](said);
        const text = [NAME[t.lang], line, stay].join('\n');
        const facts = readFacts(text);
        const found = findingsOf(facts).find((f) => f.code === 'datesDisagree');
        expect(found, text).toBeDefined();
        expect(line).toContain(facts.departure!.source);
        expect(stay).toContain(facts.stay!.source);
      }),
      { numRuns: 200 },
    );
  });

  it("an earlier visit's span is not this trip", () => {
    fc.assert(
      fc.property(trip, (t) => {
        const from = isoOf(t.start * DAY);
        const to = isoOf((t.start + t.days) * DAY);
        const text = [NAME[t.lang], `${PAST[t.lang]} ${spanText(t.lang, from, to, t.withYear)}.`].join('\n');
        const facts = readFacts(text);
        expect([facts.arrival, facts.departure, facts.stay], text).toEqual([undefined, undefined, undefined]);
      }),
      { numRuns: 200 },
    );
  });

  it("reads a form's dates in every month of every language, accented ones too ('24-AOÛT-2026', '3-FÉVR-2027', '9-DÉC-2027')", () => {
    fc.assert(
      fc.property(trip, (t) => {
        const from = isoOf(t.start * DAY);
        const to = isoOf((t.start + t.days) * DAY);
        const [arrive, leave] = [FORM_LABELS[t.lang].arrival[t.lead % FORM_LABELS[t.lang].arrival.length]!, FORM_LABELS[t.lang].departure[t.lead % FORM_LABELS[t.lang].departure.length]!];
        const text = [NAME[t.lang], `${arrive}: ${dateText(t.lang, from, 'ceac')}`, `${leave}: ${dateText(t.lang, to, 'ceac')}`].join('\n');
        const facts = readFacts(text);
        expect([facts.arrival?.iso, facts.departure?.iso], text).toEqual([from, to]);
      }),
      { numRuns: 200 },
    );
  });
});
