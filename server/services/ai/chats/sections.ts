import { transact } from '../../../../db/groupCommit';
import type { Dialect, Executor } from '../../../../db/index';
import { checkReplyRoom, findChatSession, insertChatSessionOnce, lockChatSession, writeChatReply, writeChatTurn } from '../../../../db/queries/chatSessions';
import type { Owner } from '../../../../db/queries/leads';
import { getSetting } from '../../../../db/queries/settings';
import type { ChatSessionRow } from '../../../../db/schema';
import { chatProgress, SECTION_KEY, sectionData, type ChatField, type ChatSection } from '../../../../machines/domain/chatFields';
import type { FormAnalysis, FormProgress, IntelligentChat, ResponseAnalysis, SectionsConversation } from '../../../../openapi/schemas/sections';
import { badRequest } from '../../../lib/problems';
import { canAccess, refusal, type Access } from '../../access';
import type { LeadService } from '../../leads/service';
import { completion } from '../builtin/reply';
import type { Language } from '../builtin/text';
import { READING_SHARE, TurnBudget } from '../budget';
import type { AiEngine } from '../engine';
import type { ChatReplyInput } from '../schemas';
import { clarifyOf, readChatTurn } from './chatTurn';
import type { Pending } from './conversation';
import { keptConversation } from './kept';
import { chatFieldRule } from './fieldRules';
import { askedSectionField, askField, isComplete, nextInSection, nextSection, readSection, understoodFields, type SectionData } from './sectionsScript';

/** The five sections' fields as one record. */
export const flatten = (progress: FormProgress): SectionData => sectionData(progress);

const formTypeOf = (visaType: string | undefined): 'DS-160' | 'ESTA' => (visaType?.toUpperCase() === 'ESTA' ? 'ESTA' : 'DS-160');

export interface ReplyStream {
  pieces: AsyncIterable<string>;
  finish(content: string): Promise<{ response: string; isComplete: boolean; nextSection?: ChatSection; quickAnswers?: string[] }>;
}

type Message = { role: 'user' | 'assistant'; content: string; quickAnswers?: string[] };

/** A kept conversation: its form, and what the last answer's reading left for the reply to say. */
interface Kept {
  progress: FormProgress;
  turn?: { understood: string[]; clarify?: string; quick: string[] };
}

const keptOf = (row: ChatSessionRow) => JSON.parse(row.collected) as Kept;
const messagesOf = (row: ChatSessionRow) => JSON.parse(row.messages) as Message[];

/** The form with a section's new values merged in and its progress counted again (spec 3-ai §4.6). */
function merged(progress: FormProgress, section: ChatSection, values: SectionData): FormProgress {
  const key = SECTION_KEY[section];
  const next = { ...progress, [key]: { ...progress[key], ...values } } as FormProgress;
  return { ...next, totalProgress: chatProgress(sectionData(next)) };
}

/**
 * The intelligent chat (spec 3-ai §2.7, §4.6; issues 13, 32). Each answer is read into the current section through
 * the one reading of answers (sure or ask), the reply asks what the section (or the next one) still lacks, and the
 * final analysis judges the whole. With the browser's conversation id the server keeps the form and the
 * conversation, so a reload shows them; what it collects is a lead of the browser's once it has an e-mail.
 */
export class SectionsService {
  constructor(
    private readonly db: Executor,
    private readonly dialect: Dialect,
    private readonly engine: AiEngine,
    private readonly leads: LeadService,
  ) {}

  /** The conversation row of this browser, made with the page's form the first time. */
  private async session(owner: Owner, access: Access, sessionId: string, progress: FormProgress, language: Language): Promise<ChatSessionRow> {
    const at = new Date().toISOString();
    await insertChatSessionOnce(this.db, {
      id: sessionId,
      chat: 'sections',
      owner_token: owner.ownerToken,
      user_id: owner.userId,
      language,
      collected: JSON.stringify({ progress } satisfies Kept),
      messages: '[]',
      pending: null,
      lead_id: null,
      created_at: at,
      updated_at: at,
    });
    const row = await findChatSession(this.db, sessionId);
    if (!row || !canAccess(access, row)) throw refusal(Boolean(row), 'application');
    if (row.chat !== 'sections') throw badRequest('sessionId', 'belongs to another chat');
    return row;
  }

  /** Null for a conversation not begun yet. */
  async conversation(access: Access, sessionId: string): Promise<SectionsConversation | null> {
    const row = await keptConversation(this.db, access, sessionId, 'sections');
    const messages = row ? messagesOf(row) : [];
    // Nothing said yet is no conversation to show: the page greets as for a new one.
    if (!row || messages.length === 0) return null;
    return { language: row.language as Language, formProgress: keptOf(row).progress, messages };
  }

