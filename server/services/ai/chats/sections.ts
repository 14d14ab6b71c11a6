import type { Executor } from '../../../../db/index';
import type { Owner } from '../../../../db/queries/leads';
import { getSetting } from '../../../../db/queries/settings';
import { sectionData, type ChatSection } from '../../../../machines/domain/chatFields';
import type { FormAnalysis, FormProgress, IntelligentChat, ResponseAnalysis } from '../../../../openapi/schemas/sections';
import type { LeadService } from '../../leads/service';
import type { Language } from '../builtin/text';
import type { AiEngine } from '../engine';
import { askField, isComplete, nextInSection, nextSection, readSection, understoodFields, type SectionData } from './sectionsScript';

/** The five sections' fields as one record. */
export const flatten = (progress: FormProgress): SectionData => sectionData(progress);

const formTypeOf = (visaType: string | undefined): 'DS-160' | 'ESTA' => (visaType?.toUpperCase() === 'ESTA' ? 'ESTA' : 'DS-160');

export interface ReplyStream {
  pieces: AsyncIterable<string>;
  finish(content: string): { response: string; isComplete: boolean; nextSection?: ChatSection };
}

/**
 * The intelligent chat (spec 3-ai §2.7, §4.6; issue 13). The page keeps the form's progress and sends it; each
 * answer is read into the current section, the reply asks what the section (or the next one) still lacks, and
 * the final analysis judges the whole. What it collects is a lead of the browser's once it has an e-mail.
 */
export class SectionsService {
  constructor(
    private readonly db: Executor,
    private readonly engine: AiEngine,
    private readonly leads: LeadService,
  ) {}

  async analyzeResponse(owner: Owner, body: ResponseAnalysis): Promise<{ extractedData: Record<string, string>; understood: string[] }> {
    const language = body.language as Language;
    const data = flatten(body.formProgress);
    const found = await this.engine.extract({ text: body.userResponse, language });
    const extractedData = readSection(body.currentSection, data, body.userResponse, found);
    const merged = { ...data, ...extractedData };
    if (merged.email) await this.leads.saveCollectedLead(owner, 'ai-chat-sections', formTypeOf(body.visaType), merged as Record<string, string>);
    return { extractedData: extractedData as Record<string, string>, understood: understoodFields(extractedData, language) };
  }

  async reply(body: IntelligentChat, signal?: AbortSignal): Promise<ReplyStream> {
    const language = body.language as Language;
    const data = flatten(body.context.formProgress);
    const current = body.context.formProgress.currentSection;
    const complete = isComplete(data);
    const moveTo = nextInSection(current, data) ? undefined : nextSection(current, data);
    const section = moveTo ?? current;
    const field = complete ? undefined : nextInSection(section, data);
    const { chatAssistantName } = await getSetting(this.db, 'branding');
    const messages = [...body.messageHistory, ...(body.message.trim() ? [{ role: 'user' as const, content: body.message }] : [])];
    const pieces = this.engine.chatReply(
      { assistantName: chatAssistantName, language, messages, understood: body.context.understood ?? [], ...(field ? { ask: askField(field, language) } : {}) },
      signal,
    );
    return { pieces, finish: (content) => ({ response: content, isComplete: complete, ...(moveTo ? { nextSection: moveTo } : {}) }) };
  }

  async analyzeForm(formData: FormProgress, language: Language, visaType?: string): Promise<FormAnalysis> {
    const result = await this.engine.analyze({ formType: formTypeOf(visaType), language, data: flatten(formData) as Record<string, string> });
    return { analysis: result.summary, hasErrors: result.errors.length > 0, hasWarnings: result.warnings.length > 0, errors: result.errors, warnings: result.warnings };
  }
}
