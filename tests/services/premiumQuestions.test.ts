import { describe, expect, it } from 'vitest';
import { finalAnalysis, HELD_BACK_CEILING } from '../../server/services/premium/analysis';
import { evaluationOf, judgeAnswer, type EarlierAnswer } from '../../server/services/premium/evaluate';
import { groundedFacts, readFacts } from '../../server/services/premium/facts/index';
import { absence } from '../../server/services/premium/facts/values';
import { faithful } from '../../server/services/premium/model';
import { MAX_QUESTIONS, MIN_QUESTIONS, planInterview, renderInterview } from '../../server/services/premium/questions';
import { findingsOf } from '../../server/services/premium/rules/index';
import { savedFormText } from '../../server/services/premium/savedForm';
import { readable } from '../../server/services/premium/shape';
import { APPLICANT_TEXTS } from '../fixtures/applicantTexts';
import { validForm } from '../helpers/ds160Form';
import { preparedAnswer } from '../helpers/interviewAnswers';

// Issue 33: the reader, the questions, the judgement of answers and the analysis, without the server.

const interviewOf = (text: string, language: 'es' | 'en' | 'fr' | 'pt' = 'es') => {
  const facts = readFacts(text);
  const findings = findingsOf(facts);
  const plans = planInterview(facts, findings);
  return { facts, findings, plans, questions: renderInterview(plans, facts, findings, language) };
};

describe('reading any layout', () => {
  it.each([
    ['N/A', 'notApplicable'],
    ['n/a', 'notApplicable'],
    ['No aplica', 'notApplicable'],
    ['NO APLICA', 'notApplicable'],
    ['Does Not Apply', 'notApplicable'],
    ['DOES NOT APPLY.', 'notApplicable'],
    ['None', 'none'],
    ['NINGUNO', 'none'],
    ['ninguna', 'none'],
    ['Grupo Bimbo', null],
    ['No', null],
  ])('"%s" is %s', (value, kind) => {
    expect(absence(value)).toBe(kind);
  });

  it('never reads an absence word as a value', () => {
    const facts = readFacts(`Employer: N/A
Ocupación: desempleada
Nombre del empleador: No aplica
Job title: Does not apply
Monthly income: None
Relatives in the U.S.: N/A
Children: ninguno`);
    expect(facts).toMatchObject({ standing: { kind: 'unemployed', source: 'desempleada' } });
    for (const key of ['employer', 'role', 'income', 'usFamily', 'children'] as const) expect(facts[key], key).toBeUndefined();
  });

  it('reads labels in capitals or not, with a colon, a tab, a dash or on the line below', () => {
    const variants = ['EMPLOYER: ACME CORP', 'employer:\tAcme Corp', '• Employer - Acme Corp', 'Present Employer or School Name\nACME CORP'];
    for (const text of variants) expect(readFacts(text).employer?.source.toLowerCase(), text).toBe('acme corp');
  });

  it('keeps the exact characters every fact came from', () => {
    for (const form of APPLICANT_TEXTS) {
      const facts = readFacts(form.text) as Record<string, { source: string; parts?: string[] } | Array<{ source: string }>>;
      for (const [key, fact] of Object.entries(facts)) {
        for (const item of Array.isArray(fact) ? fact : [fact]) {
          expect(form.text, `${form.name}: ${key}`).toContain(item.source);
          for (const part of (item as { parts?: string[] }).parts ?? []) expect(form.text).toContain(part);
        }
      }
    }
  });

  it('collects refusals mentioned anywhere, and not a declaration of none', () => {
    const facts = readFacts('I have never been refused a visa. Actually my application at the Nairobi embassy was turned down in 2021.');
    expect(facts.refusals).toEqual({ source: 'I have never been refused a visa', has: false });
    expect(facts.refusalMentions).toEqual([{ source: 'my application at the Nairobi embassy was turned down in 2021', year: 2021 }]);
    expect(readFacts('Nunca me han negado la visa.').refusalMentions).toBeUndefined();
    // Refusals said without the word: 'no me dieron la visa', 'I didn't get the visa'.
    expect(readFacts('En 2021 no me dieron la visa en Lima.').refusalMentions).toEqual([{ source: 'En 2021 no me dieron la visa en Lima', year: 2021 }]);
    expect(readFacts("In 2020 I didn't get the visa at the embassy in Quito.").refusalMentions?.[0]?.year).toBe(2020);
  });

  it("writes a saved ten-section application as lines the same reader understands", () => {
    const facts = readFacts(savedFormText(JSON.stringify(validForm())));
    expect(facts).toMatchObject({ name: { parts: ['Maria', 'Lopez'] }, employer: { source: 'Acme SA' }, payer: { kind: 'self' }, purpose: { kinds: ['tourism'] } });
    expect(savedFormText('not json')).toBe('');
  });
});

