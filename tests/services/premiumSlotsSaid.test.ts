import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFacts, type ApplicantFacts } from '../../server/services/premium/facts/index';
import { fold } from '../../server/services/ai/builtin/text';
import { currencyOf } from '../../server/services/premium/numbers';
import { findingsOf, type Finding } from '../../server/services/premium/rules/index';

// Issue 42, fourth round: more slots stated twice, as people write them in four languages (who pays, an overstay
// declared none yet told, children called as people call them, an income's currency beside a gloss in dollars).
// The phrasings are written from how people say these things, not from any test set.

type Lang = 'en' | 'es' | 'fr' | 'pt';
type Payer = 'self' | 'employer' | 'family';
const LANGS: Lang[] = ['en', 'es', 'fr', 'pt'];

const PAYER_SAID: Record<Lang, Record<Payer, string[]>> = {
  en: {
    self: ["I'm paying for the whole trip myself.", 'I cover all the costs with my savings.'],
    employer: ['My company is paying for the trip.', 'The trip is covered by my employer.'],
    family: ['My parents are paying for the trip.', 'My dad covers all the costs.'],
  },
  es: {
    self: ['El viaje lo pago yo con mis ahorros.', 'Todos los gastos los cubro yo.'],
    employer: ['La empresa me paga el viaje.', 'Los gastos los cubre mi empresa.'],
    family: ['Mis papás corren con los gastos.', 'El viaje me lo paga mi papá.'],
  },
  fr: {
    self: ['Je paie le voyage moi-même.', 'Je finance tout le voyage avec mes économies.'],
    employer: ['Mon employeur prend en charge le voyage.', "C'est mon entreprise qui paie le voyage."],
    family: ['Mes parents paient le voyage.', "C'est mon père qui paie tout le voyage."],
  },
  pt: {
    self: ['Eu mesmo pago a viagem.', 'Vou bancar a viagem com minhas economias.'],
    employer: ['A empresa vai pagar a viagem.', 'Quem paga a viagem é a minha empresa.'],
    family: ['Meus pais vão custear a viagem.', 'Quem paga a viagem é o meu pai.'],
  },
};
const PAYER_LABEL: Record<Lang, [string, Record<Payer, string>]> = {
  en: ['Person paying for your trip', { self: 'SELF', employer: 'MY COMPANY', family: 'MY FATHER' }],
  es: ['Quién paga el viaje', { self: 'YO MISMO', employer: 'MI EMPRESA', family: 'MI PADRE' }],
  fr: ['Qui paie le voyage', { self: 'MOI-MÊME', employer: 'MON EMPLOYEUR', family: 'MON PÈRE' }],
  pt: ['Quem paga a viagem', { self: 'EU MESMO', employer: 'MEU EMPREGADOR', family: 'MEU PAI' }],
};
const payerStated = (lang: Lang, payer: Payer, labelled: boolean, k: number) =>
  labelled ? `${PAYER_LABEL[lang][0]}: ${PAYER_LABEL[lang][1][payer]}` : PAYER_SAID[lang][payer][k % 2]!;

const OVERSTAY_TOLD: Record<Lang, string[]> = {
  en: ['Back in 2017 I stayed two months longer than I was allowed.', 'I overstayed my visa by 3 weeks in 2016.'],
  es: ['En 2015 me quedé 2 meses más de lo permitido.', 'En 2016 me pasé 3 semanas de la fecha del I-94.'],
  fr: ["En 2018 j'ai dépassé mon séjour de trois semaines.", 'En 2017 je suis resté plus longtemps que permis.'],
  pt: ['Em 2016 fiquei 2 meses além do permitido.', 'Em 2017 acabei ficando 3 semanas a mais do que podia.'],
};
const OVERSTAY_DECLARED: Record<Lang, string> = {
  en: 'Have you ever overstayed a U.S. visa? NO',
  es: '¿Alguna vez se ha quedado más tiempo del permitido?: NO',
  fr: 'Avez-vous déjà dépassé la durée de séjour autorisée ? NON',
  pt: 'Já ficou além do prazo permitido? NÃO',
};
const HEAD: Record<Lang, string> = { en: 'Notes for my visa interview', es: 'Notas para mi entrevista', fr: 'Notes pour mon entretien', pt: 'Notas para minha entrevista' };

