import { transact } from '../../../../db/groupCommit';
import type { Dialect, Executor } from '../../../../db/index';
import { findChatSession, insertChatSessionOnce, lockChatSession, releaseChatReply, writeChatReply, writeChatTurn } from '../../../../db/queries/chatSessions';
import type { Owner } from '../../../../db/queries/leads';
import { getSetting } from '../../../../db/queries/settings';
import type { ChatSessionRow } from '../../../../db/schema';
import { recommendVisa, type Purpose } from '../../../../machines/domain/visaRules';
import type { AgentButton, AgentReply, AgentSession } from '../../../../openapi/schemas/agent';
import { badRequest } from '../../../lib/problems';
import { canAccess, refusal, type Access } from '../../access';
import type { LeadService } from '../../leads/service';
import { fieldLabel, phrase, spoken } from '../builtin/phrases';
import { fold, type Language } from '../builtin/text';
import type { AiEngine } from '../engine';
import type { ChatAsk, ChatMessage, ChatReplyInput, Extracted } from '../schemas';
import { completion } from '../builtin/reply';
import { TurnBudget } from '../budget';
import { askedOfChatField, codeOf } from '../reading/asked';
import type { Asked } from '../reading/types';
import { clarifyOf, readChatTurn } from './chatTurn';
import type { Pending } from './conversation';
import { keptConversation } from './kept';
import { chatFieldRule } from './fieldRules';
import { PURPOSES } from './aivisaScript';

// The consular-agent chat (spec 3-ai §2.6, §3 "Session (second chat)", §4.5; issue 13): the language first, then
// the country and purpose (and so the form it needs), the name, e-mail and phone; then the applicant is offered
// the form, the payment and the advanced chat, and asking for one of them takes them there.

type Step = 'country' | 'purpose' | 'name' | 'email' | 'phone';
const STEPS: readonly Step[] = ['country', 'purpose', 'name', 'email', 'phone'];
const ASK_KEY: Record<Step, string> = { country: 'citizenship_country', purpose: 'trip_purpose', name: 'fullName', email: 'email', phone: 'phone' };
const INPUT: Record<Step, ChatAsk['input']> = { country: 'country', purpose: 'none', name: 'text', email: 'email', phone: 'text' };

/** Words that ask to pay, or to fill the form, once the chat is ready. */
const WANTS_PAY = /\b(pag\w*|pay\w*|checkout|comprar|payer|paiement)\b/;
const WANTS_FORM = /\b(formulari\w*|form|formulaire|solicitud|application)\b/;


export type StoredMessage = ChatMessage & { buttons?: AgentButton[] };

const sessionOf = (row: Pick<ChatSessionRow, 'collected'>) => JSON.parse(row.collected) as AgentSession;
const messagesOf = (row: Pick<ChatSessionRow, 'messages'>) => JSON.parse(row.messages) as StoredMessage[];

function fresh(language: Language): AgentSession {
  return { language, readyForCheckout: false, questionsStarted: false, currentQuestionIndex: 0, wizardOffered: false, formData: {} };
}

export function nextStep(session: AgentSession): Step | undefined {
  return STEPS.find((step) => (step === 'name' ? !session.name : !session[step]));
}

/** Each step as the reading sees it; a phone typed without its code is read in the applicant's country. */
export function askedStep(step: Step, session: AgentSession): Asked {
  const country = codeOf(session.country);
  return askedOfChatField(step === 'name' ? 'fullName' : step, country ? { phoneCountry: country } : {});
}

/**
 * What this message gives (issue 32): the step asked, when the reading stored it, and what the message states
 * outright about steps not yet known (a nationality, the purpose, an e-mail, a phone), each passing its rule.
 */
export function readAgentTurn(session: AgentSession, asked: Step | undefined, stored: { value: string } | undefined, found: Extracted, today = new Date()): AgentSession {
  const next: AgentSession = { ...session, formData: { ...session.formData } };
  const fill = (step: Step, value: string | undefined) => {
    if (!value || (step === 'name' ? next.name : next[step]) || step === asked) return;
    if (chatFieldRule(step, {}, today)(value)) return;
    if (step === 'name') next.name = value;
    else next[step] = value;
  };
  if (asked && stored) {
    if (asked === 'name') next.name = stored.value;
    else next[asked] = stored.value;
  }
  fill('country', found.nationality);
  fill('purpose', found.purpose);
  fill('email', found.email);
  fill('phone', found.phone);
  if (next.email) next.formData.email = next.email;
  if (next.name) {
    const [first, ...rest] = next.name.split(/\s+/);
    next.formData.firstName = first;
    if (rest.length) next.formData.lastName = rest.join(' ');
  }
  if (next.country && next.purpose) {
    next.recommendation = recommendVisa(next.country, next.purpose as Purpose);
    next.formType = next.recommendation;
  }
  next.questionsStarted = true;
  next.currentQuestionIndex = STEPS.filter((s) => (s === 'name' ? next.name : next[s])).length;
  next.readyForCheckout = !nextStep(next);
  return next;
}

