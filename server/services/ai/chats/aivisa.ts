import { transact } from '../../../../db/groupCommit';
import type { Dialect, Executor } from '../../../../db/index';
import { findChatSession, insertChatSessionOnce, linkChatLead, lockChatSession, releaseChatReply, writeChatReply, writeChatTurn } from '../../../../db/queries/chatSessions';
import { findLeadRow, type Owner } from '../../../../db/queries/leads';
import { getSetting } from '../../../../db/queries/settings';
import type { ChatSessionRow } from '../../../../db/schema';
import type { AivisaApplication, AivisaChat, AivisaTurn } from '../../../../openapi/schemas/aivisa';
import { badRequest, Problem } from '../../../lib/problems';
import { canAccess, refusal, type Access } from '../../access';
import { planOf } from '../../leads/legacy';
import type { LeadService } from '../../leads/service';
import { phrase } from '../builtin/phrases';
import type { Language } from '../builtin/text';
import type { AiEngine } from '../engine';
import type { ChatMessage } from '../schemas';
import { completion } from '../builtin/reply';
import { TurnBudget } from '../budget';
import type { ChatReplyInput } from '../schemas';
import { paywallLocks } from '../../../../machines/domain/paywall';
import { askedField, askFor, nextField, PURPOSES, readiness, readTurn, understood, type AivisaField, type Collected } from './aivisaScript';
import { clarifyOf, readChatTurn } from './chatTurn';
import type { Pending } from './conversation';
import { keptConversation } from './kept';
import { chatFieldRule } from './fieldRules';

/** The turns the engine sees: enough for context, bounded so a long chat costs the same. */
const CONTEXT = 20;

export interface AivisaTurnStream {
  /** The reply, in pieces as the engine produces them. */
  pieces: AsyncIterable<string>;
  /** Keeps the whole reply and gives the turn's answer. */
  finish(content: string): Promise<AivisaTurn>;
}

const collectedOf = (row: Pick<ChatSessionRow, 'collected'>) => JSON.parse(row.collected) as Collected;
const messagesOf = (row: Pick<ChatSessionRow, 'messages'>) => JSON.parse(row.messages) as Array<ChatMessage & { suggestions?: string[] }>;
const pendingOf = (row: Pick<ChatSessionRow, 'pending'>) => (row.pending ? (JSON.parse(row.pending) as Pending) : null);

/**
 * The advanced chat (spec 3-ai §2.5, §4.4; issue 13). The script decides what to ask and when to offer a plan;
 * the engine words it. What is collected is a lead of the browser's once e-mail, nationality and purpose are
 * known. Past readiness 80 the chat goes on only for an application that is paid for (402 otherwise).
 */
export class AivisaService {
  constructor(
    private readonly db: Executor,
    private readonly dialect: Dialect,
    private readonly engine: AiEngine,
    private readonly leads: LeadService,
  ) {}

  /** Read through the caller's transaction when there is one: SQLite has one connection, which it holds. */
  private async paid(row: Pick<ChatSessionRow, 'lead_id'>, db: Executor = this.db): Promise<boolean> {
    if (!row.lead_id) return false;
    return (await findLeadRow(db, row.lead_id))?.payment_status === 'paid';
  }

  private async owned(access: Access, sessionId: string): Promise<ChatSessionRow> {
    // Another chat's conversation under the same id is not an advanced-chat application.
    const found = await findChatSession(this.db, sessionId);
    const row = found?.chat === 'aivisa' ? found : undefined;
    if (!row || !canAccess(access, row)) throw refusal(Boolean(row), 'application');
    return row;
  }

  /** Null for a conversation not begun yet. */
  async application(access: Access, sessionId: string): Promise<AivisaApplication | null> {
    const row = await keptConversation(this.db, access, sessionId, 'aivisa');
    if (!row) return null;
    const collected = collectedOf(row);
    const messages = messagesOf(row).map(({ role, content, suggestions }) => ({ role, content, ...(suggestions ? { suggestions } : {}) }));
    return { status: (await this.paid(row)) ? 'paid' : 'in_progress', readiness: readiness(collected), collected: collected as Record<string, string>, messages };
  }