/** Each side of a finding quotes one of the two statements. */
function namesBoth(facts: ApplicantFacts, found: Finding | undefined, a: string, b: string): boolean {
  if (!found) return false;
  const sources = found.sides.map((s) => {
    const fact = facts[s.fact as keyof ApplicantFacts] as unknown;
    const item = Array.isArray(fact) ? fact[s.index ?? 0] : fact;
    return (item as { source?: string } | undefined)?.source ?? '';
  });
  return sources.some((q) => q && a.includes(q)) && sources.some((q) => q && b.includes(q));
}

describe('who pays, said twice (issue 42)', () => {
  const said = fc.record({ lang: fc.constantFrom(...LANGS), payer: fc.constantFrom<Payer>('self', 'employer', 'family'), shift: fc.integer({ min: 1, max: 2 }), labelled: fc.boolean(), k: fc.nat(3) });

  it('the same payer said two ways raises nothing', () => {
    fc.assert(
      fc.property(said, ({ lang, payer, labelled, k }) => {
        const text = [HEAD[lang], payerStated(lang, payer, labelled, k), payerStated(lang, payer, false, k + 1)].join('\n');
        expect(findingsOf(readFacts(text)).map((f) => f.code), text).not.toContain('payerDisagrees');
      }),
      { numRuns: 60, seed: 4261 },
    );
  }, 20_000);

  it('two payers raise payerDisagrees, quoting both', () => {
    fc.assert(
      fc.property(said, ({ lang, payer, shift, labelled, k }) => {
        const order: Payer[] = ['self', 'employer', 'family'];
        const other = order[(order.indexOf(payer) + shift) % 3]!;
        const a = payerStated(lang, payer, labelled, k);
        const b = payerStated(lang, other, false, k + 1);
        const text = [HEAD[lang], a, b].join('\n');
        const facts = readFacts(text);
        expect(namesBoth(facts, findingsOf(facts).find((f) => f.code === 'payerDisagrees'), a, b), text).toBe(true);
      }),
      { numRuns: 60, seed: 4262 },
    );
  }, 20_000);

  it('the applicant named as such is the applicant paying', () => {
    const named: Record<Lang, string> = { en: 'THE APPLICANT', es: 'EL SOLICITANTE', fr: 'LE DEMANDEUR', pt: 'O REQUERENTE' };
    for (const lang of LANGS) {
      const form = `${PAYER_LABEL[lang][0]}: ${named[lang]}`;
      expect(findingsOf(readFacts([form, '', HEAD[lang], PAYER_SAID[lang].self[0]].join('\n'))).map((f) => f.code)).not.toContain('payerDisagrees');
      const told = PAYER_SAID[lang].employer[0]!;
      const facts = readFacts([form, '', HEAD[lang], told].join('\n'));
      expect(namesBoth(facts, findingsOf(facts).find((f) => f.code === 'payerDisagrees'), form, told), `${lang} ${told}`).toBe(true);
    }
  });
});

describe('an overstay declared none, yet told (issue 42)', () => {
  it('is raised naming the form’s answer and the story, in every language and phrasing', () => {
    for (const lang of LANGS) {
      for (const told of OVERSTAY_TOLD[lang]) {
        const text = [OVERSTAY_DECLARED[lang], '', HEAD[lang], told].join('\n');
        const facts = readFacts(text);
        expect(namesBoth(facts, findingsOf(facts).find((f) => f.code === 'undeclaredOverstay'), OVERSTAY_DECLARED[lang], told), text).toBe(true);
      }
    }
  });

  it('declared none and told none raises nothing', () => {
    for (const lang of LANGS) expect(findingsOf(readFacts([OVERSTAY_DECLARED[lang], '', HEAD[lang], PAYER_SAID[lang].self[0]].join('\n'))).map((f) => f.code)).toEqual([]);
  });
});

describe('children called as people call them (issue 42)', () => {
  const CHILDREN: Record<Lang, (n: number) => string[]> = {
    en: (n) => [`I have ${n} little girls.`, `I've got ${n} boys.`],
    es: (n) => [`Tengo ${n} nenas.`, `Soy mamá de ${n} niños.`],
    fr: (n) => [`J'ai ${n} gamins.`, `Nous avons ${n} filles.`],
    pt: (n) => [`Sou mãe de ${n} meninas.`, `Tenho ${n} crianças.`],
  };
  const LABEL: Record<Lang, string> = { en: 'Number of children', es: 'Número de hijos', fr: "Nombre d'enfants", pt: 'Número de filhos' };

  it('the same count raises nothing and another count is raised', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGS), fc.integer({ min: 2, max: 4 }), fc.integer({ min: 1, max: 2 }), fc.nat(1), (lang, n, shift, k) => {
        const said = CHILDREN[lang](n)[k]!;
        const agree = readFacts([`${LABEL[lang]}: ${n}`, '', HEAD[lang], said].join('\n'));
        expect(findingsOf(agree).map((f) => f.code)).not.toContain('situationDisagrees');
        const form = `${LABEL[lang]}: ${n + shift}`;
        const facts = readFacts([form, '', HEAD[lang], said].join('\n'));
        expect(namesBoth(facts, findingsOf(facts).find((f) => f.code === 'situationDisagrees'), form, said), said).toBe(true);
      }),
      { numRuns: 40, seed: 4263 },
    );
  }, 20_000);
});

