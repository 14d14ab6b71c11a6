import { transact } from '../../../../db/groupCommit';
import type { Dialect, Executor } from '../../../../db/index';
import { findChatSession, insertChatSessionOnce, lockChatSession, writeChatSession } from '../../../../db/queries/chatSessions';
import type { Owner } from '../../../../db/queries/leads';
import { getSetting } from '../../../../db/queries/settings';
import type { ChatSessionRow } from '../../../../db/schema';
import { recommendVisa, type Purpose } from '../../../../machines/domain/visaRules';
import { isValidEmail } from '../../../../machines/domain/validators';
import type { AgentButton, AgentReply, AgentSession } from '../../../../openapi/schemas/agent';
import { badRequest } from '../../../lib/problems';
import { canAccess, refusal, type Access } from '../../access';
import type { LeadService } from '../../leads/service';
import { fieldLabel, phrase, spoken } from '../builtin/phrases';
import { fold, type Language } from '../builtin/text';
import type { AiEngine } from '../engine';
import type { ChatAsk, ChatMessage, Extracted } from '../schemas';
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

const NAME = /^[\p{L}][\p{L}' -]{1,80}$/u;

export type StoredMessage = ChatMessage & { buttons?: AgentButton[] };

const sessionOf = (row: Pick<ChatSessionRow, 'collected'>) => JSON.parse(row.collected) as AgentSession;
const messagesOf = (row: Pick<ChatSessionRow, 'messages'>) => JSON.parse(row.messages) as StoredMessage[];

function fresh(language: Language): AgentSession {
  return { language, readyForCheckout: false, questionsStarted: false, currentQuestionIndex: 0, wizardOffered: false, formData: {} };
}

export function nextStep(session: AgentSession): Step | undefined {
  return STEPS.find((step) => (step === 'name' ? !session.name : !session[step]));
}

/** What this message gives the step asked, and anything stated outright. */
export function readAgentTurn(session: AgentSession, message: string, found: Extracted): AgentSession {
  const asked = nextStep(session);
  const text = message.trim();
  const next: AgentSession = { ...session, formData: { ...session.formData } };
  const country = found.nationality ?? (asked === 'country' ? found.countries[0] : undefined);
  if (country && (!session.country || asked === 'country')) next.country = country;
  if (found.purpose && (!session.purpose || asked === 'purpose')) next.purpose = found.purpose;
  if (found.email && isValidEmail(found.email)) next.email = next.formData.email = found.email;
  if (found.phone && (asked === 'phone' || !session.phone)) next.phone = found.phone;
  const named = found.firstName ? [found.firstName, found.lastName].filter(Boolean).join(' ') : asked === 'name' && NAME.test(text) ? text : undefined;
  if (named) {
    const [first, ...rest] = named.split(/\s+/);
    next.name = named;
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

  async turn(owner: Owner, access: Access, body: { sessionId: string; message: string; language?: Language }, signal?: AbortSignal) {
    const at = new Date().toISOString();
    const language = body.language ?? 'es';
    await insertChatSessionOnce(this.db, {
      id: body.sessionId,
      chat: 'ai-chat',
      owner_token: owner.ownerToken,
      user_id: owner.userId,
      language,
      collected: JSON.stringify(fresh(language)),
      messages: '[]',
      lead_id: null,
      created_at: at,
      updated_at: at,
    });
    const found = body.message.trim() ? await this.engine.extract({ text: body.message, language }) : { dates: [], countries: [] };
    const prepared = await transact(this.db, async (trx) => {
      const row = await lockChatSession(trx, this.dialect, body.sessionId);
      if (!row || !canAccess(access, row)) throw refusal(Boolean(row), 'application');
      if (row.chat !== 'ai-chat') throw badRequest('sessionId', 'belongs to another chat');
      const before = sessionOf(row);
      const session = body.message.trim() ? readAgentTurn({ ...before, language: body.language ?? before.language }, body.message, found) : { ...before, language };
      const messages = [...messagesOf(row), ...(body.message.trim() ? [{ role: 'user' as const, content: body.message }] : [])];
      await writeChatSession(trx, row.id, { collected: JSON.stringify(session), messages: JSON.stringify(messages), lead_id: row.lead_id, language: session.language, updated_at: at });
      return { before, session, messages, row };
    });
    const { before, messages } = prepared;
    let session = prepared.session;
    const lang = session.language as Language;
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
    const step = nextStep(session);
    const understood = this.understood(before, session, lang);
    const { chatAssistantName } = await getSetting(this.db, 'branding');
    const pieces = redirect
      ? (async function* () {
          yield phrase(lang, 'reply', 'redirect');
        })()
      : this.engine.chatReply(
          {
            assistantName: chatAssistantName,
            language: lang,
            messages: messages.slice(-20).map(({ role, content }) => ({ role, content })),
            understood: session.readyForCheckout && !before.readyForCheckout ? [...understood, phrase(lang, 'reply', 'ready')] : understood,
            ...(step ? { ask: { field: step, label: phrase(lang, 'reply', `ask.${ASK_KEY[step]}`), input: INPUT[step] } } : {}),
          },
          signal,
        );
    const buttons: AgentButton[] = redirect
      ? []
      : step === 'purpose'
        ? PURPOSES.map((p) => ({ text: phrase(lang, 'reply', `purpose.${p}`), action: 'reply' as const }))
        : session.readyForCheckout
          ? offers
          : [];
    const finish = async (content: string): Promise<AgentReply> => {
      const final = { ...session, ...(session.readyForCheckout ? { checkoutUrl: pay } : {}), wizardOffered: session.wizardOffered || buttons.some((b) => b.url === form) };
      await transact(this.db, async (trx) => {
        const row = await lockChatSession(trx, this.dialect, body.sessionId);
        if (!row) return;
        const all = [...messagesOf(row), { role: 'assistant' as const, content, ...(buttons.length ? { buttons } : {}) }];
        await writeChatSession(trx, row.id, { collected: JSON.stringify(final), messages: JSON.stringify(all), lead_id: final.leadId ?? row.lead_id, language: final.language, updated_at: new Date().toISOString() });
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
