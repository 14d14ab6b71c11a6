import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../server/services/premium/facts/index';
import { findingsOf } from '../../server/services/premium/rules/index';
import { LANGS } from '../fixtures/premium/applicant';
import { NAME_LINE } from '../fixtures/premium/vocabulary';

// Issue 42: a student enrolled nowhere, told in a sentence ('je ne suis inscrite dans aucun établissement cette
// année', 'I'm not enrolled anywhere this year'), is the school answer's none: against a student's standing it raises
// student-without-school; a school named, or a relative not enrolled, raises nothing.

const STUDENT = { en: ['Occupation: STUDENT', 'I am a student.'], es: ['Ocupación: estudiante', 'Soy estudiante.'], fr: ['Profession : étudiante', 'Je suis étudiante.'], pt: ['Profissão: estudante', 'Sou estudante.'] } as const;
const NOWHERE = {
  en: ["I'm not enrolled anywhere this year.", "I am currently not enrolled in any university.", 'Right now I am not studying at any college.'],
  es: ['No estoy inscrita en ninguna universidad este año.', 'Ahorita no estoy matriculada en ninguna parte.', 'No estoy estudiando en ningún instituto.'],
  fr: ['Je ne suis inscrite dans aucun établissement cette année.', 'Cette année je suis inscrite nulle part.', "Je ne suis inscrite dans aucune université pour l'instant."],
  pt: ['Não estou matriculada em nenhuma faculdade este ano.', 'Não estou inscrita em nenhum curso agora.', 'Não estou matriculada em lugar nenhum.'],
} as const;
const THEIRS = { en: "My son isn't enrolled anywhere this year.", es: 'Mi hijo no está inscrito en ninguna escuela.', fr: "Mon fils n'est inscrit dans aucune école.", pt: 'Meu filho não está matriculado em nenhuma escola.' } as const;

describe('enrolled nowhere, told in a sentence (issue 42)', () => {
  it("against a student's standing raises student-without-school, naming the words", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGS), fc.nat(1), fc.nat(2), fc.boolean(), (lang, s, n, turn) => {
        const lines = [STUDENT[lang][s]!, NOWHERE[lang][n]!];
        const text = [NAME_LINE[lang], ...(turn ? lines.reverse() : lines)].join('\n');
        const facts = readFacts(text);
        expect(findingsOf(facts).some((f) => f.code === 'studentWithoutSchool'), text).toBe(true);
        expect(NOWHERE[lang][n]).toContain(facts.noSchool!.source);
      }),
      { numRuns: 150 },
    );
  });

  it('a relative not enrolled is no answer of the applicant', () => {
    for (const lang of LANGS) {
      const text = [NAME_LINE[lang], STUDENT[lang][1], THEIRS[lang]].join('\n');
      expect(readFacts(text).noSchool, text).toBeUndefined();
    }
  });
});
