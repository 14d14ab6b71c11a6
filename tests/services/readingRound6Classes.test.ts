import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../server/services/ai/builtin/text';
import { askedOfQuestion } from '../../server/services/ai/reading/asked';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure, type Asked, type Reading } from '../../server/services/ai/reading/types';
import { getCatalog } from '../../machines/domain/catalogs/index';
import { tenSectionFields } from '../fixtures/readings/table';

// Issue 42, round 6: the classes development tables D and E showed, each on generated answers, never on their rows:
// who someone is (a sibling is not "other family"), living together and not married, a name typed in lower case that
// starts with its particles, and a "no" that negates its verb (not a correction).

const LANGUAGES: Language[] = ['en', 'es', 'fr', 'pt'];
const read = (asked: Asked, text: string, language: Language): Reading => readAnswer(asked, text, { language, today: new Date('2026-11-29T12:00:00Z') });
const stored = (r: Reading) => (isSure(r) ? r.value : undefined);
const offered = (r: Reading) => (r.outcome === 'value' ? [r.value, ...(r.alternatives ?? [])] : []);
const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;
const ds160 = (id: string) => askedOfQuestion(getCatalog('ds160').questions.find((q) => q.id === id)!);
const RELATIONSHIP = tenSectionFields('2027-03-10')['us-contact-relationship']!.asked;

describe('who someone is, more exactly than "family"', () => {
  const KIN: Record<string, Record<Language, string[]>> = {
    Sibling: { en: ['brother', 'sister', 'older brother'], es: ['hermano', 'hermana', 'hermano mayor'], fr: ['frère', 'sœur', 'grand frère'], pt: ['irmão', 'irmã', 'irmão mais velho'] },
    Parent: { en: ['mother', 'dad'], es: ['madre', 'papá'], fr: ['mère', 'père'], pt: ['mãe', 'pai'] },
    Spouse: { en: ['wife', 'husband'], es: ['esposa', 'marido'], fr: ['femme', 'mari'], pt: ['esposa', 'marido'] },
    Friend: { en: ['friend', 'best friend'], es: ['amigo', 'amiga'], fr: ['ami', 'amie'], pt: ['amigo', 'amiga'] },
  };
  const MY: Record<Language, string[]> = { en: ['my ', '', 'its my '], es: ['mi ', '', 'es mi '], fr: ['mon ', 'ma ', "c'est mon "], pt: ['meu ', 'minha ', 'é meu '] };

  it('stores the exact relationship, never "Other Family Member"', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.constantFrom(...Object.keys(KIN)), fc.nat(), fc.nat(), (language, relation, m, k) => {
        const text = `${pick(MY[language], m)}${pick(KIN[relation]![language], k)}`;
        const r = read(RELATIONSHIP, text, language);
        expect(stored(r), text).not.toBe('Other Family Member');
        expect(offered(r), text).toContain(relation);
      }),
      { numRuns: 150 },
    );
  }, 30_000);

  it('a cousin or an aunt is still other family', () => {
    for (const [language, text] of [['en', 'my cousin'], ['es', 'mi tía'], ['fr', 'mon oncle'], ['pt', 'minha prima']] as const) expect(stored(read(RELATIONSHIP, text, language)), text).toBe('Other Family Member');
  });
});