  async analyzeResponse(owner: Owner, access: Access, body: ResponseAnalysis) {
    const language = body.language as Language;
    const row = body.sessionId ? await this.session(owner, access, body.sessionId, body.formProgress, language) : undefined;
    // With a kept conversation the server's form is the one that counts; the page's copy is only a first draft.
    const progress = row ? keptOf(row).progress : body.formProgress;
    const section = row ? progress.currentSection : body.currentSection;
    const data = flatten(progress);
    const pending = row?.pending ? (JSON.parse(row.pending) as Pending) : null;
    const asking = (pending?.field as ChatField | undefined) ?? nextInSection(section, data);
    const today = new Date();
    const read = await readChatTurn(this.engine, {
      ...(asking ? { asked: askedSectionField(asking, data), validate: chatFieldRule(asking, data, today) } : {}),
      text: body.userResponse,
      language,
      pending,
      budget: new TurnBudget(this.engine.turnMs * READING_SHARE),
    });
    const stored = read.step?.kind === 'stored' ? read.step : undefined;
    const extractedData = readSection(section, data, asking, stored, read.found, today);
    const understood = understoodFields(extractedData, language);
    const { clarify, quick } = clarifyOf(read.step);
    const all = { ...data, ...extractedData };
    if (all.email) await this.leads.saveCollectedLead(owner, 'ai-chat-sections', formTypeOf(body.visaType), all as Record<string, string>);
    if (row) {
      await transact(this.db, async (trx) => {
        const locked = await lockChatSession(trx, this.dialect, row.id);
        if (!locked) return;
        const kept = keptOf(locked);
        const next: Kept = { progress: merged(kept.progress, section, extractedData), turn: { understood, ...(clarify ? { clarify } : {}), quick } };
        const messages = [...messagesOf(locked), { role: 'user' as const, content: body.userResponse }];
        const waiting = read.step?.kind === 'confirm' ? JSON.stringify(read.step.pending) : null;
        // The reply comes by the next request: this answer takes its room now.
        await writeChatTurn(trx, locked, { collected: JSON.stringify(next), messages: JSON.stringify(messages), pending: waiting, lead_id: locked.lead_id, language, updated_at: new Date().toISOString() });
      });
    }
    return { extractedData: extractedData as Record<string, string>, understood, ...(clarify ? { clarify } : {}), ...(quick.length ? { quickAnswers: quick } : {}) };
  }

  async reply(owner: Owner, access: Access, body: IntelligentChat, closed?: AbortSignal): Promise<ReplyStream> {
    const language = body.language as Language;
    const row = body.sessionId ? await this.session(owner, access, body.sessionId, body.context.formProgress, language) : undefined;
    // A reply with no room is refused before a word of it is shown (issue 41).
    if (row) checkReplyRoom(row);
    const kept = row ? keptOf(row) : undefined;
    const progress = kept?.progress ?? body.context.formProgress;
    const data = flatten(progress);
    const current = progress.currentSection;
    const complete = isComplete(data);
    const moveTo = nextInSection(current, data) ? undefined : nextSection(current, data);
    const section = moveTo ?? current;
    const field = complete ? undefined : nextInSection(section, data);
    const { chatAssistantName } = await getSetting(this.db, 'branding');
    // The kept conversation already ends with this message (the answer's reading wrote it); the page's history is spec 3-ai §9's last 6.
    const messages = row
      ? messagesOf(row).slice(-7).map(({ role, content }) => ({ role, content }))
      : [...body.messageHistory, ...(body.message.trim() ? [{ role: 'user' as const, content: body.message }] : [])];
    const turn = kept?.turn;
    const input: ChatReplyInput = {
      assistantName: chatAssistantName,
      language,
      messages,
      understood: turn?.understood ?? body.context.understood ?? [],
      ...(turn?.clarify ? { clarify: turn.clarify } : {}),
      ...(field ? { ask: askField(field, language) } : {}),
    };
    // The reply has what the reading left of the turn's time.
    const pieces = this.engine.chatReply(input, new TurnBudget(this.engine.turnMs * (1 - READING_SHARE)).rest(), closed);
    const quickAnswers = turn?.quick ?? [];
    const finish = async (raw: string) => {
      const response = raw + completion(input, raw);
      if (row) {
        await transact(this.db, async (trx) => {
          const locked = await lockChatSession(trx, this.dialect, row.id);
          if (!locked) return;
          const now = keptOf(locked).progress;
          // Spec 3-ai §4.6: told of a next section, the current one moves to the completed list.
          const progressed = moveTo
            ? { ...now, completedSections: [...new Set([...now.completedSections, now.currentSection])].filter((s) => s !== moveTo), currentSection: moveTo }
            : now;
          const messages = [...messagesOf(locked), { role: 'assistant' as const, content: response, ...(quickAnswers.length ? { quickAnswers } : {}) }];
          await writeChatReply(trx, locked, { collected: JSON.stringify({ progress: progressed } satisfies Kept), messages: JSON.stringify(messages), pending: locked.pending, lead_id: locked.lead_id, language, updated_at: new Date().toISOString() });
        });
      }
      return { response, isComplete: complete, ...(moveTo ? { nextSection: moveTo } : {}), ...(quickAnswers.length ? { quickAnswers } : {}) };
    };
    return { pieces, finish };
  }

  async analyzeForm(formData: FormProgress, language: Language, visaType?: string): Promise<FormAnalysis> {
    const result = await this.engine.analyze({ formType: formTypeOf(visaType), language, data: flatten(formData) as Record<string, string> });
    return { analysis: result.summary, hasErrors: result.errors.length > 0, hasWarnings: result.warnings.length > 0, errors: result.errors, warnings: result.warnings };
  }
}

