import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterviewQuestionDto } from '../../openapi/schemas/premium';
import { heldOutTexts, quotesSide, type HeldOutText } from '../fixtures/premium/heldOut';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';
import { paidPremiumCode, preparedQuestions } from '../helpers/premium';

// Issue 42: the premium interview on texts it has never seen (tests/fixtures/premium/heldout…), written by someone
// who never read the reader or the rule book, run through the real routes. Reported: questions citing the
// applicant's data; planted contradictions raised by a question naming both sides, per rule; contradictions raised
// on applicants with none planted (held at zero). Never tuned on.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

let client = 0;
async function questionsFor(text: HeldOutText): Promise<InterviewQuestionDto[]> {
  client += 1;
  const remoteAddress = `10.42.${(client >> 8) & 255}.${client & 255}`;
  let cookie: string | undefined;
  const send = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, remoteAddress, ...(payload ? { payload: payload as Record<string, unknown> } : {}), headers: cookie ? { cookie } : {} });
    cookie = sessionCookie(res) ?? cookie;
    return res;
  };
  expect((await send('POST', '/api/premium/verify-access', { code: await paidPremiumCode(t) })).json().valid).toBe(true);
  return preparedQuestions(send, { formData: text.text, language: text.language });
}

/** A question cites the applicant when every value it names quotes the pasted text and is said in the question. */
const cites = (q: InterviewQuestionDto, text: string) => q.cites.length > 0 && q.cites.every((c) => text.includes(c.source) && q.question.includes(c.shown));

/** The question naming both sides of a planted contradiction, if one does. */
function raisedBy(questions: readonly InterviewQuestionDto[], text: string, sides: readonly string[]): InterviewQuestionDto | undefined {
  return questions.find((q) => q.finding && sides.every((planted) => (q.finding?.sides ?? []).some((s) => quotesSide(text, s.source, planted) && q.question.includes(s.shown))));
}

// The same measure on the development texts (tests/fixtures/premium/dev…), written by the engineer in their own
// words to tune on, beside the held-out ones.
// Each folder is reported apart: every held-out set (A, B, …), `dev` the engineer's own, `dev-d` a second writer's set D.
// PREMIUM_SETS=dev-d,dev-e runs those sets alone (tuning runs the development sets without touching the held-out ones).
const onlySets = process.env.PREMIUM_SETS?.split(',').map((s) => s.trim()).filter(Boolean);
const bySet = (texts: HeldOutText[]) =>
  [...new Set(texts.map((x) => x.set))].filter((set) => !onlySets || onlySets.includes(set)).map((set) => [set, texts.filter((x) => x.set === set)] as const);
