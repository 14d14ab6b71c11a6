import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { estaCatalog } from '../../machines/domain/catalogs';
import { visibleQuestions } from '../../machines/domain/questions';
import { INTERVIEWS } from '../../server/services/ai/builtin/interviews';
import { BuiltinEngine } from '../../server/services/ai/engine';
import { NextQuestionSchema } from '../../server/services/ai/schemas';

// Spec 3-ai §2.4, §4.3, §9: the AI assistant's scripted interviews. The DS-160's holds the spec's 25; the ESTA's is
// the ESTA catalog (issue 45: the official fields the spec's 31 lacked), its follow-ups asked only when they apply.

const engine = new BuiltinEngine();

/** The interview as a person answers it: each question asked gets `answer(question)`, until it is done. */
async function walk(type: 'esta' | 'ds160', language: 'en' | 'es' | 'fr' | 'pt', answer: (id: string, options: readonly string[]) => string) {
  const answers: Record<string, string> = {};
  const asked: string[] = [];
  for (;;) {
    const next = await engine.nextQuestion({ type, answers, language });
    if (next.done || !next.question) return { asked, answers, last: next };
    expect(next.question.label, `${type} ${next.question.id} ${language}`).not.toMatch(/^catalog:/);
    for (const option of next.question.options ?? []) expect(option.label).not.toMatch(/^catalog:/);
    expect(next.progress.answered).toBe(asked.length);
    asked.push(next.question.id);
    answers[next.question.id] = answer(next.question.id, (next.question.options ?? []).map((o) => o.value));
  }
}

describe('the scripted interviews', () => {
  it('asks the ESTA catalog, in its order, and the DS-160 25, each question once', () => {
    expect(INTERVIEWS.esta.map((q) => q.id)).toEqual(estaCatalog.questions.map((q) => q.id).filter((id) => id !== 'social-media'));
    expect(INTERVIEWS.ds160).toHaveLength(25);
    for (const questions of Object.values(INTERVIEWS)) expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });

  it('asks the first unanswered question in the conversation language, with its options', async () => {
    const first = await engine.nextQuestion({ type: 'ds160', answers: {}, language: 'es' });
    expect(first).toMatchObject({ done: false, question: { id: 'first-name', type: 'text' }, progress: { answered: 0, total: 25 } });
    expect(first.question?.label).toMatch(/nombre/i);
    const gender = await engine.nextQuestion({ type: 'ds160', answers: { 'first-name': 'Ana', 'last-name': 'Souza' }, language: 'en' });
    expect(gender.question?.id).toBe('gender');
    expect(gender.question?.options?.length).toBeGreaterThan(1);
    expect(gender.question?.options?.every((o) => o.label && !o.label.startsWith('catalog:'))).toBe(true);
    expect(Value.Check(NextQuestionSchema, gender)).toBe(true);
  });

  it("asks the ESTA's official fields a family copies (issue 45), and the employer's only of someone who has one", async () => {
    const yes = await walk('esta', 'es', (id, options) => (options.includes('Yes') && !/disease|criminal|drug|terror|fraud|seeking|denial|overstay|restricted|custody/.test(id) ? 'Yes' : options[0] ?? 'x'));
    for (const id of ['father-family-name', 'father-first-name', 'mother-family-name', 'mother-first-name', 'has-employer', 'employer', 'employer-address',
      'employer-phone', 'us-contact', 'us-contact-address', 'us-contact-phone', 'emergency-contact', 'emergency-email', 'emergency-phone',
      'national-id-number', 'other-citizenship-country', 'other-citizenship-how', 'seeking-employment']) {
      expect(yes.asked, id).toContain(id);
    }
    const no = await walk('esta', 'fr', (_, options) => (options.includes('No') ? 'No' : options[0] ?? 'x'));
    for (const id of ['employer', 'employer-address', 'employer-phone', 'current-occupation', 'other-citizenship-country', 'previous-passport-number']) expect(no.asked).not.toContain(id);
    expect(no.last).toEqual({ done: true, progress: { answered: no.asked.length, total: no.asked.length } });
  });

  it('asks exactly the questions the ESTA form shows for the answers given, whatever they are, and is done then', async () => {
    const conditions = [...new Set(estaCatalog.questions.flatMap((q) => (q.dependsOn ? [q.dependsOn] : [])))];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { minLength: conditions.length, maxLength: conditions.length }), fc.constantFrom('en', 'es', 'fr', 'pt' as const), async (picks, language) => {
        const { asked, answers, last } = await walk('esta', language, (id, options) => {
          const at = conditions.indexOf(id);
          return options.length > 0 ? (options[(at >= 0 ? (picks[at] ?? 0) : 0) % options.length] as string) : 'x';
        });
        const shown = visibleQuestions(estaCatalog, answers).map((q) => q.id).filter((id) => id !== 'social-media');
        expect(asked).toEqual(shown);
        expect(last).toEqual({ done: true, progress: { answered: shown.length, total: shown.length } });
      }),
      { numRuns: 30 },
    );
  });

  it('says on the choice how many questions the ESTA asks, fewest to most, in the four languages', async () => {
    const fewest = await walk('esta', 'en', (id, options) => (id === 'purpose' ? 'transit' : options.includes('No') ? 'No' : options[0] ?? 'x'));
    const most = await walk('esta', 'en', (id, options) => (id === 'purpose' ? 'tourism' : options.includes('Yes') ? 'Yes' : options[0] ?? 'x'));
    for (const language of ['en', 'es', 'fr', 'pt']) {
      const hint = (JSON.parse(readFileSync(`locales/${language}/aiassistant.json`, 'utf8')) as { choose: { estaHint: string } }).choose.estaHint;
      expect(hint.match(/\d+/g)).toEqual([String(fewest.asked.length), String(most.asked.length)]);
    }
  });

  it('is done once every question has an answer, whatever else was answered', async () => {
    const all = Object.fromEntries(INTERVIEWS.ds160.map((q) => [q.id, 'x']));
    expect(await engine.nextQuestion({ type: 'ds160', answers: { ...all, 'social-media': '' }, language: 'pt' })).toEqual({ done: true, progress: { answered: 25, total: 25 } });
  });

  it('has every question and option text in all four languages', async () => {
    for (const language of ['en', 'es', 'fr', 'pt'] as const) {
      expect((await walk('ds160', language, (_, options) => options[0] ?? 'x')).asked).toHaveLength(25);
      await walk('esta', language, (_, options) => (options.includes('Yes') ? 'Yes' : options[0] ?? 'x'));
    }
  });
});