/** The agent's chats: one row per conversation in chat_sessions, owned like a lead. */
export class AgentService {
  constructor(
    private readonly db: Executor,
    private readonly dialect: Dialect,
    private readonly engine: AiEngine,
    private readonly leads: LeadService,
  ) {}

  /** The session and its messages as kept; null for a conversation not begun yet. */
  async kept(access: Access, sessionId: string): Promise<(AgentSession & { messages: StoredMessage[] }) | null> {
    const row = await keptConversation(this.db, access, sessionId, 'ai-chat');
    return row && { ...sessionOf(row), messages: messagesOf(row) };
  }

  async session(access: Access, sessionId: string): Promise<AgentSession & { messages: StoredMessage[] }> {
    // Another chat's conversation under the same id is not this chat's session: its row has another shape.
    const found = await findChatSession(this.db, sessionId);
    const row = found?.chat === 'ai-chat' ? found : undefined;
    if (!row || !canAccess(access, row)) throw refusal(Boolean(row), 'application');
    return { ...sessionOf(row), messages: messagesOf(row) };
  }

  private links(session: AgentSession, language: Language): { pay: string; form: string; buttons: AgentButton[] } {
    const esta = session.formType === 'ESTA';
    const lead = session.leadId ? `&lead=${session.leadId}` : '';
    const pay = esta ? `/checkout?formType=ESTA&plan=esta${lead}` : `/checkout?formType=DS-160&plan=pro${lead}`;
    const form = esta ? '/apply/esta-wizard' : '/ds160-wizard';
    const button = (key: string, url: string): AgentButton => ({ text: phrase(language, 'reply', `buttons.${key}`), action: 'link', url });
    return { pay, form, buttons: [button('form', form), button('pay', pay), button('advanced', '/aivisa')] };
  }

  async turn(owner: Owner, access: Access, body: { sessionId: string; message: string; language?: Language }, closed?: AbortSignal) {
    const at = new Date().toISOString();
    const language = body.language ?? 'es';
    const budget = new TurnBudget(this.engine.turnMs);
    await insertChatSessionOnce(this.db, {
      id: body.sessionId,
      chat: 'ai-chat',
      owner_token: owner.ownerToken,
      user_id: owner.userId,
      language,
      collected: JSON.stringify(fresh(language)),
      messages: '[]',
      pending: null,
      lead_id: null,
      created_at: at,
      updated_at: at,
    });
    const first = await findChatSession(this.db, body.sessionId);
    const known = first?.chat === 'ai-chat' ? sessionOf(first) : fresh(language);
    const pending = first?.chat === 'ai-chat' && first.pending ? (JSON.parse(first.pending) as Pending) : null;
    const asking = (pending?.field as Step | undefined) ?? nextStep(known);
    const lang = (body.language ?? known.language) as Language;
    const today = new Date();
    const read = body.message.trim()
      ? await readChatTurn(this.engine, {
          ...(asking ? { asked: { ...askedStep(asking, known), field: asking }, question: phrase(lang, 'reply', `ask.${ASK_KEY[asking]}`), validate: chatFieldRule(asking, {}, today) } : {}),
          text: body.message,
          language: lang,
          pending,
          budget,
        })
      : undefined;
    const prepared = await transact(this.db, async (trx) => {
      const row = await lockChatSession(trx, this.dialect, body.sessionId);
      if (!row || !canAccess(access, row)) throw refusal(Boolean(row), 'application');
      if (row.chat !== 'ai-chat') throw badRequest('sessionId', 'belongs to another chat');
      const before = sessionOf(row);
      const stored = read?.step?.kind === 'stored' ? read.step : undefined;
      const session = read ? readAgentTurn({ ...before, language: lang }, asking, stored, read.found, today) : { ...before, language: lang };
      const messages = [...messagesOf(row), ...(body.message.trim() ? [{ role: 'user' as const, content: body.message }] : [])];
      const waiting = read?.step?.kind === 'confirm' ? JSON.stringify(read.step.pending) : read ? null : row.pending;
      await writeChatTurn(trx, row, { collected: JSON.stringify(session), messages: JSON.stringify(messages), pending: waiting, lead_id: row.lead_id, language: session.language, updated_at: at });
      return { before, session, messages, row };
    });
    // The turn took room for its reply: a failure before the reply is streamed gives it back.
    return this.answer(owner, body, prepared, read, asking, budget, closed).catch(async (err: unknown) => {
      await releaseChatReply(this.db, body.sessionId);
      throw err;
    });
  }