for (const [title, texts, heldOut] of [
  ...bySet(heldOutTexts('heldout')).map(([set, texts]) => [`held-out premium texts, set ${set}, never tuned on (issue 42)`, texts, true] as const),
  ...bySet(heldOutTexts('dev')).map(([set, texts]) => [`development premium texts, ${set === 'dev' ? 'hand-written' : `set ${set}, by a second writer, tuned on`} (issue 42)`, texts, false] as const),
]) {
  // A held-out text's own misses are not printed (whoever tunes the reader runs this file too): figures only, by
  // rule and language. SHOW_HELDOUT_ROWS=1 prints them for the one who reviews the texts themselves.
  const showTexts = !heldOut || Boolean(process.env.SHOW_HELDOUT_ROWS);
  describe(title, () => {
    const perRule = new Map<string, [number, number]>();
    const perLanguage = new Map<string, [number, number]>();
    const perLayout = new Map<string, [number, number]>();
    /** Contradictions raised on consistent texts, by the rule that raised them: a count, never the text. */
    const alarmsByRule = new Map<string, number>();
    const lines: string[] = [];
    /** Findings on any text (planted or consistent) that name no planted contradiction, by kind and rule: counts only. */
    const unplantedByRule = new Map<string, number>();
    const tally = { citing: 0, asked: 0, planted: 0, raised: 0, falseAlarms: 0, cleanTexts: 0, unplanted: 0, unplantedContradictions: 0 };

    afterAll(() => {
      const pct = (a: number, b: number) => `${a}/${b} (${Math.round((100 * a) / Math.max(b, 1))}%)`;
      console.log(
        [
          `${title} (${texts.length} texts): questions citing the applicant's data ${pct(tally.citing, tally.asked)}`,
          `planted contradictions raised by a question naming both sides ${pct(tally.raised, tally.planted)}`,
          `contradictions raised on the ${tally.cleanTexts} texts with none planted: ${tally.falseAlarms}`,
          `unplanted findings on all ${texts.length} texts (any finding naming no planted pair): ${tally.unplanted} (contradictions ${tally.unplantedContradictions}, risks ${tally.unplanted - tally.unplantedContradictions})`,
          'per rule:',
          ...[...perRule.entries()].sort().map(([rule, [a, b]]) => `  ${rule}: ${pct(a, b)}`),
          'per language (raised):',
          ...[...perLanguage.entries()].sort().map(([l, [a, b]]) => `  ${l}: ${pct(a, b)}`),
          'per layout (raised):',
          ...[...perLayout.entries()].sort().map(([l, [a, b]]) => `  ${l}: ${pct(a, b)}`),
          ...(alarmsByRule.size ? ['false alarms by rule:', ...[...alarmsByRule.entries()].sort().map(([r, n]) => `  ${r}: ${n}`)] : []),
          ...(unplantedByRule.size ? ['unplanted findings by kind and rule:', ...[...unplantedByRule.entries()].sort().map(([r, n]) => `  ${r}: ${n}`)] : []),
          ...(showTexts ? lines : []),
        ].join('\n'),
      );
    });

    for (const text of texts) {
      it(`${text.set}/${text.name}`, async () => {
        const questions = await questionsFor(text);
        expect(questions.length).toBeGreaterThan(0);
        const citing = questions.filter((q) => cites(q, text.text)).length;
        tally.citing += citing;
        tally.asked += questions.length;
        const notes: string[] = [];
        for (const planted of text.truth.contradictions) {
          const q = raisedBy(questions, text.text, planted.sides);
          const [hit, all] = perRule.get(planted.rule) ?? [0, 0];
          perRule.set(planted.rule, [hit + (q ? 1 : 0), all + 1]);
          const [lh, la] = perLanguage.get(text.language) ?? [0, 0];
          perLanguage.set(text.language, [lh + (q ? 1 : 0), la + 1]);
          const [yh, ya] = perLayout.get(text.layout) ?? [0, 0];
          perLayout.set(text.layout, [yh + (q ? 1 : 0), ya + 1]);
          tally.planted += 1;
          if (q) tally.raised += 1;
          notes.push(`    ${q ? 'raised' : 'missed'} ${planted.rule}${q ? ` by ${q.finding?.code}` : ''}`);
        }
        const contradictions = questions.filter((q) => q.finding?.kind === 'contradiction');
        if (text.truth.contradictions.length === 0) {
          tally.cleanTexts += 1;
          tally.falseAlarms += contradictions.length;
          for (const q of contradictions) alarmsByRule.set(q.finding?.rule ?? '?', (alarmsByRule.get(q.finding?.rule ?? '?') ?? 0) + 1);
        }
        // Every finding that names no planted pair, on every text: a wrong finding beside a planted one is still wrong.
        for (const q of questions.filter((x) => x.finding)) {
          if (text.truth.contradictions.some((p) => raisedBy([q], text.text, p.sides))) continue;
          const kind = q.finding?.kind ?? '?';
          tally.unplanted += 1;
          if (kind === 'contradiction') tally.unplantedContradictions += 1;
          const key = `${kind} ${q.finding?.rule ?? '?'}`;
          unplantedByRule.set(key, (unplantedByRule.get(key) ?? 0) + 1);
          notes.push(`    ${text.truth.contradictions.length === 0 && kind === 'contradiction' ? 'false alarm' : 'not planted'} ${kind} ${q.finding?.code}: ${q.finding?.sides.map((s) => s.source).join(' | ')}`);
        }
        lines.push(`  ${text.set}/${text.name}: ${citing}/${questions.length} citing`, ...notes);
        // Every citation is the applicant's own characters, said in the question.
        for (const q of questions) for (const c of q.cites) expect(text.text, `${q.id} cites "${c.source}"`).toContain(c.source);
      });
    }

    it('raises no contradiction on an applicant with none planted', () => {
      expect(tally.falseAlarms).toBe(0);
    });
  });
}