describe('the questions', () => {
  it('say values in the interview language and shape', () => {
    const form = APPLICANT_TEXTS[4]?.text as string;
    const es = interviewOf(form, 'es').questions.map((q) => q.question).join('\n');
    expect(es).toContain('Trabajas en el sector de negocios en Bancolombia S.A., como analista de riesgos.');
    expect(es).toContain('Declaraste: divorciada.');
    expect(es).not.toContain('BANCOLOMBIA');
    const en = interviewOf(form, 'en').questions.map((q) => q.question).join('\n');
    expect(en).toContain('You work in business at Bancolombia S.A., as analista de riesgos.');
    expect(en).toContain('You declared: divorced.');
    expect(interviewOf('Estado civil: MARRIED', 'es').questions.map((q) => q.question).join(' ')).toContain('Declaraste: casado.');
    expect(readable('MINERA LAS BAMBAS S.A.')).toBe('Minera las Bambas S.A.');
  });

  it("follow the officer's order and keep every finding, between six and twelve questions", () => {
    for (const form of APPLICANT_TEXTS) {
      const { questions, findings } = interviewOf(form.text);
      expect(questions.length).toBeGreaterThanOrEqual(MIN_QUESTIONS);
      expect(questions.length).toBeLessThanOrEqual(MAX_QUESTIONS);
      const sections = questions.map((q) => ['purpose', 'ties', 'finances', 'history'].indexOf(q.section));
      expect(sections).toEqual([...sections].sort((a, b) => a - b));
      expect(questions.filter((q) => q.finding).length).toBe(findings.length);
    }
  });

  it('are general only where no fact allows a question, and still six', () => {
    const { questions } = interviewOf('Quiero viajar.');
    expect(questions).toHaveLength(MIN_QUESTIONS);
    expect(questions.every((q) => q.topic.startsWith('general.') && q.cites.length === 0)).toBe(true);
  });

  it('word the same plan in four languages', () => {
    const form = APPLICANT_TEXTS[0]?.text as string;
    const byLanguage = (['es', 'en', 'fr', 'pt'] as const).map((l) => interviewOf(form, l).questions);
    expect(new Set(byLanguage.map((qs) => qs.map((q) => q.topic).join()))).toHaveLength(1);
    expect(byLanguage[2]?.[0]?.question).toMatch(/^Bonjour, Valentina Cárdenas Osorio\./);
    expect(byLanguage[3]?.[0]?.question).toMatch(/^Bom dia, Valentina Cárdenas Osorio\./);
  });
});

describe('judging answers for what they say', () => {
  const form = APPLICANT_TEXTS[5]?.text as string; // José: 37 days away, 15 days of leave, self-paying cashier
  const { facts, findings, plans, questions } = interviewOf(form, 'es');
  const plan = (topic: string) => plans.find((p) => p.topic === topic) as (typeof plans)[number];
  const judge = (topic: string, answer: string, earlier: EarlierAnswer[] = []) => judgeAnswer(plan(topic), answer, facts, findings, earlier);

  it.each([
    ['purpose', 'Turismo.', 'short'],
    ['purpose', 'No sé, tal vez veamos cosas por ahí, depende del clima.', 'vague'],
    ['purpose', 'Voy a visitar a mi tía en Queens y recorrer el Museo Metropolitano y Central Park con ella.', 'good'],
    ['intro', 'Todo lo pago yo con mis ahorros y tengo dinero suficiente en el banco para el viaje.', 'offTopic'],
    ['payer', 'Mi empresa me paga todo el viaje, incluidos los pasajes y el hotel en Manhattan.', 'contradiction'],
    ['trip', 'Me quedaré solo 10 días en un hotel de Manhattan y vuelvo al banco el lunes siguiente.', 'contradiction'],
    ['finding.stayOverLeave', 'No sé, depende.', 'short'],
    ['finding.stayOverLeave', 'Ya veremos qué pasa con el trabajo, no es tan importante por ahora.', 'vague'],
    ['finding.stayOverLeave', 'Pedí 22 días de permiso sin goce de sueldo, aprobados por Recursos Humanos del Banco Atlántida; traigo la carta.', 'good'],
  ])('%s: "%s" is %s', (topic, answer, verdict) => {
    expect(judge(topic, answer).verdict).toBe(verdict);
  });

  it('marks an answer given before as repeated, naming the question', () => {
    const first = 'Soy cajero en el Banco Atlántida desde 2018 y viajo a visitar a mi tía en Nueva York.';
    const j = judge('purpose', first, [{ n: 1, plan: plan('intro'), answer: first }]);
    expect(j).toMatchObject({ verdict: 'repeated', note: { key: 'repeated', n: 1 } });
    expect(evaluationOf(j, facts, 'es').feedback).toBe('Es la misma respuesta que diste a la pregunta 1: cada pregunta necesita su propia respuesta.');
  });

  it('marks an answer that contradicts an earlier answer', () => {
    const earlier = [{ n: 3, plan: plan('trip'), answer: 'Me quedaré del 2 de marzo al 8 de abril, en casa de un amigo en Queens.' }];
    const j = judge('payer', 'Pago yo con mis ahorros; son más de dos meses de viaje, en total unos 65 días.', earlier);
    expect(j.verdict).toBe('contradiction');
  });

  it('says why in the interview language, naming the fact', () => {
    const j = judge('payer', 'Mi empresa me paga todo el viaje, incluidos los pasajes y el hotel en Manhattan.');
    expect(evaluationOf(j, facts, 'es').feedback).toBe('Contradice tu formulario, donde el viaje corre por cuenta de ti mismo.');
    expect(evaluationOf(j, facts, 'en').feedback).toBe('It contradicts your form, where the trip is paid for by yourself.');
    expect(questions.length).toBeGreaterThan(6);
  });
});