  async turn(owner: Owner, access: Access, body: AivisaChat, closed?: AbortSignal): Promise<AivisaTurnStream> {
    const language = (body.language ?? 'es') as Language;
    const budget = new TurnBudget(this.engine.turnMs);
    const at = new Date().toISOString();
    await insertChatSessionOnce(this.db, {
      id: body.sessionId,
      chat: 'aivisa',
      owner_token: owner.ownerToken,
      user_id: owner.userId,
      language,
      collected: '{}',
      messages: '[]',
      pending: null,
      lead_id: null,
      created_at: at,
      updated_at: at,
    });
    // The field this message answers: the one shown back to confirm, else the next one asked.
    const first = await findChatSession(this.db, body.sessionId);
    const known = first?.chat === 'aivisa' ? collectedOf(first) : {};
    const pending = first?.chat === 'aivisa' ? pendingOf(first) : null;
    const asking = (pending?.field as AivisaField | undefined) ?? nextField(known);
    const today = new Date();
    const read = await readChatTurn(this.engine, {
      ...(asking ? { asked: askedField(asking, known), question: askFor(asking, language).label, validate: chatFieldRule(asking, known, today) } : {}),
      text: body.message,
      language,
      pending,
      budget,
    });
    const prepared = await transact(this.db, async (trx) => {
      const row = await lockChatSession(trx, this.dialect, body.sessionId);
      if (!row || !canAccess(access, row)) throw refusal(Boolean(row), 'application');
      if (row.chat !== 'aivisa') throw badRequest('sessionId', 'belongs to another chat');
      const before = collectedOf(row);
      const paid = await this.paid(row, trx);
      if (paywallLocks({ paid, readiness: readiness(before) })) {
        throw new Problem(402, 'Complete payment to continue: this application is ready for review', {}, 'payment_required');
      }
      const stored = read.step?.kind === 'stored' ? read.step : undefined;
      const added = readTurn(before, asking, stored, read.found, today);
      const collected = { ...before, ...added };
      const messages = [...messagesOf(row), { role: 'user' as const, content: body.message }];
      const waiting = read.step?.kind === 'confirm' ? JSON.stringify(read.step.pending) : null;
      await writeChatTurn(trx, row, { collected: JSON.stringify(collected), messages: JSON.stringify(messages), pending: waiting, lead_id: row.lead_id, language, updated_at: at });
      return { row, collected, added, messages, paid };
    });
    // The turn took room for its reply: a failure before the reply is streamed gives it back.
    return this.answer(owner, body, prepared, read, asking, budget, closed).catch(async (err: unknown) => {
      await releaseChatReply(this.db, body.sessionId);
      throw err;
    });
  }

