import { randomUUID } from 'node:crypto';
import en from '../../../locales/en/assistant.json' with { type: 'json' };
import es from '../../../locales/es/assistant.json' with { type: 'json' };
import fr from '../../../locales/fr/assistant.json' with { type: 'json' };
import pt from '../../../locales/pt/assistant.json' with { type: 'json' };
import { transact } from '../../../db/groupCommit';
import type { Dialect, Executor } from '../../../db/index';
import { findAssistantSession, insertAssistantSession, linkAssistantLead, lockAssistantSession, writeAssistantAnswers } from '../../../db/queries/assistantSessions';
import type { Owner } from '../../../db/queries/leads';
import type { AssistantSessionRow } from '../../../db/schema';
import { getCatalog } from '../../../machines/domain/catalogs/index';
import { toIsoDate, validateAnswer } from '../../../machines/domain/validators';
import type { AssistantAnswer, AssistantQuestion } from '../../../openapi/schemas/aiassistant';
import { englishMessage } from '../../lib/messages';
import { badRequest, Problem } from '../../lib/problems';
import { canAccess, refusal, type Access } from '../access';
import { interpretAnswer } from './builtin/interpret';
import { INTERVIEWS, text } from './builtin/interviews';
import type { Language } from './builtin/text';
import type { LeadService } from '../leads/service';
import type { AiEngine } from './engine';

const DONE: Record<Language, string> = { en: en.interview.done, es: es.interview.done, fr: fr.interview.done, pt: pt.interview.done };

/**
 * The three plan cards of spec 3-ai §2.4 (Básico, Pro, Elite) are the DS-160 packages basic, pro and premium.
 * An ESTA has one service, not packages: after the ESTA interview every link opens it.
 */
const PLANS = { basic: 'basic', pro: 'pro', elite: 'premium' } as const;

/** Which interview answers are the lead's e-mail, names, phone, nationality and purpose. */
const CAPTURE = {
  ds160: { fields: { email: 'email-address', firstName: 'first-name', lastName: 'last-name', phone: 'phone-number', nationality: 'nationality' }, purpose: 'purpose-of-trip' },
  esta: { fields: { email: 'email', firstName: 'first-name', lastName: 'last-name', phone: 'phone', nationality: 'passport-country' }, purpose: 'purpose' },
} as const;

const answersOf = (row: AssistantSessionRow) => JSON.parse(row.answers) as Record<string, string>;

/**
 * The AI assistant page's interview (spec 3-ai §2.4, §4.3; issue 13): the engine asks the scripted questions in
 * order; each answer is read into its question's form and checked with the wizard's own rules before it is kept.
 */
export class AssistantService {
  constructor(
    private readonly db: Executor,
    private readonly dialect: Dialect,
    private readonly engine: AiEngine,
    private readonly leads: LeadService,
  ) {}

  async begin(owner: Owner, type: 'ds160' | 'esta'): Promise<{ sessionId: string }> {
    const at = new Date().toISOString();
    const id = randomUUID();
    await insertAssistantSession(this.db, { id, owner_token: owner.ownerToken, user_id: owner.userId, type, answers: '{}', lead_id: null, created_at: at, updated_at: at });
    return { sessionId: id };
  }

  private async owned(access: Access, sessionId: string): Promise<AssistantSessionRow> {
    const row = await findAssistantSession(this.db, sessionId);
    if (!row || !canAccess(access, row)) throw refusal(Boolean(row), 'application');
    return row;
  }

  async next(access: Access, sessionId: string, language: Language = 'es'): Promise<AssistantQuestion> {
    const row = await this.owned(access, sessionId);
    const next = await this.engine.nextQuestion({ type: row.type, answered: Object.keys(answersOf(row)), language });
    if (!next.done && next.question) {
      const { id, label, type, options } = next.question;
      return { done: false, message: '', question: label, field: { id, label, type, ...(options ? { options } : {}) }, progress: next.progress };
    }
    const lead = row.lead_id ? `&lead=${row.lead_id}` : '';
    const link = (plan: string) => (row.type === 'esta' ? `/checkout?formType=ESTA&plan=esta${lead}` : `/checkout?formType=DS-160&plan=${plan}${lead}`);
    return {
      done: true,
      message: DONE[language],
      question: '',
      progress: next.progress,
      checkoutUrls: { basic: link(PLANS.basic), pro: link(PLANS.pro), elite: link(PLANS.elite) },
    };
  }

  async answer(owner: Owner, access: Access, body: AssistantAnswer): Promise<{ saved: true; value: string; progress: { answered: number; total: number } }> {
    const language = body.language ?? 'es';
    const saved = await transact(this.db, async (trx) => {
      const row = await lockAssistantSession(trx, this.dialect, body.sessionId);
      if (!row || !canAccess(access, row)) throw refusal(Boolean(row), 'application');
      const questions = INTERVIEWS[row.type];
      const question = questions.find((q) => q.id === body.question_id);
      if (!question) throw badRequest('question_id', `is not a question of the ${row.type === 'esta' ? 'ESTA' : 'DS-160'} interview`);
      const answers = answersOf(row);
      const value = interpretAnswer(question, body.answer, language, (key) => text(key, language));
      const catalog = getCatalog(row.type);
      const error = validateAnswer(question, value, { rules: catalog.rules, answers, today: toIsoDate(new Date()) });
      // The rule's message key rides along, so the page words it in its own language; the English is for the API.
      if (error) throw new Problem(400, `body.answer: ${englishMessage(error)}`, {}, error.params ? undefined : error.key.includes(':') ? error.key : `validation:${error.key}`);
      answers[question.id] = value;
      await writeAssistantAnswers(trx, row.id, JSON.stringify(answers), new Date().toISOString());
      return { row, answers, reply: { saved: true as const, value, progress: { answered: questions.filter((q) => answers[q.id] !== undefined).length, total: questions.length } } };
    });
    await this.keepAsLead(owner, saved.row, saved.answers);
    return saved.reply;
  }

  /** What the interview collected is a lead of this browser's as soon as it has an e-mail (issue 13). */
  private async keepAsLead(owner: Owner, row: AssistantSessionRow, answers: Record<string, string>): Promise<void> {
    const { fields, purpose } = CAPTURE[row.type];
    if (!answers[fields.email]) return;
    const leadId = await this.leads.saveInterviewLead(owner, { source: `airassistant-${row.type}`, fields: { ...fields }, answers, purpose: answers[purpose]?.toLowerCase() });
    if (leadId !== row.lead_id) await linkAssistantLead(this.db, row.id, leadId);
  }
}