describe('an amount’s currency (issue 42)', () => {
  const CODES = [['ARS', 'ars'], ['COP', 'cop'], ['BRL', 'r$'], ['EUR', 'eur'], ['NGN', 'ngn'], ['MXN', 'mxn']] as const;
  it('is the one written beside the amount, not a gloss in dollars', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CODES), fc.integer({ min: 100, max: 9_000_000 }), fc.boolean(), fc.constantFrom('(unos {} dólares al cambio)', '(about {} USD)', '— environ {} dollars', '(uns {} dólares)'), (code, amount, before, gloss) => {
        const written = before ? `${code[1]} ${amount}` : `${amount} ${code[1]}`;
        expect(currencyOf(fold(`${written} ${gloss.replace('{}', String(Math.round(amount / 1000)))}`))).toBe(code[0]);
        expect(currencyOf(fold(gloss.replace('{}', String(amount))))).toBe('USD');
      }),
      { numRuns: 100, seed: 4264 },
    );
  });
});

describe('work or a degree told against a visitor visa (issue 42)', () => {
  const VISA: Record<Lang, string> = { en: 'Visa class: B-2', es: 'Tipo de visa: B-2', fr: 'Type de visa : B-2', pt: 'Tipo de visto: B-2' };
  const TOLD: Record<Lang, string[]> = {
    en: ["I'm going to work at my cousin's restaurant for the summer.", "I'm enrolled in a full-time MBA program at NYU."],
    es: ['Voy a trabajar en la construcción con mi tío.', 'Me ofrecieron un trabajo en un hotel de Orlando.'],
    fr: ['Je vais travailler dans le restaurant de mon oncle.', 'Je vais faire un stage rémunéré à Boston.'],
    pt: ['Vou trabalhar numa obra em Newark.', 'Fui aceito num mestrado na universidade de Miami.'],
  };
  const AT_HOME: Record<Lang, string[]> = {
    en: ['I work at a bank in Lagos.', "I'm not going to work there, only sightseeing.", "I'll be back to work on Monday the 14th."],
    es: ['Trabajo en un banco en Bogotá.', 'No voy a trabajar allá, solo a pasear.', 'Mi hermano va a trabajar en Miami.'],
    fr: ['Je travaille dans une banque à Dakar.', 'Je ne vais pas travailler là-bas.', "J'aimerais étudier un jour à Boston."],
    pt: ['Trabalho num banco em Luanda.', 'Não vou trabalhar lá, só passear.', 'Ao voltar vou trabalhar na mesma empresa.'],
  };

  it('is raised naming the visa and the sentence', () => {
    for (const lang of LANGS) {
      for (const told of TOLD[lang]) {
        const facts = readFacts([VISA[lang], '', HEAD[lang], told].join('\n'));
        expect(namesBoth(facts, findingsOf(facts).find((f) => f.code === 'purposeVisaMismatch'), VISA[lang], told), told).toBe(true);
      }
    }
  });

  it('a job at home, a no, a relative’s work, a wish or the return raise nothing', () => {
    for (const lang of LANGS) for (const said of AT_HOME[lang]) expect(findingsOf(readFacts([VISA[lang], '', HEAD[lang], said].join('\n'))).map((f) => f.code), said).toEqual([]);
  });
});

