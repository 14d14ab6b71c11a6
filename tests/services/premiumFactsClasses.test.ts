import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../server/services/premium/facts/index';
import { findingsOf } from '../../server/services/premium/rules/index';

// Issue 42: classes of wording found on the hand-written development texts (tests/fixtures/premium/dev), tested on
// generated lines rather than the lines that showed them: a label asked as a question, a contact who is family,
// two trip dates joined in French or Portuguese, a visit that is the trip itself.

const QUESTIONS: Record<'en' | 'es' | 'fr' | 'pt', Array<[string, string]>> = {
  en: [['What is your occupation?', 'role'], ['Any relatives in the US?', 'usFamily'], ['Who is funding the trip?', 'payer'], ['Are you travelling with anyone?', 'companionsDeclared']],
  es: [['¿Cuál es su ocupación?', 'role'], ['¿Tiene familiares en EE. UU.?', 'usFamily'], ['¿Quién financia el viaje?', 'payer'], ['¿Viaja con alguien?', 'companionsDeclared']],
  fr: [['Quelle est votre situation professionnelle ?', 'role'], ['Avez-vous de la famille aux États-Unis ?', 'usFamily'], ['Qui finance le voyage ?', 'payer'], ['Voyagez-vous avec quelqu’un ?'.replace('’', "'"), 'companionsDeclared']],
  pt: [['Qual é a sua profissão?', 'role'], ['Tem parentes nos EUA?', 'usFamily'], ['Quem financia a viagem?', 'payer'], ['Viaja com alguém?', 'companionsDeclared']],
};
const ANSWERS: Record<string, Record<'en' | 'es' | 'fr' | 'pt', string>> = {
  role: { en: 'Nurse', es: 'Enfermera', fr: 'Infirmière', pt: 'Enfermeira' },
  usFamily: { en: 'No', es: 'No', fr: 'Non', pt: 'Não' },
  payer: { en: 'My employer', es: 'Mi empleador', fr: 'Mon employeur', pt: 'Meu empregador' },
  companionsDeclared: { en: 'No', es: 'No', fr: 'Non', pt: 'Não' },
};
const LANGS = ['en', 'es', 'fr', 'pt'] as const;

describe('a label asked as a question (issue 42)', () => {
  it('is read with its answer on the same line or the next, after any prefix a Q&A copy puts', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGS), fc.nat(3), fc.constantFrom('', 'Q: ', 'Q : ', '- ', 'P: ', '1) '), fc.constantFrom('', 'R: ', 'A: ', 'R : ', '- '), fc.boolean(), (lang, i, ask, answer, sameLine) => {
        const [question, fact] = QUESTIONS[lang][i]!;
        const value = ANSWERS[fact]![lang];
        const text = sameLine ? `${ask}${question} ${value}\n` : `${ask}${question}\n${answer}${value}\n`;
        const facts = readFacts(text) as Record<string, { source: string } | undefined>;
        expect(facts[fact]?.source, text).toBe(value);
      }),
      { numRuns: 200 },
    );
  });
});

const RELATIVES = { en: ['brother', 'sister', 'cousin', 'aunt', 'uncle'], es: ['hermano', 'hermana', 'primo', 'tía', 'tío'], fr: ['frère', 'sœur', 'cousin', 'tante', 'oncle'], pt: ['irmão', 'irmã', 'primo', 'tia', 'tio'] };
const CONTACT_LABEL = { en: 'U.S. point of contact', es: 'Persona de contacto en EE. UU.', fr: 'Personne de contact aux États-Unis', pt: 'Pessoa de contato nos EUA' };
const NO_FAMILY = { en: 'Relatives in the U.S.: None', es: 'Familiares en EE. UU.: Ninguno', fr: 'Avez-vous de la famille aux États-Unis ? Non', pt: 'Tem parentes nos EUA? Não' };
const MY = { en: 'my', es: 'mi', fr: 'mon', pt: 'meu' };

