import { randomUUID } from 'node:crypto';
import en from '../../../locales/en/assistant.json' with { type: 'json' };
import es from '../../../locales/es/assistant.json' with { type: 'json' };
import fr from '../../../locales/fr/assistant.json' with { type: 'json' };
import pt from '../../../locales/pt/assistant.json' with { type: 'json' };
import { transact } from '../../../db/groupCommit';
import type { Dialect, Executor } from '../../../db/index';
import { findAssistantSession, insertAssistantSession, linkAssistantLead, lockAssistantSession, writeAssistantMessages, writeAssistantTurn } from '../../../db/queries/assistantSessions';
import type { Owner } from '../../../db/queries/leads';
import type { AssistantSessionRow } from '../../../db/schema';
import { getCatalog } from '../../../machines/domain/catalogs/index';
import { toIsoDate, validateAnswer } from '../../../machines/domain/validators';
import type { AssistantAnswer, AssistantAnswered, AssistantConversation, AssistantLineDto, AssistantQuestion } from '../../../openapi/schemas/aiassistant';
import { badRequest } from '../../lib/problems';
import { canAccess, refusal, type Access } from '../access';
import { phrase } from './builtin/phrases';
import { INTERVIEWS, interviewProgress, text } from './builtin/interviews';
import type { Language } from './builtin/text';
import { TurnBudget } from './budget';
import { step, type Pending, type Step } from './chats/conversation';
import { askedOfQuestion, codeOf } from './reading/asked';
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

/** Other values an answer may give, and the question each fills ("my name is Ana Souza" gives the last name too). */
const ALSO: Record<string, string> = { lastName: 'last-name' };

/** Answers that place a phone typed without its country code, most telling first. */
const PHONE_COUNTRY = ['home-country', 'passport-country', 'nationality', 'birth-country'];

const answersOf = (row: AssistantSessionRow) => JSON.parse(row.answers) as Record<string, string>;
const linesOf = (row: AssistantSessionRow) => JSON.parse(row.messages) as AssistantLineDto[];
const pendingOf = (row: AssistantSessionRow) => (row.pending ? (JSON.parse(row.pending) as Pending) : null);

