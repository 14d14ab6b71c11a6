import { describe, expect, it } from 'vitest';
import { finalAnalysis } from '../../server/services/premium/analysis';
import { evaluateAnswer } from '../../server/services/premium/evaluate';
import { groundedFacts, readFacts } from '../../server/services/premium/facts';
import { buildQuestions } from '../../server/services/premium/questions';
import { savedFormText } from '../../server/services/premium/savedForm';
import { PASTED_FORMS } from '../fixtures/pastedForms';
import { validForm } from '../helpers/ds160Form';

// Issue 15: the built-in question builder on pasted DS-160 texts written differently, in Spanish and English.

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('questions built from pasted data', () => {
  for (const language of ['es', 'en'] as const) {
    it(`in ${language}: at least 80% of all questions quote the applicant's words, each quote found in the text`, () => {
      let citing = 0;
      let total = 0;
      for (const form of PASTED_FORMS) {
        const questions = buildQuestions(readFacts(form.text), language);
        expect(questions.length, form.name).toBeGreaterThanOrEqual(6);
        expect(questions.length, form.name).toBeLessThanOrEqual(12);
        for (const q of questions) {
          total += 1;
          for (const cite of q.cites) expect(fold(form.text), `${form.name}: ${cite}`).toContain(fold(cite));
          if (q.cites.length && q.cites.some((cite) => fold(q.question).includes(fold(cite)))) citing += 1;
          expect(q.tips.length).toBeGreaterThan(0);
          expect(['easy', 'medium', 'hard']).toContain(q.difficulty);
        }
      }
      expect(citing / total).toBeGreaterThanOrEqual(0.8);
    });
  }

  for (const form of PASTED_FORMS) {
    it(`${form.name}: every planted contradiction is a question of its own, and nothing else is called one`, () => {
      const topics = buildQuestions(readFacts(form.text), 'en').map((q) => q.topic).filter((t) => t.startsWith('contradiction.'));
      expect(topics.sort()).toEqual([...form.contradictions].sort());
    });
  }

  it('reads the facts a consular officer asks about, from labels and from sentences', () => {
    const pdf = readFacts(PASTED_FORMS[0]?.text ?? '');
    expect(pdf).toMatchObject({
      name: { text: 'Daniela Ramirez Lopez' },
      arrival: { iso: '2027-06-15' },
      stay: { days: 60 },
      payer: { kind: 'self' },
      employer: { text: 'Grupo Bimbo' },
      role: { text: 'Accountant' },
      income: { monthly: 28000 },
      usFamily: { has: true },
      previousVisits: { has: false },
      refusals: { has: false },
      visaClass: { kind: 'B' },
    });
    const free = readFacts(PASTED_FORMS[3]?.text ?? '');
    expect(free).toMatchObject({
      name: { text: 'Lucía Morales Vega' },
      role: { text: 'enfermera' },
      employer: { text: 'el Hospital Ángeles' },
      income: { monthly: 32000 },
      leave: { days: 15 },
      stay: { days: 42 },
      payer: { kind: 'self' },
      usFamily: { has: true },
      previousVisits: { has: true },
      refusals: { has: false },
      marital: { married: true },
    });
    // Day first in Spanish, month first in English.
    expect(readFacts(PASTED_FORMS[2]?.text ?? '').arrival?.iso).toBe('2027-05-12');
    expect(readFacts(PASTED_FORMS[1]?.text ?? '').arrival?.iso).toBe('2027-03-10');
  });

  it("writes a saved ten-section application as lines the same reader understands", () => {
    const facts = readFacts(savedFormText(JSON.stringify(validForm())));
    expect(facts).toMatchObject({ name: { text: 'Maria Lopez' }, employer: { text: 'Acme SA' }, payer: { kind: 'self' }, purpose: { kinds: ['tourism'] } });
    expect(savedFormText('not json')).toBe('');
  });

  it("keeps a model's facts only where they quote the text", () => {
    const text = 'Surnames: PÉREZ\nGiven Names: ANA\nEmployer: Acme';
    const facts = groundedFacts(
      { name: { text: 'Ana Pérez', from: ['ANA', 'pérez'] }, employer: { text: 'Acme' }, role: { text: 'Chief Executive' }, income: { text: '$9,000', monthly: 9000 } },
      text,
    );
    expect(Object.keys(facts).sort()).toEqual(['employer', 'name']);
  });

  it('falls back to general questions when the text says little, and still asks six', () => {
    const questions = buildQuestions(readFacts('Quiero viajar.'), 'es');
    expect(questions).toHaveLength(6);
    expect(questions.filter((q) => q.cites.length === 0).length).toBeGreaterThanOrEqual(3);
  });
});

describe('answers and the final analysis', () => {
  const facts = readFacts(PASTED_FORMS[3]?.text ?? '');
  const questions = buildQuestions(facts, 'en');
  const byTopic = (topic: string) => questions.find((q) => q.topic === topic) ?? (questions[0] as (typeof questions)[number]);

  it('calls an answer short, vague, contradicting the data, or good', () => {
    expect(evaluateAnswer(byTopic('purpose'), 'Vacation.', facts, 'en').verdict).toBe('short');
    expect(evaluateAnswer(byTopic('purpose'), 'Maybe we will see some things there, I guess', facts, 'en').verdict).toBe('vague');
    expect(evaluateAnswer(byTopic('stay'), 'We will stay for 2 weeks in a hotel near Disney.', facts, 'en')).toMatchObject({ verdict: 'contradiction', feedback: 'It contradicts what you declared: your stay is "6 semanas".' });
    expect(evaluateAnswer(byTopic('family'), 'I have no family in the United States at all.', facts, 'en').verdict).toBe('contradiction');
    expect(evaluateAnswer(byTopic('visits'), 'Never, this is my first time going there.', facts, 'en').verdict).toBe('contradiction');
    expect(evaluateAnswer(byTopic('purpose'), 'We will visit Disney World and the Kennedy Space Center with my husband Pedro from 10 July.', facts, 'en').verdict).toBe('good');
  });

  it('ties strengths and weaknesses to the question numbers and facts, and lowers the odds for contradictions', () => {
    const good = Object.fromEntries(questions.map((q) => [q.id, evaluateAnswer(q, 'We fly on 10 July 2027 to Orlando with my husband Pedro and return to the Hospital on 21 August.', facts, 'en')]));
    const stay = byTopic('stay');
    const worse = { ...good, [stay.id]: evaluateAnswer(stay, 'Only 5 days, then home.', facts, 'en') };
    const a = finalAnalysis(questions, good, facts, 'en');
    const b = finalAnalysis(questions, worse, facts, 'en');
    expect(b.successProbability).toBeLessThan(a.successProbability);
    expect(b.weaknesses).toContain(`Question ${questions.indexOf(stay) + 1} (Trip dates): It contradicts what you declared: your stay is "6 semanas".`);
    expect(a.weaknesses.some((w) => w.startsWith('Your data: You will stay "6 semanas"'))).toBe(true);
    expect(a.strengths.some((s) => s.includes('enfermera, el Hospital Ángeles'))).toBe(true);
    expect(a.recommendations.some((r) => r.includes('bank statements'))).toBe(true);
    const none = finalAnalysis(questions, {}, facts, 'es');
    expect(none.riskLevel).toBe('high');
    expect(none.weaknesses.filter((w) => w.endsWith('sin respuesta.'))).toHaveLength(questions.length);
  });
});