describe('the final analysis', () => {
  const form = APPLICANT_TEXTS[0]?.text as string;
  const { facts, findings, plans, questions } = interviewOf(form, 'en');
  it('holds an applicant with an unexplained contradiction back from low risk, and says why', () => {
    const answers = Object.fromEntries(questions.map((q) => [q.id, preparedAnswer(q, 'en')]));
    const judgements = Object.fromEntries(plans.map((p) => [p.id, judgeAnswer(p, answers[p.id] as string, facts, findings, [])]));
    expect(Object.values(judgements).map((j) => j.verdict)).toEqual(plans.map(() => 'good'));
    const unexplained = { ...judgements };
    for (const p of plans.filter((x) => x.finding !== undefined)) unexplained[p.id] = judgeAnswer(p, 'I do not know.', facts, findings, []);
    const a = finalAnalysis(questions, judgements, answers, facts, findings, 'en');
    const b = finalAnalysis(questions, unexplained, answers, facts, findings, 'en');
    expect(b.successProbability).toBeLessThan(a.successProbability);
    expect(b.successProbability).toBeLessThanOrEqual(HELD_BACK_CEILING);
    expect(b.riskLevel).not.toBe('low');
    expect(b.weaknesses[0]).toMatch(/^Not low risk because of the unexplained contradiction of question \d+/);
    expect(b.findings.filter((x) => !x.explained)).toHaveLength(findings.length);
  });

  it('with no answers at all is high risk', () => {
    expect(finalAnalysis(questions, {}, {}, facts, findings, 'es').riskLevel).toBe('high');
  });
});

describe("a model's reading and wording", () => {
  const text = 'Employer: Acme Corp\nLength of stay: 3 weeks\nMonthly income: 2,000 USD';

  it('keeps a fact only where it quotes the text and means what its quote says', () => {
    const kept = groundedFacts(
      {
        employer: { source: 'Acme Corp' },
        role: { source: 'Chief Executive' },
        stay: { source: '3 weeks', days: 60 },
        income: { source: '2,000 USD', monthly: 2000, salary: true },
        refusalMentions: [{ source: 'refused in 2020' }],
        invented: { source: 'Acme Corp' },
      },
      text,
    );
    expect(Object.keys(kept).sort()).toEqual(['employer', 'income']);
  });

  it('keeps a wording only where it names every cited value and adds no figure or name', () => {
    const cites = ['Acme Corp', '3 weeks'];
    expect(faithful('Tell me, how will you leave Acme Corp for 3 weeks?', cites, text)).toBe(true);
    expect(faithful('Tell me, how will you leave your job for 3 weeks?', cites, text)).toBe(false);
    expect(faithful('How will you leave Acme Corp for 3 weeks with your $50,000 savings?', cites, text)).toBe(false);
    expect(faithful('How will you leave Acme Corp for 3 weeks to visit Miami?', cites, text)).toBe(false);
  });
});