describe('a contact who is family (issue 42)', () => {
  it('is a relative in the United States: set against relatives declared as none, in any language', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGS), fc.nat(4), fc.constantFrom('Peter Moore', 'Ana Lima', 'Jean Dupont'), fc.boolean(), (lang, i, name, labelled) => {
        const relative = RELATIVES[lang][i]!;
        const contact = labelled ? `${CONTACT_LABEL[lang]}: ${name}, ${MY[lang]} ${relative}` : { en: `My contact there is ${MY.en} ${relative} ${name}.`, es: `Mi contacto allá es ${MY.es} ${relative} ${name}.`, fr: `Mon contact là-bas est ${MY.fr} ${relative} ${name}.`, pt: `Meu contato lá é o ${MY.pt} ${relative} ${name}.` }[lang];
        const text = `${NO_FAMILY[lang]}\n${contact}\n`;
        const findings = findingsOf(readFacts(text));
        expect(findings.map((x) => x.code), text).toContain('undeclaredFamily');
      }),
      { numRuns: 150 },
    );
  });

  it('is no finding when the family is declared, or the contact is a friend', () => {
    expect(findingsOf(readFacts(`Relatives in the U.S.: Yes, my brother Peter Moore, citizen\nU.S. point of contact: Peter Moore, my brother\n`)).map((x) => x.code)).not.toContain('undeclaredFamily');
    expect(findingsOf(readFacts(`Relatives in the U.S.: None\nU.S. point of contact: Peter Moore, my friend\n`)).map((x) => x.code)).toEqual([]);
  });
});

describe('the trip told as two dates (issue 42)', () => {
  it('reads both days, joined in any language, and never takes the trip for an earlier visit', () => {
    const months = { en: ['June', 'July', 'September'], es: ['junio', 'julio', 'septiembre'], fr: ['juin', 'juillet', 'septembre'], pt: ['junho', 'julho', 'setembro'] };
    fc.assert(
      fc.property(fc.constantFrom(...LANGS), fc.nat(2), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2, max: 15 }), (lang, m, day, length) => {
        const month = months[lang][m]!;
        const [a, b] = [day, day + length];
        const text = {
          en: `Trip: arriving ${a} ${month} 2027, leaving ${b} ${month} 2027, a tourist visit to Miami.`,
          es: `Viaje: del ${a} de ${month} de 2027 al ${b} de ${month} de 2027, visita turística a Miami.`,
          fr: `Du ${a} ${month} 2027 au ${b} ${month} 2027, visite touristique à Miami.`,
          pt: `Vou para Miami de ${a} de ${month} de 2027 até ${b} de ${month} de 2027 a turismo.`,
        }[lang];
        const facts = readFacts(text);
        const mm = String(m + 6 + (m === 2 ? 1 : 0)).padStart(2, '0');
        expect([facts.arrival?.iso, facts.departure?.iso], text).toEqual([`2027-${mm}-${String(a).padStart(2, '0')}`, `2027-${mm}-${String(b).padStart(2, '0')}`]);
        expect(facts.visits ?? [], text).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});

describe('a note that is only the standing, and what sets against it (issue 42)', () => {
  const UNEMPLOYED = { en: ['Unemployed', 'Out of work'], es: ['Desempleado', 'Sin trabajo'], fr: ['Sans emploi', 'Au chômage'], pt: ['Desempregado', 'Sem emprego'] };
  const SINCE = { en: 'since January', es: 'desde enero', fr: 'depuis janvier', pt: 'desde janeiro' };
  const SALARY = { en: 'Salary: 2,800 USD a month', es: 'Salario: 2.800 USD al mes', fr: 'Salaire : 2 800 € par mois', pt: 'Salário: R$ 2.800 por mês' };
  it('reads the standing from a bullet alone and raises a salary without a job, in any language', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGS), fc.nat(1), fc.boolean(), fc.constantFrom('- ', '* ', '• ', ''), (lang, i, since, bullet) => {
        const text = `${bullet}${UNEMPLOYED[lang][i]}${since ? ` ${SINCE[lang]}` : ''}\n${bullet}${SALARY[lang]}\n`;
        const facts = readFacts(text);
        expect(facts.standing?.kind, text).toBe('unemployed');
        expect(findingsOf(facts).map((x) => x.code), text).toContain('notWorkingSalary');
      }),
      { numRuns: 100 },
    );
  });

  it('never takes a visa named first for a student ("Student visa requested")', () => {
    expect(readFacts('Student visa requested for the course\n').standing).toBeUndefined();
  });
});

describe("a companion's refusal told after the companion (issue 42)", () => {
  it.each([
    ["Je pars avec ma femme Julie, à qui l'ambassade a refusé un visa l'an dernier.", 'fr'],
    ['Je voyage avec mon mari, à qui on a refusé le visa en 2022.', 'fr'],
    ['Viajo con mi esposo, a quien le negaron la visa en 2022.', 'es'],
    ['I am travelling with my wife, who was refused a visa in 2022.', 'en'],
  ])('%s is the companion\'s, not the applicant\'s record', (text) => {
    const codes = findingsOf(readFacts(text)).map((x) => x.code);
    expect(codes).toContain('companionStatus');
    expect(codes).not.toContain('refusalOnRecord');
  });
});
