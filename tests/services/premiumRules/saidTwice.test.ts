import { describe, expect, it } from 'vitest';
import { homeTies } from '../../../server/services/premium/rules/homeTies';
import { identityDiffers, saidTwice } from '../../../server/services/premium/rules/saidTwice';
import { f, found } from './facts';

// Rules (issue 42): the same thing read in two places (identity, who pays, an earlier visit's length), and ties at
// home against a move.

describe('saidTwice', () => {
  it.each([
    ['parents and a father are the same payer', f({ payers: [{ source: 'FATHER', kind: 'family', who: 'father' }, { source: 'my parents pay for the trip', kind: 'family', who: 'parents' }] }), []],
    ['self, then an uncle pays', f({ payers: [{ source: 'SELF', kind: 'self' }, { source: 'my uncle pays for the trip', kind: 'family', who: 'uncle' }] }), ['payerDisagrees[payers0,payers1]']],
    ['a father, then an uncle', f({ payers: [{ source: 'my father pays', kind: 'family', who: 'father' }, { source: 'mi tío paga', kind: 'family', who: 'tio' }] }), ['payerDisagrees[payers0,payers1]']],
    ['the father, said twice', f({ payers: [{ source: 'FATHER', kind: 'family', who: 'father' }, { source: 'mi padre paga', kind: 'family', who: 'padre' }] }), []],
    ['a visit of 15 days, then of 45, the same year', f({ visitLengths: [{ source: '2023, 15 días', days: 15, year: 2023 }, { source: 'me quedé mes y medio', days: 45, year: 2023 }] }), ['visitLengthDisagrees[visitLengths0,visitLengths1]']],
    ['two weeks and fourteen days agree', f({ visitLengths: [{ source: '2 weeks', days: 14, year: 2019 }, { source: '14 days', days: 14, year: 2019 }] }), []],
    ['two visits of other years', f({ visitLengths: [{ source: '2018, 10 days', days: 10, year: 2018 }, { source: '2022, 60 days', days: 60, year: 2022 }] }), []],
    ['a length without its year, one visit known', f({ visitLengths: [{ source: '2021, 20 dias', days: 20, year: 2021 }, { source: 'fiquei 3 meses', days: 90 }] }), ['visitLengthDisagrees[visitLengths0,visitLengths1]']],
    ['a length without its year, two visits known', f({ visitLengths: [{ source: '2018, 10 days', days: 10, year: 2018 }, { source: 'stayed 3 months', days: 90 }], visits: [{ source: '2022', year: 2022 }] }), []],
  ])('%s', (_, facts, expected) => {
    expect(found(saidTwice(facts))).toEqual(expected);
  });
});

describe('identityDiffers (read and tested, kept out of the live rule book)', () => {
  type Identity = Parameters<typeof identityDiffers>[0];
  it.each<[string, Identity, Identity, boolean]>([
    ['a surname written two ways', { source: 'DE SOUZA LIMA', kind: 'name', value: 'thiago de souza lima' }, { source: 'THIAGO DE SOUSA LIMA', kind: 'name', value: 'thiago de sousa lima' }, true],
    ['a married name is another name, not a misspelling', { source: 'GARCIA LOPEZ', kind: 'name', value: 'maria garcia lopez' }, { source: 'María García de Pérez', kind: 'name', value: 'maria garcia perez' }, false],
    ['a name shortened is the same name', { source: 'GARCIA LOPEZ', kind: 'name', value: 'maria jose garcia lopez' }, { source: 'Maria Garcia', kind: 'name', value: 'maria garcia' }, false],
    ['two birth dates', { source: '14-FEB-1984', kind: 'birthDate', value: '1984-02-14' }, { source: '04 FEB 1984', kind: 'birthDate', value: '1984-02-04' }, true],
    ['the same birth date written twice', { source: '14-FEB-1984', kind: 'birthDate', value: '1984-02-14' }, { source: 'February 14, 1984', kind: 'birthDate', value: '1984-02-14' }, false],
    ['a name and a birth date are not compared', { source: 'X', kind: 'name', value: 'ana lima' }, { source: 'Y', kind: 'birthDate', value: '1984-02-14' }, false],
    ['two passport numbers', { source: 'RD4471902', kind: 'passportNumber', value: 'RD4471902' }, { source: 'RD4417902', kind: 'passportNumber', value: 'RD4417902' }, true],
  ])('%s', (_, a, b, expected) => {
    expect(identityDiffers(a, b)).toBe(expected);
  });
});

describe('homeTies', () => {
  const worker = { employer: { source: 'Kwanza Logística' }, standing: { source: 'Kwanza Logística', kind: 'employee' as const } };
  it.each([
    ['children at home, a plan to settle', f({ ties: [{ source: 'femme + 2 enfants', kind: 'children' }], moves: [{ source: "je m'installe" }] }), ['tiesAgainstMove[ties0,moves0]']],
    ['a job, a plan to marry and stay', f({ ...worker, moves: [{ source: 'ficar por lá e casarmos' }] }), ['tiesAgainstMove[employer,moves0]']],
    ['the house sold is no house kept', f({ ties: [{ source: 'selling my house', kind: 'property' }], moves: [{ source: 'selling my house' }], purpose: { source: 'TOURISM', kinds: ['tourism'] } }), ['tiesAgainstMove[purpose,moves0]']],
    ['a worker away five months, no words of moving (the leave rules ask that)', f({ ...worker, stay: { source: '5 mois', days: 150 } }), []],
    ['no move, no long stay', f({ ...worker, ties: [{ source: 'I own my house', kind: 'property' }] }), []],
  ])('%s', (_, facts, expected) => {
    expect(found(homeTies(facts))).toEqual(expected);
  });
});