describe('living together and not married', () => {
  const marital = ds160('marital-status');
  const TOGETHER: Record<Language, string[]> = { en: ['we live together', 'living together'], es: ['vivo con mi pareja', 'vivimos juntos'], fr: ['on vit ensemble', 'nous vivons ensemble'], pt: ['moramos juntos', 'moro junto com meu namorado'] };
  const NOT_MARRIED: Record<Language, string[]> = { en: [', not married', " but we're not married"], es: [', no estamos casados', ' pero no somos casados'], fr: [', pas mariés', " mais on n'est pas mariés"], pt: [', não somos casados', ' mas não estamos casados'] };

  it('offers a domestic partnership or single, never stores one (nor Married)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), fc.nat(), (language, t, n) => {
        const text = `${pick(TOGETHER[language], t)}${pick(NOT_MARRIED[language], n)}`;
        const r = read(marital, text, language);
        expect(stored(r), text).toBeUndefined();
        expect(offered(r), text).toContain('Domestic Partnership');
        expect(offered(r), text).not.toContain('Married');
      }),
      { numRuns: 100 },
    );
  }, 30_000);

  it('a single said outright stays single', () => {
    for (const [language, text] of [['pt', 'solteira, mas moro com meu namorado'], ['en', 'single but living together'], ['es', 'soltera, vivo con mi novio']] as const) expect(stored(read(marital, text, language)), text).toBe('Single');
  });
});

describe('a surname typed in lower case that starts with its particles', () => {
  const lastName = ds160('last-name');
  const PARTICLES = ['de la', 'dos', 'da', 'van der', 'del', 'de'];
  const CORE = ['cruz', 'santos', 'silva', 'berg', 'valle', 'anjos'];
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

  it('takes capitals on every word, as it heads the passport line', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PARTICLES), fc.constantFrom(...CORE), fc.constantFrom(...LANGUAGES), (particle, core, language) => {
        const text = `${particle} ${core}`;
        const r = read(lastName, text, language);
        const got = r.outcome === 'value' ? (r.typed ?? r.value) : '';
        expect(got, text).toBe(text.split(' ').map(cap).join(' '));
      }),
      { numRuns: 60 },
    );
  });

  it('keeps the case a mixed-case name was typed in, and Mc takes its capital', () => {
    expect(stored(read(lastName, 'de la Cruz', 'es'))).toBe('de la Cruz');
    expect(stored(read(lastName, 'van der Berg', 'en'))).toBe('van der Berg');
    expect(stored(read(lastName, 'mcallister', 'en'))).toBe('McAllister');
    expect(stored(read(lastName, 'macy', 'en'))).toBe('Macy');
  });
});

describe('a "no" that negates its verb is no correction', () => {
  it('"…, no estamos casados" reads the whole answer, never the words after the "no" as a new one', () => {
    const marital = ds160('marital-status');
    for (const [language, text] of [['es', 'vivo con mi pareja hace 6 años, no estamos casados'], ['pt', 'moramos juntos há anos, não somos casados'], ['en', 'we live together, no we are not married']] as const)
      expect(stored(read(marital, text, language)), text).not.toBe('Married');
  });
  it('a correction with "no" still corrects', () => {
    expect(stored(read(ds160('marital-status'), 'casado, no, divorciado', 'es'))).toBe('Divorced');
  });
});

describe('answers to another question, and extensions', () => {
  it('a marital status given at a name question is no name', () => {
    for (const [language, text] of [['es', 'casada'], ['en', 'single'], ['pt', 'solteira'], ['fr', 'divorcée']] as const) expect(stored(read(ds160('first-name'), text, language)), text).toBeUndefined();
    expect(stored(read(ds160('last-name'), 'Casado', 'es'))).toBe('Casado');
  });

  it('a phone with an extension or a second line is asked, never stored', () => {
    const phone = ds160('phone-number');
    const EXT: Record<Language, string[]> = { en: [' ext 22', ' ext. 5', ' or my cell', ' x 12'], es: [' ext 22', ' anexo 14', ' interno 3', ' o mi celular'], fr: [' poste 34', ' ou mon portable'], pt: [' ramal 12', ' ou meu celular'] };
    const NUMBER = ['+1 404 555 0131', '+52 55 1234 5678', '+33 6 12 34 56 78', '+55 11 98765-4321'];
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), fc.nat(), (language, n, e) => {
        const text = `${pick(NUMBER, n)}${pick(EXT[language], e)}`;
        expect(stored(read(phone, text, language)), text).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });
});
