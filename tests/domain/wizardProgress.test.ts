import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Catalog, Question } from '../../machines/domain/questions';
import {
  FieldRefusal,
  changedAnswers,
  firstUnanswered,
  hasReview,
  nextSubmits,
  progressOf,
  reviewOf,
  sectionsOf,
  submittedAnswers,
} from '../../machines/domain/wizardProgress';

// A catalog written here, so each rule is read off questions whose visibility the test knows:
// 'married' shows 'spouse' (Yes), 'spouse' shows 'spouse-job' (any answer); 'trips' shows 'trip-count' for two answers.
const q = (id: string, section: string, extra: Partial<Question> = {}): Question => ({ id, section, type: 'text', required: true, labelKey: `t.q.${id}`, ...extra });
const CATALOG: Catalog = {
  id: 'ds160',
  formType: 'DS-160',
  rules: 'ds160',
  sections: [
    { id: 'me', titleKey: 't.s.me' },
    { id: 'family', titleKey: 't.s.family' },
    { id: 'travel', titleKey: 't.s.travel' },
    { id: 'review', titleKey: 't.s.review' },
  ],
  questions: [
    q('name', 'me'),
    q('nickname', 'me', { required: false }),
    q('married', 'family', { type: 'radio' }),
    q('spouse', 'family', { dependsOn: 'married', showWhen: 'Yes' }),
    q('spouse-job', 'family', { dependsOn: 'spouse' }),
    q('trips', 'travel'),
    q('trip-count', 'travel', { dependsOn: 'trips', showWhen: ['Some', 'Many'] }),
    q('purpose', 'travel'),
  ],
};
const SINGLE = { name: 'Ana', married: 'No', trips: 'None' };
const MARRIED = { name: 'Ana', married: 'Yes', spouse: 'Luis', spouseJob: '', trips: 'Many' };

