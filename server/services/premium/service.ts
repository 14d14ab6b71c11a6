import { randomUUID, timingSafeEqual } from 'node:crypto';
import { transact } from '../../../db/groupCommit';
import type { Db, Dialect, Executor } from '../../../db/index';
import {
  findAccountPremiumOrder,
  findInterview,
  findLeadFormData,
  findOpenInterview,
  findOrderByAccessCode,
  findPremiumOrder,
  insertInterview,
  lockInterview,
  writeInterview,
  type PremiumOrder,
} from '../../../db/queries/premium';
import type { PremiumInterviewRow } from '../../../db/schema';
import type { EvaluationDto, FinalAnalysisDto, InterviewDto, InterviewStateDto } from '../../../openapi/schemas/premium';
import { badRequest, forbidden, notFound } from '../../lib/problems';
import { admit, FREE_FAILURES, type AttemptCounters, type Tally } from '../guard/counters';
import { ACCESS_CODE_PATTERN } from '../orders/codes';
import { finalAnalysis } from './analysis';
import { evaluationOf, feedbackOf, judgeAnswer, type Judgement } from './evaluate';
import { readFacts, type ApplicantFacts } from './facts/index';
import type { InterviewWriter } from './model';
import { planInterview, renderInterview, type InterviewQuestion, type QuestionPlan } from './questions';
import { PREPARATION, PreparationJobs, sourcesOf, type PreparationSettings } from './preparation';
import { findingsOf, type Finding } from './rules/index';
import type { InterviewLanguage } from './say';
import { savedFormText } from './savedForm';

/** Saved answers worth an interview: fewer facts than this and pasting is the better way. */
const SAVED_FACTS_NEEDED = 3;

export interface Verified {
  orderId: string;
  interviewId?: string;
}

/** A stored judgement, with the model's wording of its feedback by language when a model worded it. */
type StoredJudgement = Judgement & { worded?: Partial<Record<InterviewLanguage, string>> };

interface Interview {
  row: PremiumInterviewRow;
  facts: ApplicantFacts;
  plans: QuestionPlan[];
  findings: Finding[];
  answers: Record<string, string>;
  judgements: Record<string, StoredJudgement>;
  worded: Partial<Record<InterviewLanguage, Record<string, string>>>;
}

/** An interview kept in the current shape; one made before plans were kept cannot be continued. */
function parsed(row: PremiumInterviewRow): Interview | null {
  if (!row.plans || !row.findings) return null;
  return {
    row,
    facts: JSON.parse(row.facts) as ApplicantFacts,
    plans: JSON.parse(row.plans) as QuestionPlan[],
    findings: JSON.parse(row.findings) as Finding[],
    answers: JSON.parse(row.answers) as Record<string, string>,
    judgements: JSON.parse(row.evaluations) as Record<string, StoredJudgement>,
    worded: row.worded ? (JSON.parse(row.worded) as Interview['worded']) : {},
  };
}

/** The same length for every comparison, so the time taken says nothing about how close a guess came. */
function sameCode(a: string, b: string): boolean {
  const pad = (s: string) => Buffer.from(s.padEnd(40, '\0').slice(0, 40));
  return timingSafeEqual(pad(a), pad(b)) && a.length === b.length;
}

/**
 * The premium interview practice (spec 3-ai §2.8, §4.7, §7; docs/DECISIONS.md; issues 15, 33): the access code of a paid
 * Premium order opens it for one browser session (and the account that bought the code); the interview is read
 * from the applicant's own data, planned by the rule book, and kept server-side with every answer's judgement, so
 * a reload continues it and the analysis weighs the same facts the questions cited.
 */