/**
 * The AI assistant page's interview (spec 3-ai §2.4, §4.3; issues 13, 32): the engine asks the scripted questions
 * in order; each answer goes through the one reading of answers (chats/conversation.ts): stored when it is read
 * surely and the wizard's own rule accepts it, otherwise shown back and asked, in the conversation's language. The
 * conversation is kept on the server, so a reload shows it.
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
    await insertAssistantSession(this.db, { id, owner_token: owner.ownerToken, user_id: owner.userId, type, answers: '{}', messages: '[]', pending: null, language: null, lead_id: null, created_at: at, updated_at: at });
    return { sessionId: id };
  }

  private async owned(access: Access, sessionId: string): Promise<AssistantSessionRow> {
    const row = await findAssistantSession(this.db, sessionId);
    if (!row || !canAccess(access, row)) throw refusal(Boolean(row), 'application');
    return row;
  }

  /** GET /api/aiassistant/session/{id}: the conversation as it was, for a reload. */
  async conversation(access: Access, sessionId: string): Promise<AssistantConversation> {
    const row = await this.owned(access, sessionId);
    const language = (row.language ?? 'es') as Language;
    return { sessionId: row.id, type: row.type, language, lines: linesOf(row) };
  }

  async next(access: Access, sessionId: string, language: Language = 'es'): Promise<AssistantQuestion> {
    const row = await this.owned(access, sessionId);
    const next = await this.engine.nextQuestion({ type: row.type, answers: answersOf(row), language });
    if (!next.done && next.question) {
      const { id, label, type, options } = next.question;
      await this.remember(row.id, language, { role: 'assistant', text: label, questionId: id });
      return { done: false, message: '', question: label, field: { id, label, type, ...(options ? { options } : {}) }, progress: next.progress };
    }
    const lead = row.lead_id ? `&lead=${row.lead_id}` : '';
    const link = (plan: string) => (row.type === 'esta' ? `/checkout?formType=ESTA&plan=esta${lead}` : `/checkout?formType=DS-160&plan=${plan}${lead}`);
    await this.remember(row.id, language, { role: 'assistant', text: DONE[language], questionId: 'done' });
    // The plans' prices for this application: a work visa's government fee is not a visitor's (issue 44).
    const prices = row.lead_id ? await this.leads.pricesOf(row.lead_id) : null;
    return {
      done: true,
      message: DONE[language],
      question: '',
      progress: next.progress,
      checkoutUrls: { basic: link(PLANS.basic), pro: link(PLANS.pro), elite: link(PLANS.elite) },
      ...(prices ? { checkoutPrices: prices } : {}),
    };
  }

  /** A question line joins the conversation once: asked again in the same language after a reload, it is not repeated. */
  private async remember(id: string, language: Language, line: AssistantLineDto): Promise<void> {
    await transact(this.db, async (trx) => {
      const row = await lockAssistantSession(trx, this.dialect, id);
      if (!row) return;
      const lines = linesOf(row);
      const last = lines.at(-1);
      if (last && last.role === 'assistant' && last.questionId === line.questionId && last.text === line.text) return;
      await writeAssistantMessages(trx, id, { messages: JSON.stringify([...lines, line]), language, updated_at: new Date().toISOString() });
    });
  }

  async answer(owner: Owner, access: Access, body: AssistantAnswer): Promise<AssistantAnswered> {
    const language = (body.language ?? 'es') as Language;
    const before = await this.owned(access, body.sessionId);
    const questions = INTERVIEWS[before.type];
    const question = questions.find((q) => q.id === body.question_id);
    if (!question) throw badRequest('question_id', `is not a question of the ${before.type === 'esta' ? 'ESTA' : 'DS-160'} interview`);
    const catalog = getCatalog(before.type);
    const known = answersOf(before);
    const today = new Date();
    const phoneCountry = codeOf(PHONE_COUNTRY.map((id) => known[id]).find(Boolean));
    const asked = askedOfQuestion(question, phoneCountry ? { phoneCountry, homeCountry: phoneCountry } : {});
    // The model's part of the turn; the built-in reading answers past it.
    const budget = new TurnBudget(this.engine.turnMs);
    const read = await step({
      engine: this.engine,
      asked,
      question: text(question.labelKey, language),
      text: body.answer,
      language,
      today,
      pending: pendingOf(before),
      signal: budget.rest(),
      validate: (value) => validateAnswer(question, value, { rules: catalog.rules, answers: known, today: toIsoDate(today) }),
    });
    // An optional question answered "none" or "I don't know" is skipped, as the wizard lets it be left empty.
    const outcome: Step = !question.required && read.kind === 'again' && read.why === 'dontKnow' ? { kind: 'stored', value: '', shown: '', changed: false } : read;
    const saved = await transact(this.db, async (trx) => {
      const row = await lockAssistantSession(trx, this.dialect, body.sessionId);
      if (!row || !canAccess(access, row)) throw refusal(Boolean(row), 'application');
      const answers = answersOf(row);
      const reply =
        outcome.kind === 'stored'
          ? outcome.changed
            ? { text: phrase(language, 'reply', 'clarify.noted', { value: outcome.shown }), quickAnswers: [] }
            : undefined
          : { text: outcome.clarify, quickAnswers: outcome.quick };
      if (outcome.kind === 'stored') {
        answers[question.id] = outcome.value;
        for (const [key, value] of Object.entries(outcome.also ?? {})) {
          const other = questions.find((q) => q.id === ALSO[key]);
          if (other && answers[other.id] === undefined && !validateAnswer(other, value, { rules: catalog.rules, answers, today: toIsoDate(today) })) answers[other.id] = value;
        }
      }
      const lines = [...linesOf(row), { role: 'user' as const, text: body.answer.trim() }, ...(reply ? [{ role: 'assistant' as const, text: reply.text, ...(reply.quickAnswers.length ? { quickAnswers: reply.quickAnswers } : {}) }] : [])];
      const pending = outcome.kind === 'confirm' ? JSON.stringify(outcome.pending) : null;
      await writeAssistantTurn(trx, row.id, { answers: JSON.stringify(answers), messages: JSON.stringify(lines), pending, language, updated_at: new Date().toISOString() });
      const progress = interviewProgress(row.type, answers);
      return { row, answers, answered: { saved: outcome.kind === 'stored', ...(outcome.kind === 'stored' ? { value: outcome.value } : {}), progress, ...(reply ? { reply } : {}) } };
    });
    if (saved.answered.saved) await this.keepAsLead(owner, saved.row, saved.answers);
    return saved.answered;
  }

  /** What the interview collected is a lead of this browser's as soon as it has an e-mail (issue 13). */
  private async keepAsLead(owner: Owner, row: AssistantSessionRow, answers: Record<string, string>): Promise<void> {
    const { fields, purpose } = CAPTURE[row.type];
    if (!answers[fields.email]) return;
    const leadId = await this.leads.saveInterviewLead(owner, { source: `airassistant-${row.type}`, fields: { ...fields }, answers, purpose: answers[purpose]?.toLowerCase(), asked: INTERVIEWS[row.type].map((q) => q.id) });
    if (leadId !== row.lead_id) await linkAssistantLead(this.db, row.id, leadId);
  }
}