describe('a refusal or a relative declared none, yet told as people tell it (issue 42)', () => {
  const DECLARED: Record<Lang, [string, string]> = {
    en: ['Have you ever been refused a U.S. visa? No', 'Relatives in the U.S.: NO'],
    es: ['¿Le han negado la visa?: NO', 'Familiares en EE.UU.: NO'],
    fr: ['Visa refusée : NON', 'Famille aux USA : NON'],
    pt: ['Visto negado: NÃO', 'Parentes nos EUA: NÃO'],
  };
  const TOLD: Record<Lang, [string[], string[]]> = {
    en: [['They turned me down at the embassy back in 2019.', 'My first application in 2020 was denied under 214b.'], ['My brother Kevin lives in Dallas.', 'I will stay with my aunt in Miami.']],
    es: [['La otra vez en 2019 no me la dieron.', 'En 2021 me rebotaron la visa.'], ['Me voy a quedar en casa de mi tía en Houston.', 'Mi hermano trabaja en Miami desde 2015.']],
    fr: [["En 2019 ma demande a été refusée à l'ambassade.", "En 2018 ils ne m'ont pas donné le visa."], ['Je vais loger chez mon oncle à Chicago.', 'Ma sœur habite à Boston.']],
    pt: [['Em 2018 não me deram o visto.', 'Em 2018 meu pedido de visto foi negado.'], ['Vou ficar na casa da minha prima em Orlando.', 'Meu irmão mora em Boston.']],
  };
  const NEVER: Record<Lang, string> = {
    en: 'They never turned me down.',
    es: 'Nunca me han negado la visa.',
    fr: "On ne m'a jamais refusé de visa.",
    pt: 'Nunca tive o visto negado.',
  };

  it('is raised naming the form’s answer and the story', () => {
    for (const lang of LANGS) {
      for (const [k, code] of [[0, 'undeclaredRefusal'], [1, 'undeclaredFamily']] as const) {
        for (const told of TOLD[lang][k]) {
          const form = DECLARED[lang][k];
          const facts = readFacts([form, '', HEAD[lang], told].join('\n'));
          expect(namesBoth(facts, findingsOf(facts).find((f) => f.code === code), form, told), `${lang} ${told}`).toBe(true);
        }
      }
    }
  });

  it('a "never" told beside the form’s no raises nothing', () => {
    for (const lang of LANGS) expect(findingsOf(readFacts([DECLARED[lang][0], '', HEAD[lang], NEVER[lang]].join('\n'))).map((f) => f.code), NEVER[lang]).toEqual([]);
  });
});

describe('a passport’s end and a count of children told in passing (issue 42)', () => {
  const TRIP: Record<Lang, string> = {
    en: 'Arrival: 10/06/2027\nDeparture: 30/07/2027',
    es: 'Fecha de llegada: 10/06/2027\nFecha de salida: 30/07/2027',
    fr: "Date d'arrivée : 10/06/2027\nDate de départ : 30/07/2027",
    pt: 'Data de chegada: 10/06/2027\nData de saída: 30/07/2027',
  };
  const ENDS: Record<Lang, string[]> = {
    en: ['My passport expires in July 2027.', 'Passport good until 15/07/2027.'],
    es: ['El pasaporte se me vence en julio del 2027.', 'Mi pasaporte vence el 15 de julio de 2027.'],
    fr: ['Mon passeport expire le 15 juillet 2027.', 'Passeport valable jusqu’au 15/07/2027.'],
    pt: ['O passaporte tá valendo até julho de 2027.', 'Meu passaporte vence em 15/07/2027.'],
  };
  it('a passport ending with the trip or before it is raised, naming the date told', () => {
    for (const lang of LANGS) {
      for (const told of ENDS[lang]) {
        const facts = readFacts([TRIP[lang], '', HEAD[lang], told].join('\n'));
        const found = findingsOf(facts).find((f) => f.code === 'passportBeforeTrip' || f.code === 'passportWithinSixMonths');
        expect(found && told.includes(facts.passportExpiry!.source), told).toBe(true);
      }
    }
  });

  const MINE: Record<Lang, (n: string) => string> = {
    en: (n) => `My ${n} kids stay with my mom.`,
    es: (n) => `Mis ${n} hijos se quedan con mi mamá.`,
    fr: (n) => `Nos ${n} enfants restent chez ma mère.`,
    pt: (n) => `Meus ${n} filhos ficam com minha mãe.`,
  };
  const WORDS: Record<Lang, string[]> = { en: ['two', 'three'], es: ['dos', 'tres'], fr: ['deux', 'trois'], pt: ['dois', 'três'] };
  it('"my three kids" is a count of children', () => {
    for (const lang of LANGS) {
      const told = MINE[lang](WORDS[lang][1]!);
      const form = `Number of children: 2`;
      const facts = readFacts([form, '', HEAD[lang], told].join('\n'));
      expect(namesBoth(facts, findingsOf(facts).find((f) => f.code === 'situationDisagrees'), form, told), told).toBe(true);
      expect(findingsOf(readFacts([form, '', HEAD[lang], MINE[lang](WORDS[lang][0]!)].join('\n'))).map((f) => f.code)).toEqual([]);
    }
  });
});