  private async answer(
    owner: Owner,
    body: { sessionId: string; message: string; language?: Language },
    prepared: { before: AgentSession; session: AgentSession; messages: StoredMessage[] },
    read: Awaited<ReturnType<typeof readChatTurn>> | undefined,
    asking: Step | undefined,
    budget: TurnBudget,
    closed?: AbortSignal,
  ) {
    const lang = prepared.session.language as Language;
    const { before, messages } = prepared;
    let session = prepared.session;
    if (session.email) {
      const data = Object.fromEntries(
        Object.entries({ email: session.email, firstName: session.formData.firstName, lastName: session.formData.lastName, phone: session.phone, nationality: session.country, purpose: session.purpose }).filter(
          (entry): entry is [string, string] => Boolean(entry[1]),
        ),
      );
      session = { ...session, leadId: await this.leads.saveCollectedLead(owner, 'ai-chat', session.formType === 'ESTA' ? 'ESTA' : 'DS-160', data) };
    }
    const { pay, form, buttons: offers } = this.links(session, lang);
    const folded = fold(body.message);
    const redirect = before.readyForCheckout ? (WANTS_PAY.test(folded) ? pay : WANTS_FORM.test(folded) ? form : undefined) : undefined;
    const { clarify, quick } = clarifyOf(read?.step);
    // A value shown back is asked again as it was; otherwise the next step the chat lacks.
    const step = read?.step && read.step.kind !== 'stored' ? asking : nextStep(session);
    const understood = this.understood(before, session, lang);
    const { chatAssistantName } = await getSetting(this.db, 'branding');
    const input: ChatReplyInput = {
      assistantName: chatAssistantName,
      language: lang,
      messages: messages.slice(-20).map(({ role, content }) => ({ role, content })),
      understood: session.readyForCheckout && !before.readyForCheckout ? [...understood, phrase(lang, 'reply', 'ready')] : understood,
      ...(clarify ? { clarify } : {}),
      ...(step ? { ask: { field: step, label: phrase(lang, 'reply', `ask.${ASK_KEY[step]}`), input: INPUT[step] } } : {}),
    };
    const pieces = redirect
      ? (async function* () {
          yield phrase(lang, 'reply', 'redirect');
        })()
      : this.engine.chatReply(input, budget.rest(), closed);
    const buttons: AgentButton[] = redirect
      ? []
      : quick.length > 0
        ? quick.map((text) => ({ text, action: 'reply' as const }))
        : step === 'purpose'
          ? PURPOSES.map((p) => ({ text: phrase(lang, 'reply', `purpose.${p}`), action: 'reply' as const }))
          : session.readyForCheckout
            ? offers
            : [];
    const finish = async (raw: string): Promise<AgentReply> => {
      // Whatever reached the applicant, the kept reply is whole: a reply cut short is completed (issue 32).
      const content = redirect ? raw || phrase(lang, 'reply', 'redirect') : raw + completion(input, raw);
      const final = { ...session, ...(session.readyForCheckout ? { checkoutUrl: pay } : {}), wizardOffered: session.wizardOffered || buttons.some((b) => b.url === form) };
      await transact(this.db, async (trx) => {
        const row = await lockChatSession(trx, this.dialect, body.sessionId);
        if (!row) return;
        const all = [...messagesOf(row), { role: 'assistant' as const, content, ...(buttons.length ? { buttons } : {}) }];
        await writeChatReply(trx, row, { collected: JSON.stringify(final), messages: JSON.stringify(all), pending: row.pending, lead_id: final.leadId ?? row.lead_id, language: final.language, updated_at: new Date().toISOString() });
      });
      return { response: content, ...(redirect ? { redirect } : {}), buttons, session: final };
    };
    return { pieces, finish };
  }

  private understood(before: AgentSession, after: AgentSession, language: Language): string[] {
    const said: string[] = [];
    if (after.country && after.country !== before.country) said.push(`${fieldLabel(language, 'nationality')}: ${spoken(language, after.country, 'country')}`);
    if (after.purpose && after.purpose !== before.purpose) said.push(`${fieldLabel(language, 'purpose')}: ${spoken(language, after.purpose, 'purpose')}`);
    if (after.recommendation && after.recommendation !== before.recommendation) said.push(phrase(language, 'reply', 'recommendation', { type: after.recommendation }));
    if (after.name && after.name !== before.name) said.push(`${fieldLabel(language, 'name')}: ${after.name}`);
    if (after.email && after.email !== before.email) said.push(`${fieldLabel(language, 'email')}: ${after.email}`);
    if (after.phone && after.phone !== before.phone) said.push(`${fieldLabel(language, 'phone')}: ${after.phone}`);
    return said;
  }
}
