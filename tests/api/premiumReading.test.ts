import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinalAnalysisDto, InterviewLanguage, InterviewQuestionDto } from '../../openapi/schemas/premium';
import { APPLICANT_TEXTS, APPLICANT_TEXTS_ROUND3, APPLICANT_TEXTS_ROUND4, CLEAN_TEXTS, SECOND_ROUND, type ApplicantText, type Planted, type RoundThreeText } from '../fixtures/applicantTexts';
import { PASTED_FORMS } from '../fixtures/pastedForms';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';
import { EVASIVE, preparedAnswer } from '../helpers/interviewAnswers';
import { paidPremiumCode } from '../helpers/premium';

// Issue 33 on the real server: pasted texts written in the four ways applicants paste them, in Spanish and English,
// each with planted contradictions and absences. The questions must cite the applicant's data (at least 90%),
// every planted contradiction must be a question naming both sides, no absence word may be read as a value, and
// the final analysis' risk must move with what the rule book found and with how it was answered.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

type Post = (url: string, payload?: unknown) => Promise<{ statusCode: number; json: () => any }>;

let client = 0;
/** A browser session that entered a paid Premium code. */
async function verified(): Promise<Post> {
  client += 1;
  const remoteAddress = `10.33.${(client >> 8) & 255}.${client & 255}`;
  let cookie: string | undefined;
  const post: Post = async (url, payload) => {
    const res = await t.app.inject({ method: 'POST', url, remoteAddress, payload: payload as Record<string, unknown>, headers: cookie ? { cookie } : {} });
    cookie = sessionCookie(res) ?? cookie;
    return res;
  };
  expect((await post('/api/premium/verify-access', { code: await paidPremiumCode(t) })).json().valid).toBe(true);
  return post;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

async function interview(text: string, language: InterviewLanguage) {
  const post = await verified();
  const prep = await post('/api/premium/interview-prep', { formData: text, language });
  expect(prep.statusCode, prep.json().message).toBe(200);
  return { post, questions: prep.json().questions as InterviewQuestionDto[], interviewId: prep.json().interviewId as string };
}

async function analysed(post: Post, questions: InterviewQuestionDto[], answer: (q: InterviewQuestionDto) => string, language: 'es' | 'en'): Promise<FinalAnalysisDto> {
  for (const q of questions) expect((await post('/api/premium/evaluate-answer', { questionId: q.id, answer: answer(q), language })).statusCode).toBe(200);
  const res = await post('/api/premium/final-analysis', { answers: {}, language });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A question cites the applicant's data when it names a value that quotes the pasted text. */
const cites = (q: InterviewQuestionDto, text: string) => q.cites.length > 0 && q.cites.every((c) => text.includes(c.source) && q.question.includes(c.shown));

describe('questions from pasted texts in four layouts (issue 33)', () => {
  const shares: Record<string, [number, number]> = {};
  const perText: string[] = [];
  afterAll(() => {
    for (const [key, [citing, total]] of Object.entries(shares)) console.log(`premium questions citing the applicant's data, ${key}: ${citing}/${total} (${Math.round((100 * citing) / total)}%)`);
    console.log(perText.join('\n'));
  });

  for (const form of [...APPLICANT_TEXTS, ...SECOND_ROUND]) {
    it(form.name, async () => {
      const { questions, interviewId } = await interview(form.text, form.language);
      expect(questions.length).toBeGreaterThanOrEqual(6);
      expect(questions.length).toBeLessThanOrEqual(12);
      const citing = questions.filter((q) => cites(q, form.text)).length;
      for (const key of [form.language, 'all']) {
        const [c, n] = shares[key] ?? [0, 0];
        shares[key] = [c + citing, n + questions.length];
      }
      perText.push(`  ${citing}/${questions.length} ${form.name}`);
      // Every citation is the applicant's own characters, said in the question.
      for (const q of questions) for (const c of q.cites) {
        expect(form.text, `${q.id} cites "${c.source}"`).toContain(c.source);
        expect(q.question, `${q.id} says "${c.shown}"`).toContain(c.shown);
      }
      expectPlanted(form, questions);
      // The officer's order: purpose, ties, finances, history.
      const order = questions.map((q) => ['purpose', 'ties', 'finances', 'history'].indexOf(q.section));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      // An absence word is never read as a value, in the questions or in what the server keeps.
      const row = await t.app.db.selectFrom('premium_interviews').select('facts').where('id', '=', interviewId).executeTakeFirstOrThrow();
      const facts = JSON.parse(row.facts) as Record<string, unknown>;
      for (const absent of form.absent) {
        expect(facts[absent], `${absent} was read from an absence word`).toBeUndefined();
        expect(questions.flatMap((q) => q.cites).filter((c) => c.fact === absent)).toEqual([]);
      }
      expect(questions.map((q) => q.question).join(' ')).not.toMatch(/\b(N\/A|No aplica|NO APLICA|Does not apply|DOES NOT APPLY)\b/);
    });
  }

  it('cites the applicant in at least 90% of the questions, in each language', () => {
    for (const key of ['es', 'en']) {
      const [citing, total] = shares[key] ?? [0, 1];
      expect(citing / total, key).toBeGreaterThanOrEqual(0.9);
    }
  });
});

/** Each planted contradiction is a question of its own, naming both sides as the text has them; nothing else is one. */
function expectPlanted(form: ApplicantText, questions: InterviewQuestionDto[]): void {
  const raised = questions.filter((q) => q.finding?.kind === 'contradiction');
  expect(raised.map((q) => q.finding?.code).sort()).toEqual(form.contradictions.map((c) => c.code).sort());
  for (const planted of [...form.contradictions, ...form.risks]) {
    const q = questions.find((x) => x.finding?.code === planted.code);
    expect(q, `${planted.code} is asked`).toBeDefined();
    const sides = q?.finding?.sides ?? [];
    expect(sides.length, `${planted.code} names its sides`).toBeGreaterThanOrEqual(planted.sides.length);
    for (const piece of planted.sides) {
      const side = sides.find((s) => s.source.includes(piece) || piece.includes(s.source));
      expect(side, `${planted.code}: a side quotes "${piece}" (sides: ${sides.map((s) => s.source).join(' | ')})`).toBeDefined();
      expect(q?.question, `${planted.code} names "${side?.shown}"`).toContain(side?.shown);
    }
  }
}

/** Where a planted finding was not raised as a question naming both sides: what is missing, or nothing. */
function plantedMiss(planted: Planted, questions: InterviewQuestionDto[]): string | undefined {
  const q = questions.find((x) => x.finding?.code === planted.code);
  if (!q) return `${planted.code} not asked`;
  const sides = q.finding?.sides ?? [];
  for (const piece of planted.sides) {
    const side = sides.find((s) => s.source.includes(piece) || piece.includes(s.source));
    if (!side) return `${planted.code}: no side quotes "${piece}" (sides: ${sides.map((s) => s.source).join(' | ')})`;
    if (!q.question.includes(side.shown)) return `${planted.code}: the question does not say "${side.shown}"`;
  }
  return undefined;
}

// The third round (tests/fixtures/applicantTextsRound3.ts) was written without reading the reader or the rule
// book, the fourth after its fixes. Their figures are counted and printed rather than failing text by text, so each
// first run could be recorded as it was; the floors below are the figures reached after the general fixes, and a
// wrong fact (an absence read as a value, a finding on a clean text, a refusal where none is recorded) is held at zero.
/** A round of texts tallied as a whole; `round` names it in what is printed. */
function tallied(round: string, texts: readonly RoundThreeText[]): void {
  const tally = { planted: 0, raised: 0, risks: 0, risksFound: 0, extra: 0, extraRisks: 0, phantomRefusals: 0, cleanAlarms: 0, citing: 0, asked: 0, absentRead: 0, orderBroken: 0 };
  const notes: string[] = [];
  afterAll(() => {
    const share = (a: number, b: number) => `${a}/${b} (${Math.round((100 * a) / Math.max(b, 1))}%)`;
    console.log(
      [
        `${round}: contradictions planted and raised naming both sides ${share(tally.raised, tally.planted)}`,
        `${round}: risks planted and found ${share(tally.risksFound, tally.risks)}`,
        `${round}: findings on clean texts (false alarms) ${tally.cleanAlarms}; contradictions raised that were not planted ${tally.extra}`,
        `${round}: risks raised that were not planted ${tally.extraRisks}, of them a refusal on a text that records none ${tally.phantomRefusals}`,
        `${round}: questions citing the applicant ${share(tally.citing, tally.asked)}`,
        `${round}: absence words read as values ${tally.absentRead}; questions out of the officer's order ${tally.orderBroken}`,
        ...notes,
      ].join('\n'),
    );
  });

  for (const form of texts) {
    it(form.name, async () => {
      const { questions, interviewId } = await interview(form.text, form.language);
      expect(questions.length).toBeGreaterThanOrEqual(6);
      const citing = questions.filter((q) => cites(q, form.text)).length;
      tally.citing += citing;
      tally.asked += questions.length;
      const missed = [...form.contradictions, ...form.risks].map((p) => plantedMiss(p, questions));
      const raised = missed.slice(0, form.contradictions.length).filter((m) => !m).length;
      tally.planted += form.contradictions.length;
      tally.raised += raised;
      tally.risks += form.risks.length;
      tally.risksFound += missed.slice(form.contradictions.length).filter((m) => !m).length;
      const planted = new Set<string>(form.contradictions.map((c) => c.code));
      const extra = questions.filter((q) => q.finding?.kind === 'contradiction' && !planted.has(q.finding.code)).map((q) => q.finding?.code);
      tally.extra += extra.length;
      const plantedRisks = new Set<string>(form.risks.map((r) => r.code));
      const extraRisks = questions.filter((q) => q.finding?.kind === 'risk' && !plantedRisks.has(q.finding.code)).map((q) => q.finding?.code);
      tally.extraRisks += extraRisks.length;
      // A refusal read where the text records none (from the form's own question, say) is a wrong fact.
      if (!form.refusalOnRecord) tally.phantomRefusals += extraRisks.filter((code) => code === 'refusalOnRecord').length;
      const clean = form.contradictions.length + form.risks.length === 0;
      const alarms = clean ? questions.filter((q) => q.finding).map((q) => q.finding?.code) : [];
      tally.cleanAlarms += alarms.length;
      const order = questions.map((q) => ['purpose', 'ties', 'finances', 'history'].indexOf(q.section));
      if (order.join() !== [...order].sort((a, b) => a - b).join()) tally.orderBroken += 1;
      const row = await t.app.db.selectFrom('premium_interviews').select('facts').where('id', '=', interviewId).executeTakeFirstOrThrow();
      const facts = JSON.parse(row.facts) as Record<string, unknown>;
      const absentRead = form.absent.filter((key) => facts[key] !== undefined || questions.some((q) => q.cites.some((c) => c.fact === key)));
      tally.absentRead += absentRead.length;
      notes.push(
        [
          `  ${form.name}: ${raised}/${form.contradictions.length} raised, ${citing}/${questions.length} citing`,
          ...missed.filter(Boolean).map((m) => `    missed ${m}`),
          ...extra.map((code) => `    not planted: ${code}`),
          ...extraRisks.map((code) => `    risk not planted: ${code}`),
          ...alarms.map((code) => `    false alarm: ${code}`),
          ...absentRead.map((key) => `    absence read as ${key}: ${JSON.stringify(facts[key])}`),
        ].join('\n'),
      );
      // Every citation is still the applicant's own characters, said in the question.
      for (const q of questions) for (const c of q.cites) {
        expect(form.text, `${q.id} cites "${c.source}"`).toContain(c.source);
        expect(q.question, `${q.id} says "${c.shown}"`).toContain(c.shown);
      }
    });
  }

  it('raises the planted contradictions, cites the applicant, and reads no absence and no clean text wrongly', () => {
    expect(tally.absentRead).toBe(0);
    expect(tally.cleanAlarms).toBe(0);
    expect(tally.extra).toBe(0);
    expect(tally.phantomRefusals).toBe(0);
    expect(tally.orderBroken).toBe(0);
    expect(tally.raised).toBe(tally.planted);
    expect(tally.risksFound).toBe(tally.risks);
    expect(tally.citing / tally.asked).toBeGreaterThanOrEqual(0.9);
  });
}

describe('a third round of texts written without reading the rules (issue 33)', () => tallied('round 3', APPLICANT_TEXTS_ROUND3));
describe('a fourth round, written after the third round’s fixes to check they were general (issue 33)', () => tallied('round 4', APPLICANT_TEXTS_ROUND4));

describe("the older texts of issue 15, read by the same rule book", () => {
  for (const form of PASTED_FORMS) {
    it(`${form.name}: cites the applicant, each side of each finding named`, async () => {
      const language = form.language;
      const { questions } = await interview(form.text, language);
      expect(questions.filter((q) => cites(q, form.text)).length / questions.length).toBeGreaterThanOrEqual(0.85);
      expect(questions.filter((q) => q.finding?.kind === 'contradiction').map((q) => q.finding?.code).sort()).toEqual([...form.contradictions].sort());
      for (const q of questions.filter((x) => x.finding)) for (const side of q.finding?.sides ?? []) expect(q.question).toContain(side.shown);
    });
  }
});

describe('the final analysis weighs what the rule book found', () => {
  for (const clean of CLEAN_TEXTS) {
    it(`${clean.language}: a clean application answered well is low risk; the same with a refusal on record is not, and says why`, async () => {
      const fine = await interview(clean.text, clean.language);
      expect(fine.questions.filter((q) => q.finding)).toEqual([]);
      const good = await analysed(fine.post, fine.questions, (q) => preparedAnswer(q, clean.language), clean.language);
      expect(Object.values(good.evaluations).map((e) => e.verdict)).toEqual(fine.questions.map(() => 'good'));
      expect(good.riskLevel).toBe('low');

      const refused = await interview(`${clean.text}\n${clean.refusalLine}`, clean.language);
      const worse = await analysed(refused.post, refused.questions, (q) => preparedAnswer(q, clean.language), clean.language);
      expect(worse.riskLevel).not.toBe('low');
      expect(worse.successProbability).toBeLessThan(good.successProbability);
      expect(worse.findings.some((f) => f.code === 'undeclaredRefusal' || f.code === 'refusalOnRecord')).toBe(true);
      expect(worse.weaknesses[0]).toMatch(clean.language === 'es' ? /negativa de visa/ : /visa refusal on record/);
    });
  }

  for (const form of APPLICANT_TEXTS) {
    it(`${form.name}: explained findings weigh less than evasive answers; a refusal on record is never low risk`, async () => {
      const explained = await interview(form.text, form.language);
      const a = await analysed(explained.post, explained.questions, (q) => preparedAnswer(q, form.language), form.language);
      const evasive = await interview(form.text, form.language);
      const b = await analysed(evasive.post, evasive.questions, (q) => (q.finding ? EVASIVE[form.language] : preparedAnswer(q, form.language)), form.language);
      expect(b.successProbability).toBeLessThan(a.successProbability);
      expect(b.riskLevel).not.toBe('low');
      // Each finding is listed with the applicant's answer to it.
      expect(b.findings.map((f) => f.code).sort()).toEqual(evasive.questions.filter((q) => q.finding).map((q) => q.finding?.code).sort());
      for (const f of b.findings) {
        expect(f.answer).toBe(EVASIVE[form.language]);
        expect(f.explained).toBe(false);
      }
      if (form.refusalOnRecord) expect(a.riskLevel).not.toBe('low');
    });
  }

  it('the same sentence pasted as every answer is marked as repeated, never good, and never low risk', async () => {
    const form = APPLICANT_TEXTS[0] as ApplicantText;
    const { post, questions } = await interview(form.text, 'es');
    const sentence = 'Soy una persona responsable y siempre cumplo las leyes de todos los países que visito con mi familia.';
    const analysis = await analysed(post, questions, () => sentence, 'es');
    const verdicts = questions.map((q) => analysis.evaluations[q.id]?.verdict);
    expect(verdicts.filter((v) => v === 'good').length).toBeLessThanOrEqual(1);
    expect(verdicts.slice(1).every((v) => v === 'repeated')).toBe(true);
    expect(analysis.riskLevel).toBe('high');
  });

  it('an answer about who pays, given to the introduction, is off the topic', async () => {
    const form = APPLICANT_TEXTS[5] as ApplicantText;
    const { post, questions } = await interview(form.text, 'es');
    const intro = questions.find((q) => q.topic === 'intro') as InterviewQuestionDto;
    const res = await post('/api/premium/evaluate-answer', { questionId: intro.id, answer: 'Todo lo pago yo con mis ahorros y tengo dinero suficiente en el banco para el viaje.', language: 'es' });
    expect(res.json()).toMatchObject({ verdict: 'offTopic', relevant: false });
    expect(res.json().feedback).toContain('quién eres');
  });
});
