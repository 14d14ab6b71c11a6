import { describe, expect, it } from 'vitest';
import { readFacts, type FactKey } from '../../server/services/premium/facts/index';

// The reader's families of layout, date, amount and wording that the third round of pasted texts (written without
// reading the reader) found missing: each case is one family, not one text.

type Case = [name: string, text: string, expected: Record<string, unknown>, absent?: FactKey[]];

const CASES: Case[] = [
  ['labels with runs of spaces, as a copied page has them', 'Ocupación  principal :   NO TRABAJA\nPersona  que  paga  el  viaje :   SU EMPLEADOR', { standing: { source: 'NO TRABAJA', kind: 'unemployed' }, payer: { source: 'SU EMPLEADOR', kind: 'employer' } }],
  ['a label broken over two lines', 'Fecha de vencimiento\ndel pasaporte :   05 MAY 2027', { passportExpiry: { source: '05 MAY 2027', iso: '2027-05-05' } }],
  ['an answer that reads like a label, under its label', 'Person/Entity Paying for Your Trip\nPRESENT EMPLOYER\n\nReview - Work/Education/Training\nPrimary Occupation\nRETIRED', { payer: { source: 'PRESENT EMPLOYER', kind: 'employer' }, standing: { kind: 'retired' } }],
  ['a chat export: the heads are who and when, not the trip', '[14/05/26, 9:44] Andrés Villalba: se iría el 3 de octubre del 2027 y regresa el 30 de mayo del 2028', { arrival: { iso: '2027-10-03' }, departure: { iso: '2028-05-30' } }],
  ['a chat export of the other kind', '14/05/26 09:44 - Andrés: en el formulario puso que no tiene familiares en Estados Unidos', { usFamily: { source: 'no tiene familiares', has: false } }, ['relatives', 'arrival']],
  ['a date without its year takes the next date’s', 'salimos el 20 de julio y volvemos el 25 de agosto del 2027', { arrival: { source: '20 de julio', iso: '2027-07-20' }, departure: { iso: '2027-08-25' } }],
  ['two dates joined by "to" are the trip', '- fechas: June 12th to July 30th, 2027', { arrival: { iso: '2027-06-12' }, departure: { iso: '2027-07-30' }, stay: { days: 48 } }],
  ['dotted dates are day first, in English too, and a full stop ends the sentence', 'The trip is a conference, arriving 12.06.27 and flying back 19.06.27. My company pays the fee.', { arrival: { iso: '2027-06-12' }, departure: { iso: '2027-06-19' } }],
  ['"3.5M" is three and a half million', '- ingresos aprox: COP 3.5M al mes', { income: { monthly: 3_500_000, currency: 'COP' } }],
  ['"1,8 millones" keeps its fraction', '- presupuesto: 1,8 millones de pesos', { budget: { amount: 1_800_000 } }],
  ['a dot between digits does not end a sentence; "$U" is a currency', 'Mi sueldo es de $U 95.000 por mes; presupuesto aproximado: $U 120.000. Saludos.', { income: { monthly: 95_000, currency: 'UYU' }, budget: { source: '$U 120.000', amount: 120_000, currency: 'UYU' } }],
  ['a currency code before the figure, after "and earn"', 'I work as a pharmacist at Seif Pharmacies in Cairo and earn EGP 28,000 a month.', { income: { source: 'EGP 28,000 a month', monthly: 28_000, currency: 'EGP', salary: true } }],
  ['a currency sign before the figure in a sentence', 'gano Bs 7.500 al mes', { income: { source: 'Bs 7.500 al mes', monthly: 7500, currency: 'BOB' } }],
  ['leave misspelt, and leave as "weeks off"', 'me dan 15 dias de vacasiones al año', { leave: { days: 15 } }],
  ['leave as "weeks off"', 'my boss only gives me 2 weeks off but i will ask for more', { leave: { source: '2 weeks off', days: 14 } }],
  ['an employer named in a text typed in small letters', 'i work as a nurse at chong hua hospital since 2016', { employer: { source: 'chong hua hospital' }, role: { source: 'nurse' } }],
  ['"la empresa Tigo" is Tigo', 'trabajo en la empresa Tigo como tecnico de redes hace 6 años', { employer: { source: 'Tigo' }, role: { source: 'tecnico de redes' } }],
  ['a refusal said as a visa not given', 'well the embassy in manila didnt give me the visa in 2019 bc i had no job then', { refusalMentions: [{ year: 2019 }] }],
  ['a question asks, it records no refusal', '¿Le negaron alguna vez una visa en 2019?', {}, ['refusalMentions']],
  ['a relative who is a student does not make the applicant one', 'Mi hijo es estudiante en Arizona.', {}, ['standing']],
  ['a visa travelled on after a relative is named is the applicant’s', 'quiere ir a visitar a mi hermana que vive en Miami, de turismo con visa B2', { visaClass: { kind: 'B' } }],
  ['a spreadsheet row: a two-year MBA is study', 'Motivo del viaje\tHacer un MBA de dos años en la Universidad de Miami', { purpose: { kinds: ['study'] } }],
  ["a PDF's columns: a run of spaces is the separator, and the label is not part of the note", 'DURACIÓN PREVISTA             9 MESES\n¿HA ESTADO EN EE.UU.?         NO\nCOMENTARIOS                   Visité a mi primo en Denver en el verano de 2021.', { stay: { source: '9 MESES', days: 270 }, previousVisits: { has: false }, visits: [{ year: 2021 }] }, ['nationality']],
  ['emoji as bullets, "nil" as none', '▪️ Job: unemployed since Jan\n▪️ Employer: nil\n▪️ Income: nil\n▪️ Who pays: my employer', { standing: { kind: 'unemployed' }, payer: { kind: 'employer' } }, ['employer', 'income']],
  ['"He is a teacher at …" in a message written for him', 'Writing for my husband (he is at work). He is a math teacher at Delhi Public School, salary 60,000 rupees a month.', { employer: { source: 'Delhi Public School' }, role: { source: 'math teacher' } }],
  ["a relative's job is not the applicant's", 'My brother lives in Pune and he is a doctor at Ruby Hall Clinic.', {}, ['employer']],
  ["a trip's year in a run-on sentence dates no refusal", 'quiero ir del 1 al 31 de julio de 2028 pago yo el pasaje nunca me han negado la visa no tengo familia allá', { refusals: { has: false } }, ['refusalMentions']],
  [
    'Portuguese labels and answers, absences included, dates day first',
    'Profissão: desempregada\nEmpregador atual: não se aplica\nRenda mensal: nenhuma\nQuem paga a viagem: a empresa onde trabalho\nChegada: 12/07/2027\nVolta: 02/08/2027\nVisto negado?: não\nParentes nos EUA: nenhum',
    { standing: { kind: 'unemployed' }, payer: { kind: 'employer' }, arrival: { iso: '2027-07-12' }, departure: { iso: '2027-08-02' }, refusals: { has: false }, usFamily: { has: false } },
    ['employer', 'income'],
  ],
];

describe('reading the layouts and wordings of the third round', () => {
  it.each(CASES)('%s', (_, text, expected, absent = []) => {
    const facts = readFacts(text);
    expect(facts).toMatchObject(expected);
    for (const key of absent) expect(facts[key], key).toBeUndefined();
  });
});