describe('where an applicant stands in a catalog', () => {
  it('counts only the questions the applicant will see, and finds the one on screen among them', () => {
    expect(progressOf({ catalog: CATALOG, answers: SINGLE, currentId: 'name' })).toMatchObject({ index: 0, total: 5, isFirst: true, isLast: false });
    expect(progressOf({ catalog: CATALOG, answers: SINGLE, currentId: 'trips' })).toMatchObject({ index: 3, total: 5, isFirst: false, isLast: false });
    expect(progressOf({ catalog: CATALOG, answers: SINGLE, currentId: 'purpose' })).toMatchObject({ index: 4, total: 5, isFirst: false, isLast: true });
    const married = progressOf({ catalog: CATALOG, answers: MARRIED, currentId: 'purpose' });
    expect(married).toMatchObject({ index: 7, total: 8, isLast: true });
    expect(married.question.id).toBe('purpose');
  });

  it('stands on the first question when the one on screen is hidden or unknown', () => {
    const place = progressOf({ catalog: CATALOG, answers: SINGLE, currentId: 'spouse' });
    expect(place).toMatchObject({ index: 0, isFirst: true });
    expect(place.question.id).toBe('name');
  });

  it('hides a chain of conditions together: no spouse, no spouse’s job, whatever was typed there', () => {
    const place = progressOf({ catalog: CATALOG, answers: { ...MARRIED, married: 'No', spouse: 'Luis' }, currentId: 'purpose' });
    expect(place.total).toBe(6);
  });

  it('lists the sections with how many questions each shows, the current one, and those before it done', () => {
    expect(sectionsOf({ catalog: CATALOG, answers: MARRIED, currentId: 'spouse' })).toEqual([
      { id: 'me', titleKey: 't.s.me', count: 2, current: false, done: true },
      { id: 'family', titleKey: 't.s.family', count: 3, current: true, done: false },
      { id: 'travel', titleKey: 't.s.travel', count: 3, current: false, done: false },
      { id: 'review', titleKey: 't.s.review', count: 0, current: false, done: false },
    ]);
    const reviewing = sectionsOf({ catalog: CATALOG, answers: SINGLE, currentId: 'purpose' }, true);
    expect(reviewing.map((s) => [s.id, s.current, s.done])).toEqual([
      ['me', false, true],
      ['family', false, true],
      ['travel', false, true],
      ['review', true, false],
    ]);
  });

  it('submits on Next from the last question, judged with the answer on screen', () => {
    const onMarried = { catalog: CATALOG, answers: { name: 'Ana' }, currentId: 'purpose' };
    expect(nextSubmits({ ...onMarried, draft: 'x' })).toBe(true);
    // 'trips' answered Many in the draft reveals the count after it: Next does not submit.
    expect(nextSubmits({ catalog: CATALOG, answers: { name: 'Ana', married: 'No' }, currentId: 'trips', draft: ' Many ' })).toBe(false);
    const lastShown = { catalog: { ...CATALOG, questions: CATALOG.questions.slice(0, 7) }, answers: { name: 'Ana', married: 'No' }, currentId: 'trips' };
    expect(nextSubmits({ ...lastShown, draft: 'None' })).toBe(true);
    expect(nextSubmits({ ...lastShown, draft: 'Some' })).toBe(false);
  });

  it('sends only the answers of questions shown, trimmed, none blank', () => {
    const answers = { name: ' Ana ', nickname: '  ', married: 'No', spouse: 'Luis', 'spouse-job': 'Chef', trips: 'None', 'trip-count': '4' };
    expect(submittedAnswers(CATALOG, answers)).toEqual({ name: 'Ana', married: 'No', trips: 'None' });
  });

  it('sends again only what differs from what the server has', () => {
    const answers = { name: 'Ana', married: 'Yes', spouse: 'Luis', trips: 'None' };
    expect(changedAnswers(CATALOG, answers, { name: 'Ana', married: 'No' })).toEqual({ married: 'Yes', spouse: 'Luis', trips: 'None' });
    expect(changedAnswers(CATALOG, answers, answers)).toEqual({});
  });

  it('never sends an answer of a hidden question, whatever the answers (generated)', () => {
    const answer = fc.constantFrom('', ' ', 'Yes', 'No', 'Some', 'Many', 'x ');
    const ids = CATALOG.questions.map((x) => x.id);
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...ids), answer), (answers) => {
        const sent = submittedAnswers(CATALOG, answers);
        for (const [id, value] of Object.entries(sent)) {
          expect(value).toBe(value.trim());
          expect(value).not.toBe('');
          if (id === 'spouse') expect(answers.married).toBe('Yes');
          if (id === 'spouse-job') expect(answers.married === 'Yes' && (answers.spouse ?? '').trim() !== '').toBe(true);
          if (id === 'trip-count') expect(['Some', 'Many']).toContain(answers.trips);
        }
      }),
    );
  });

  it('knows a catalog that ends on a review', () => {
    expect(hasReview(CATALOG)).toBe(true);
    expect(hasReview({ ...CATALOG, sections: CATALOG.sections.filter((s) => s.id !== 'review') })).toBe(false);
  });

  it('finds the first required question shown and unanswered', () => {
    expect(firstUnanswered({ catalog: CATALOG, answers: {} })).toBe('name');
    expect(firstUnanswered({ catalog: CATALOG, answers: { name: 'Ana', married: 'Yes' } })).toBe('spouse');
    // The optional nickname is not asked for; a blank answer counts as none.
    expect(firstUnanswered({ catalog: CATALOG, answers: { name: 'Ana', married: '  ' } })).toBe('married');
    expect(firstUnanswered({ catalog: CATALOG, answers: { name: 'Ana', married: 'No', trips: 'None', purpose: 'Fun' } })).toBeUndefined();
  });

  it('reviews every shown answer by section, in order, leaving out sections with nothing shown', () => {
    const review = reviewOf({ catalog: CATALOG, answers: { name: 'Ana', married: 'No', trips: 'None' } });
    expect(review.map((s) => [s.id, s.titleKey, s.answers.map((a) => [a.question.id, a.value])])).toEqual([
      ['me', 't.s.me', [['name', 'Ana'], ['nickname', '']]],
      ['family', 't.s.family', [['married', 'No']]],
      ['travel', 't.s.travel', [['trips', 'None'], ['purpose', '']]],
    ]);
  });

  it("carries the server's refusal of one answer: the field and its words", () => {
    const refusal = new FieldRefusal('email', 'must be an e-mail');
    expect(refusal).toBeInstanceOf(Error);
    expect(refusal.field).toBe('email');
    expect(refusal.message).toBe('must be an e-mail');
  });
});
