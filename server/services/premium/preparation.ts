import type { Db } from '../../../db/index';
import { claimPreparation, findInterview, writeInterview } from '../../../db/queries/premium';
import type { PremiumInterviewRow } from '../../../db/schema';
import { readFacts, type ApplicantFacts } from './facts/index';
import type { InterviewWriter } from './model';
import { planInterview, renderInterview } from './questions';
import { findingsOf } from './rules/index';
import type { InterviewLanguage } from './say';

// The premium interview's preparation as a job (issue 42): reading the pasted text, planning the questions and
// wording them may take a model several calls, so no request waits for it. The row is written 'preparing' with its
// text; this job fills it in and marks it 'ready'. Each model call has its share of one budget, and the built-in
// reading and wording answer past it, so a slow, silent or wrong model costs time, never the interview. The job is
// claimed in the database: another process takes it over when the claim goes stale, and doing it twice is harmless.

export interface PreparationSettings {
  /** The time all of a preparation's model calls may take together. */
  budgetMs: number;
  /** A claim older than this belongs to a process that went away. */
  staleMs: number;
}

export const PREPARATION: PreparationSettings = { budgetMs: 20_000, staleMs: 60_000 };

/** Every quoted piece of the facts: what a model's wording may draw on, and nothing else. */
export const sourcesOf = (facts: ApplicantFacts) => JSON.stringify(facts);

/** The prepared interview's columns: the facts, the rule book's findings, the plan and its questions in the row's language. */
export async function prepared(writer: InterviewWriter, text: string, language: InterviewLanguage, signal: AbortSignal) {
  const facts = await writer.readFacts(text, signal);
  const findings = findingsOf(facts);
  const plans = planInterview(facts, findings);
  const builtin = renderInterview(plans, facts, findings, language);
  const worded = writer.name === 'builtin' ? {} : await writer.wordQuestions({ language, text: sourcesOf(facts), questions: builtin.map((q) => ({ id: q.id, question: q.question, cites: q.cites.map((c) => c.shown) })) }, signal);
  const questions = builtin.map((q) => (worded[q.id] ? { ...q, question: worded[q.id] as string } : q));
  return { facts, findings, plans, questions, worded: writer.name === 'builtin' ? {} : { [language]: worded } };
}

export class PreparationJobs {
  private readonly running = new Map<string, Promise<'done' | 'held'>>();

  constructor(
    private readonly db: Db,
    private readonly writer: InterviewWriter,
    private readonly settings: PreparationSettings = PREPARATION,
  ) {}

  /**
   * Runs the interview's preparation here, or joins the run under way in this process. 'held' when another process
   * holds a fresh claim on it (the job runner tries again later), 'done' otherwise.
   */
  start(id: string): Promise<'done' | 'held'> {
    const under = this.running.get(id);
    if (under) return under;
    const run = this.run(id).finally(() => this.running.delete(id));
    this.running.set(id, run);
    return run;
  }

  /** Whether a preparing row's claim is stale, so the next one to look at it takes the job over. */
  stale(row: PremiumInterviewRow, now = Date.now()): boolean {
    return row.status === 'preparing' && !this.running.has(row.id) && (!row.claimed_at || Date.parse(row.claimed_at) < now - this.settings.staleMs);
  }

  private async run(id: string): Promise<'done' | 'held'> {
    const now = Date.now();
    if (!(await claimPreparation(this.db, id, new Date(now).toISOString(), new Date(now - this.settings.staleMs).toISOString()))) {
      const row = await findInterview(this.db, id);
      return row?.status === 'preparing' ? 'held' : 'done';
    }
    const row = await findInterview(this.db, id);
    if (!row || row.status !== 'preparing' || row.pending_text === null) return 'done';
    const language = row.language as InterviewLanguage;
    let done: Awaited<ReturnType<typeof prepared>>;
    try {
      done = await prepared(this.writer, row.pending_text, language, AbortSignal.timeout(this.settings.budgetMs));
    } catch {
      // The writer falls back by itself; this is the rules alone, should even that have failed.
      try {
        const facts = readFacts(row.pending_text);
        const findings = findingsOf(facts);
        const plans = planInterview(facts, findings);
        done = { facts, findings, plans, questions: renderInterview(plans, facts, findings, language), worded: {} };
      } catch {
        await writeInterview(this.db, id, { status: 'failed', pending_text: null, updated_at: new Date().toISOString() });
        return 'done';
      }
    }
    await writeInterview(this.db, id, {
      facts: JSON.stringify(done.facts),
      findings: JSON.stringify(done.findings),
      plans: JSON.stringify(done.plans),
      questions: JSON.stringify(done.questions),
      worded: JSON.stringify(done.worded),
      status: 'ready',
      pending_text: null,
      updated_at: new Date().toISOString(),
    });
    return 'done';
  }
}

/** The job runner's queue that backs a preparation up: run after a claim would go stale, it finishes what a dead process left. */
export const PREPARE_QUEUE = 'premium.prepare';