  private async answer(
    owner: Owner,
    body: AivisaChat,
    prepared: { row: ChatSessionRow; collected: Collected; added: Collected; messages: ChatMessage[]; paid: boolean },
    read: Awaited<ReturnType<typeof readChatTurn>>,
    asking: AivisaField | undefined,
    budget: TurnBudget,
    closed?: AbortSignal,
  ): Promise<AivisaTurnStream> {
    const language = (body.language ?? 'es') as Language;
    const leadId = await this.keepAsLead(owner, prepared.row, prepared.collected);
    const ready = readiness(prepared.collected);
    const { clarify, quick } = clarifyOf(read.step);
    // A value shown back is asked again as it was; otherwise the next field the application lacks.
    const field = read.step && read.step.kind !== 'stored' ? asking : nextField(prepared.collected);
    const ask = field ? askFor(field, language) : undefined;
    const showPaywall = paywallLocks({ paid: prepared.paid, readiness: ready });
    const offer = showPaywall ? 'pro' : undefined;
    const { chatAssistantName } = await getSetting(this.db, 'branding');
    const input: ChatReplyInput = {
      assistantName: chatAssistantName,
      language,
      messages: prepared.messages.slice(-CONTEXT).map(({ role, content }) => ({ role, content })),
      understood: understood(prepared.added, language),
      ...(clarify ? { clarify } : {}),
      // Behind the paywall the next question waits for the payment.
      ...(ask && !showPaywall ? { ask } : {}),
      ...(offer ? { offer } : {}),
    };
    const pieces = this.engine.chatReply(input, budget.rest(), closed);
    const purposeAsked = field === 'trip_purpose' && !showPaywall && quick.length === 0;
    const suggestions = quick.length > 0 ? quick : purposeAsked ? PURPOSES.map((p) => phrase(language, 'reply', `purpose.${p}`)) : [];
    const finish = async (content: string): Promise<AivisaTurn> => {
      // Whatever reached the applicant, the kept reply is whole: a reply cut short is completed (issue 32).
      const whole = content + completion(input, content);
      await transact(this.db, async (trx) => {
        const row = await lockChatSession(trx, this.dialect, body.sessionId);
        if (!row) return;
        const messages = [...messagesOf(row), { role: 'assistant' as const, content: whole, ...(suggestions.length ? { suggestions } : {}) }];
        await writeChatReply(trx, row, { collected: row.collected, messages: JSON.stringify(messages), pending: row.pending, lead_id: leadId ?? row.lead_id, language, updated_at: new Date().toISOString() });
      });
      const { collected } = prepared;
      return {
        content: whole,
        suggestions,
        application: { status: prepared.paid ? 'paid' : 'in_progress', readiness: ready, collected: collected as Record<string, string> },
        showPaywall,
        wizardData: {
          ...(ask && !showPaywall ? { next_question: ask.label } : {}),
          ...(ask && !showPaywall
            ? { ui_hints: suggestions.length > 0 ? { type: 'select' as const, options: suggestions } : { type: ask.input === 'email' ? ('email' as const) : ('text' as const) } }
            : {}),
        },
        stateUpdate: pick(collected, ['email', 'citizenship_country', 'trip_purpose', 'product_recommendation', 'selected_plan']),
      };
    };
    return { pieces, finish };
  }

  /** Spec 3-ai §4.4: the lead is kept once the e-mail, the nationality and the purpose are known. */
  private async keepAsLead(owner: Owner, row: ChatSessionRow, collected: Collected): Promise<string | null> {
    if (!collected.email || !collected.citizenship_country || !collected.trip_purpose) return row.lead_id;
    const { leadId } = await this.leads.saveChatLead(owner, {
      email: collected.email,
      citizenship_country: collected.citizenship_country,
      trip_purpose: collected.trip_purpose,
      ...(collected.product_recommendation ? { product_recommendation: collected.product_recommendation } : {}),
      ...(collected.selected_plan ? { selected_plan: collected.selected_plan } : {}),
    });
    if (leadId !== row.lead_id) await linkChatLead(this.db, row.id, leadId);
    return leadId;
  }

  /** POST /api/aivisa/checkout: the checkout page for the plan, for the chat's lead. */
  async checkout(access: Access, sessionId: string, plan: string): Promise<{ url: string }> {
    const row = await this.owned(access, sessionId);
    const product = planOf(plan);
    if (!product) throw badRequest('plan', 'must be basic (básico), pro or elite');
    const collected = collectedOf(row);
    const lead = row.lead_id ? `&lead=${row.lead_id}` : '';
    const esta = collected.product_recommendation === 'ESTA';
    return { url: esta ? `/checkout?formType=ESTA&plan=esta${lead}` : `/checkout?formType=DS-160&plan=${product}${lead}` };
  }
}

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k]])) as Pick<T, K>;
}