export class PremiumService {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    /** Reads the pasted data and words the questions and feedback: the built-in rules, or a model checked by them. */
    private readonly writer: InterviewWriter,
    private readonly counters: AttemptCounters,
    /** How long a preparation request waits for its job before the page is told to follow it instead. */
    private readonly graceMs = 1_000,
    preparation: PreparationSettings = PREPARATION,
    /** Sends the job runner's backstop for a preparation, in the transaction that writes its row. */
    private readonly backstop?: (interviewId: string, trx: Executor) => Promise<unknown>,
  ) {
    this.jobs = new PreparationJobs(db, writer, preparation);
  }

  /** The job runner's handler: the preparation finished here unless another process holds it fresh. */
  prepareById(interviewId: string): Promise<'done' | 'held'> {
    return this.jobs.start(interviewId);
  }

  private readonly jobs: PreparationJobs;

  /** 'openai' when a model reads the applicant's words (the consent rule's question, issue 44). */
  get writerName(): InterviewWriter['name'] {
    return this.writer.name;
  }

  /**
   * A code is valid when a paid Premium order holds it. Every guess is counted against the session and the client
   * address before it is checked; after five wrong ones from either, each further guess waits 1, 2, 4 … minutes. A
   * right code starts the session's count over and takes back its own count from the client's.
   */
  async verifyAccess(code: string, guesser: { session: string; client: string }): Promise<{ valid: boolean; orderId?: string; savedApplication: boolean }> {
    const tallies: Tally[] = [
      { key: `premium:session:${guesser.session}`, free: FREE_FAILURES, onSuccess: 'forget' },
      { key: `premium:client:${guesser.client}`, free: FREE_FAILURES, onSuccess: 'refund' },
    ];
    const ticket = await admit(this.counters, tallies, (minutes) => `Too many wrong codes. Try again in ${minutes}.`);
    const wanted = code.trim().toUpperCase();
    const order = ACCESS_CODE_PATTERN.test(wanted) ? await findOrderByAccessCode(this.db, wanted) : undefined;
    const valid = Boolean(order?.access_code && sameCode(order.access_code, wanted) && order.status === 'paid' && order.plan === 'premium');
    if (!valid || !order) return { valid: false, savedApplication: false };
    await ticket.succeeded();
    return { valid: true, orderId: order.id, savedApplication: Boolean(await this.savedText(order)) };
  }

  /** Every call after access: the session's order must still be a paid Premium order (a refund closes it). */
  async requireVerified(verified: Verified | undefined): Promise<PremiumOrder> {
    const order = verified ? await findPremiumOrder(this.db, verified.orderId) : undefined;
    if (!order || order.status !== 'paid' || order.plan !== 'premium') throw forbidden('Enter the access code of a paid Premium order first.');
    return order;
  }

  /**
   * Where the interview stands for this session, or for the signed-in account that bought a code: what a reload
   * or the other premium page continues from. `verified` is what the session should now hold.
   */
  async state(
    session: { verified?: Verified | undefined; userId?: string | undefined },
    want: { language: InterviewLanguage; explicit: boolean },
  ): Promise<{ verified: Verified | undefined; body: InterviewStateDto }> {
    let verified = session.verified;
    let order = verified ? await findPremiumOrder(this.db, verified.orderId) : undefined;
    if (!order || order.status !== 'paid' || order.plan !== 'premium') {
      order = session.userId ? await findAccountPremiumOrder(this.db, session.userId) : undefined;
      verified = order ? { orderId: order.id } : undefined;
    }
    if (!order || !verified) return { verified: undefined, body: { verified: false, savedApplication: false, language: want.language, languageChosen: want.explicit, interview: null } };
    const row = verified.interviewId ? await findInterview(this.db, verified.interviewId) : await findOpenInterview(this.db, order.id);
    // Still being prepared (issue 42): said so, and a job whose process went away is taken over here.
    if (row && row.order_id === order.id && row.status !== 'ready') {
      // Not awaited: a take-over the database refuses (away, locked) is left to the runner's backstop (premium.prepare)
      // and the next look, never to an unhandled rejection, which would end the process.
      if (this.jobs.stale(row)) this.jobs.start(row.id).catch(() => {});
      const status = row.status;
      const chosenNow = row.chosen_language as InterviewLanguage | null;
      const base = { verified: true, savedApplication: Boolean(await this.savedText(order)), language: want.explicit ? want.language : (chosenNow ?? want.language), languageChosen: want.explicit || Boolean(chosenNow) };
      return { verified: { orderId: order.id, interviewId: row.id }, body: { ...base, interview: { interviewId: row.id, status, questions: [], answers: {}, evaluations: {}, analysis: null } } };
    }
    const interview = row && row.order_id === order.id ? parsed(row) : null;
    if (interview) verified = { orderId: order.id, interviewId: interview.row.id };
    const chosen = interview?.row.chosen_language as InterviewLanguage | null | undefined;
    const language = want.explicit ? want.language : (chosen ?? want.language);
    const savedApplication = Boolean(await this.savedText(order));
    const base = { verified: true, savedApplication, language, languageChosen: want.explicit || Boolean(chosen) };
    if (!interview) return { verified, body: { ...base, interview: null } };
    const questions = await this.questionsIn(interview, language);
    const evaluations = this.evaluationsIn(interview, language);
    const analysis = interview.row.finished_at ? this.analysisIn(interview, questions, language, evaluations) : null;
    return { verified, body: { ...base, interview: { interviewId: interview.row.id, status: 'ready', questions, answers: interview.answers, evaluations, analysis } } };
  }

  /**
   * The interview built from pasted text, or from the order's saved application (issue 42: a job). The row is
   * written at once, 'preparing'; the job is started and waited for a moment only: done by then (the built-in
   * reading takes milliseconds) the questions are answered here, otherwise the page follows the interview's state.
   */
  async prepare(
    verified: Verified | undefined,
    ownerToken: string,
    input: { formData?: string | undefined; useSaved?: boolean | undefined; language: InterviewLanguage; languageChosen?: boolean | undefined },
  ): Promise<InterviewDto> {
    const order = await this.requireVerified(verified);
    const text = input.useSaved ? await this.savedText(order) : (input.formData ?? '');
    if (!text.trim()) {
      throw input.useSaved ? notFound('This order has no saved application to use.') : badRequest('formData', 'Please enter form data');
    }
    const now = new Date().toISOString();
    const row: PremiumInterviewRow = {
      id: randomUUID(),
      order_id: order.id,
      owner_token: ownerToken,
      language: input.language,
      facts: '{}',
      questions: '[]',
      answers: '{}',
      evaluations: '{}',
      plans: null,
      findings: null,
      worded: null,
      chosen_language: input.languageChosen ? input.language : null,
      finished_at: null,
      status: 'preparing',
      pending_text: text,
      claimed_at: null,
      created_at: now,
      updated_at: now,
    };
    // The row and the runner's backstop together: a process that dies before the job ends leaves it to another.
    await transact(this.db, async (trx) => {
      await insertInterview(trx, row);
      await this.backstop?.(row.id, trx);
    });
    const job = this.jobs.start(row.id);
    await Promise.race([job, new Promise((resolve) => setTimeout(resolve, this.graceMs).unref())]);
    const after = await findInterview(this.db, row.id);
    const ready = after && after.status === 'ready' ? parsed(after) : null;
    if (!ready) return { interviewId: row.id, language: input.language, questions: [], status: 'preparing' };
    return { interviewId: row.id, language: input.language, questions: JSON.parse(ready.row.questions) as InterviewQuestion[], status: 'ready' };
  }

  /** One answer saved with its judgement; answering a question again replaces both. */
  async evaluate(verified: Verified | undefined, input: { questionId: string; answer: string; language: InterviewLanguage }): Promise<EvaluationDto> {
    const order = await this.requireVerified(verified);
    const { interview, judgement } = await transact(this.db, async (trx) => {
      const row = verified?.interviewId ? await lockInterview(trx, this.dialect, verified.interviewId) : undefined;
      const interview = row && row.order_id === order.id ? parsed(row) : null;
      if (!interview) throw notFound('No interview in progress: prepare one first.');
      const index = interview.plans.findIndex((p) => p.id === input.questionId);
      const plan = interview.plans[index];
      if (!plan) throw badRequest('questionId', 'No question with this id in this interview.');
      const answer = input.answer.trim();
      const judgement: StoredJudgement = judgeAnswer(plan, answer, interview.facts, interview.findings, this.earlier(interview, plan.id));
      interview.answers[plan.id] = answer;
      interview.judgements[plan.id] = judgement;
      await writeInterview(trx, interview.row.id, {
        answers: JSON.stringify(interview.answers),
        evaluations: JSON.stringify(interview.judgements),
        updated_at: new Date().toISOString(),
      });
      return { interview, judgement };
    });
    // The model may word the feedback; the judgement is the rules', and it is already saved.
    const question = (await this.questionsIn(interview, input.language)).find((q) => q.id === input.questionId);
    const builtin = feedbackOf(judgement, interview.facts, input.language);
    const worded = question
      ? await this.writer.wordFeedback({ language: input.language, text: sourcesOf(interview.facts), draft: { question: question.question, answer: input.answer.trim(), verdict: judgement.verdict, feedback: builtin } })
      : null;
    if (worded) await this.keepWordedFeedback(interview.row.id, input.questionId, input.language, worded, input.answer.trim());
    return evaluationOf(judgement, interview.facts, input.language, worded ?? undefined);
  }

  /** The analysis of the interview; an answer sent here but never evaluated is judged now. The interview is then finished. */
  async analyze(verified: Verified | undefined, input: { answers: Record<string, string>; language: InterviewLanguage }): Promise<FinalAnalysisDto> {
    const order = await this.requireVerified(verified);
    const interview = await transact(this.db, async (trx) => {
      const row = verified?.interviewId ? await lockInterview(trx, this.dialect, verified.interviewId) : undefined;
      const interview = row && row.order_id === order.id ? parsed(row) : null;
      if (!interview) throw notFound('No interview in progress: prepare one first.');
      for (const plan of interview.plans) {
        const answer = Object.hasOwn(input.answers, plan.id) ? input.answers[plan.id]?.trim() : undefined;
        if (interview.judgements[plan.id] || !answer) continue;
        interview.judgements[plan.id] = judgeAnswer(plan, answer, interview.facts, interview.findings, this.earlier(interview, plan.id));
        interview.answers[plan.id] = answer;
      }
      const now = new Date().toISOString();
      await writeInterview(trx, interview.row.id, { answers: JSON.stringify(interview.answers), evaluations: JSON.stringify(interview.judgements), finished_at: now, updated_at: now });
      return interview;
    });
    const questions = await this.questionsIn(interview, input.language);
    return this.analysisIn(interview, questions, input.language, this.evaluationsIn(interview, input.language));
  }

  /** The other questions' answers so far, numbered, for telling a repeat or a change of story. */
  private earlier(interview: Interview, except: string) {
    return interview.plans
      .map((plan, i) => ({ n: i + 1, plan, answer: interview.answers[plan.id] }))
      .filter((e): e is { n: number; plan: QuestionPlan; answer: string } => e.plan.id !== except && typeof e.answer === 'string');
  }

  /** The questions in a language: the model's wording where it gave one that holds, else the built-in wording. */
  private async questionsIn(interview: Interview, language: InterviewLanguage, save = true): Promise<InterviewQuestion[]> {
    const builtin = renderInterview(interview.plans, interview.facts, interview.findings, language);
    let worded = interview.worded[language];
    if (!worded && this.writer.name !== 'builtin') {
      worded = await this.writer.wordQuestions({ language, text: sourcesOf(interview.facts), questions: builtin.map((q) => ({ id: q.id, question: q.question, cites: q.cites.map((c) => c.shown) })) }, AbortSignal.timeout(PREPARATION.budgetMs / 2));
      interview.worded[language] = worded;
      if (save) await writeInterview(this.db, interview.row.id, { worded: JSON.stringify(interview.worded) });
    }
    return builtin.map((q) => (worded?.[q.id] ? { ...q, question: worded[q.id] as string } : q));
  }

  private evaluationsIn(interview: Interview, language: InterviewLanguage): Record<string, EvaluationDto> {
    return Object.fromEntries(Object.entries(interview.judgements).map(([id, j]) => [id, evaluationOf(j, interview.facts, language, j.worded?.[language])]));
  }

  private analysisIn(interview: Interview, questions: InterviewQuestion[], language: InterviewLanguage, evaluations: Record<string, EvaluationDto>): FinalAnalysisDto {
    return { ...finalAnalysis(questions, interview.judgements, interview.answers, interview.facts, interview.findings, language), evaluations };
  }

  /** Kept only while the answer it words is still the one saved. */
  private async keepWordedFeedback(interviewId: string, questionId: string, language: InterviewLanguage, worded: string, answer: string): Promise<void> {
    await transact(this.db, async (trx) => {
      const row = await lockInterview(trx, this.dialect, interviewId);
      const interview = row ? parsed(row) : null;
      const judgement = interview?.judgements[questionId];
      if (!interview || !judgement || interview.answers[questionId] !== answer) return;
      judgement.worded = { ...judgement.worded, [language]: worded };
      await writeInterview(trx, interviewId, { evaluations: JSON.stringify(interview.judgements) });
    });
  }

  private async savedText(order: PremiumOrder): Promise<string> {
    const formData = order.lead_id ? await findLeadFormData(this.db, order.lead_id) : undefined;
    const text = formData ? savedFormText(formData) : '';
    return Object.keys(readFacts(text)).length >= SAVED_FACTS_NEEDED ? text : '';
  }
}
