import { randomUUID, timingSafeEqual } from 'node:crypto';
import { transact } from '../../../db/groupCommit';
import type { Db, Dialect } from '../../../db/index';
import {
  findInterview,
  findLeadFormData,
  findOrderByAccessCode,
  findPremiumOrder,
  insertInterview,
  lockInterview,
  writeInterviewAnswers,
  type PremiumOrder,
} from '../../../db/queries/premium';
import type { PremiumInterviewRow } from '../../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/problems';
import { admit, FREE_FAILURES, type AttemptCounters, type Tally } from '../guard/counters';
import { ACCESS_CODE_PATTERN } from '../orders/codes';
import { finalAnalysis, type FinalAnalysis } from './analysis';
import { evaluateAnswer, type Evaluation } from './evaluate';
import type { AiEngine } from '../ai/engine';
import { readFacts, type ApplicantFacts } from './facts';
import { buildQuestions, type InterviewLanguage, type InterviewQuestion } from './questions';
import { savedFormText } from './savedForm';

/** Saved answers worth an interview: fewer facts than this and pasting is the better way. */
const SAVED_FACTS_NEEDED = 3;

export interface Verified {
  orderId: string;
  interviewId?: string;
}

interface Interview {
  row: PremiumInterviewRow;
  facts: ApplicantFacts;
  questions: InterviewQuestion[];
  answers: Record<string, string>;
  evaluations: Record<string, Evaluation>;
}

function parsed(row: PremiumInterviewRow): Interview {
  return {
    row,
    facts: JSON.parse(row.facts) as ApplicantFacts,
    questions: JSON.parse(row.questions) as InterviewQuestion[],
    answers: JSON.parse(row.answers) as Record<string, string>,
    evaluations: JSON.parse(row.evaluations) as Record<string, Evaluation>,
  };
}

/** The same length for every comparison, so the time taken says nothing about how close a guess came. */
function sameCode(a: string, b: string): boolean {
  const pad = (s: string) => Buffer.from(s.padEnd(40, '\0').slice(0, 40));
  return timingSafeEqual(pad(a), pad(b)) && a.length === b.length;
}

/**
 * The premium interview practice (spec 3-ai §2.8, §4.7, §7; DECISIONS.md; issue 15): the access code of a paid
 * Premium order opens it for one browser session; the interview is built from the applicant's own data and kept
 * server-side with every answer's evaluation.
 */
export class PremiumService {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    /** Reads the pasted data: the built-in rules, or a model whose reading must quote the text. */
    private readonly ai: Pick<AiEngine, 'readFacts'>,
    private readonly counters: AttemptCounters,
  ) {}

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

  /** The interview built from pasted text, or from the order's saved application. */
  async prepare(
    verified: Verified | undefined,
    ownerToken: string,
    input: { formData?: string; useSaved?: boolean; language: InterviewLanguage },
  ): Promise<{ interviewId: string; questions: InterviewQuestion[] }> {
    const order = await this.requireVerified(verified);
    const text = input.useSaved ? await this.savedText(order) : (input.formData ?? '');
    if (!text.trim()) {
      throw input.useSaved ? notFound('This order has no saved application to use.') : badRequest('formData', 'Please enter form data');
    }
    const facts = await this.ai.readFacts({ text });
    const questions = buildQuestions(facts, input.language);
    const now = new Date().toISOString();
    const row: PremiumInterviewRow = {
      id: randomUUID(),
      order_id: order.id,
      owner_token: ownerToken,
      language: input.language,
      facts: JSON.stringify(facts),
      questions: JSON.stringify(questions),
      answers: '{}',
      evaluations: '{}',
      created_at: now,
      updated_at: now,
    };
    await insertInterview(this.db, row);
    return { interviewId: row.id, questions };
  }

  /** One answer saved with its evaluation; answering a question again replaces both. */
  async evaluate(verified: Verified | undefined, input: { questionId: string; answer: string; language: InterviewLanguage }): Promise<Evaluation> {
    const order = await this.requireVerified(verified);
    return transact(this.db, async (trx) => {
      const row = verified?.interviewId ? await lockInterview(trx, this.dialect, verified.interviewId) : undefined;
      if (!row || row.order_id !== order.id) throw notFound('No interview in progress: prepare one first.');
      const interview = parsed(row);
      const question = interview.questions.find((q) => q.id === input.questionId);
      if (!question) throw badRequest('questionId', 'No question with this id in this interview.');
      const evaluation = evaluateAnswer(question, input.answer, interview.facts, input.language);
      await writeInterviewAnswers(trx, row.id, {
        answers: JSON.stringify({ ...interview.answers, [question.id]: input.answer.trim() }),
        evaluations: JSON.stringify({ ...interview.evaluations, [question.id]: evaluation }),
        updated_at: new Date().toISOString(),
      });
      return evaluation;
    });
  }

  /** The analysis of the interview so far; an answer sent here but never evaluated is weighed now. */
  async analyze(verified: Verified | undefined, input: { answers: Record<string, string>; language: InterviewLanguage }): Promise<FinalAnalysis & { evaluations: Record<string, Evaluation> }> {
    const order = await this.requireVerified(verified);
    const row = verified?.interviewId ? await findInterview(this.db, verified.interviewId) : undefined;
    if (!row || row.order_id !== order.id) throw notFound('No interview in progress: prepare one first.');
    const interview = parsed(row);
    const evaluations = { ...interview.evaluations };
    for (const question of interview.questions) {
      const answer = Object.hasOwn(input.answers, question.id) ? input.answers[question.id]?.trim() : undefined;
      if (!evaluations[question.id] && answer) evaluations[question.id] = evaluateAnswer(question, answer, interview.facts, input.language);
    }
    return { ...finalAnalysis(interview.questions, evaluations, interview.facts, input.language), evaluations };
  }

  private async savedText(order: PremiumOrder): Promise<string> {
    const formData = order.lead_id ? await findLeadFormData(this.db, order.lead_id) : undefined;
    const text = formData ? savedFormText(formData) : '';
    return Object.keys(readFacts(text)).length >= SAVED_FACTS_NEEDED ? text : '';
  }
}
