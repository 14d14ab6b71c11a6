import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { INTERVIEWS } from '../../server/services/ai/builtin/interviews';
import { BuiltinEngine } from '../../server/services/ai/engine';
import { NextQuestionSchema } from '../../server/services/ai/schemas';

// Spec 3-ai §2.4, §4.3, §9: the AI assistant's scripted interviews, ESTA 31 questions and DS-160 25.

const engine = new BuiltinEngine();

describe('the scripted interviews', () => {
  it('hold the spec’s counts, each question once', () => {
    expect(INTERVIEWS.esta).toHaveLength(31);
    expect(INTERVIEWS.ds160).toHaveLength(25);
    for (const questions of Object.values(INTERVIEWS)) expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });

  it('asks the first unanswered question in the conversation language, with its options', async () => {
    const first = await engine.nextQuestion({ type: 'ds160', answered: [], language: 'es' });
    expect(first).toMatchObject({ done: false, question: { id: 'first-name', type: 'text' }, progress: { answered: 0, total: 25 } });
    expect(first.question?.label).toMatch(/nombre/i);
    const gender = await engine.nextQuestion({ type: 'ds160', answered: ['first-name', 'last-name'], language: 'en' });
    expect(gender.question?.id).toBe('gender');
    expect(gender.question?.options?.length).toBeGreaterThan(1);
    expect(gender.question?.options?.every((o) => o.label && !o.label.startsWith('catalog:'))).toBe(true);
    expect(Value.Check(NextQuestionSchema, gender)).toBe(true);
  });

  it('is done once every question has an answer, whatever else was answered', async () => {
    const all = INTERVIEWS.esta.map((q) => q.id);
    expect(await engine.nextQuestion({ type: 'esta', answered: [...all, 'social-media'], language: 'pt' })).toEqual({ done: true, progress: { answered: 31, total: 31 } });
  });

  it('has every question and option text in all four languages', async () => {
    for (const type of ['esta', 'ds160'] as const) {
      for (const language of ['en', 'es', 'fr', 'pt'] as const) {
        const answered: string[] = [];
        for (;;) {
          const next = await engine.nextQuestion({ type, answered, language });
          if (next.done || !next.question) break;
          expect(next.question.label, `${type} ${next.question.id} ${language}`).not.toMatch(/^catalog:/);
          for (const option of next.question.options ?? []) expect(option.label).not.toMatch(/^catalog:/);
          answered.push(next.question.id);
        }
        expect(answered).toHaveLength(INTERVIEWS[type].length);
      }
    }
  });
});
