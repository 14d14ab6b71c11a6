import type { FormProgress, KeptSections, ReplyInput } from '../../../machines/sectionsChat.machine';
import { analyzeForm, intelligentChat, responseAnalysis, sectionsConversation } from '../../../openapi/routes/sections';
import { call } from '../call';
import { streamCall } from '../events';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';
import { startFreshCall } from './freshConversation';

type Language = 'es' | 'en' | 'fr' | 'pt';
type Section = FormProgress['currentSection'];

/** Spec 3-ai §7: the intelligent chat's three calls; its replies stream to the chat as they are written. */
export function sectionsChatCalls(http: Transport) {
  return {
    reply: ({ replyTo, language, ...body }: ReplyInput) =>
      streamCall(http, intelligentChat, { body: { ...body, language: language as Language } }, (text) => replyTo.send({ type: 'PIECE', text })),
    analyzeResponse: ({ language, ...body }: { sessionId: string; userResponse: string; currentSection: Section; formProgress: FormProgress; language: string; visaType?: 'DS-160' | 'ESTA' }) =>
      call(http, responseAnalysis, { body: { ...body, language: language as Language } }),
    // None begun in this browser yet is a 204: null.
    loadConversation: async ({ sessionId }: { sessionId: string }): Promise<KeptSections | null> =>
      ((await call(http, sectionsConversation, { params: { sessionId } })) as KeptSections | undefined) ?? null,
    analyzeForm: ({ language, ...body }: { formData: FormProgress; language: string; visaType?: 'DS-160' | 'ESTA' }) =>
      call(http, analyzeForm, { body: { ...body, language: language as Language } }),
    startFresh: startFreshCall(http),
  };
}

export const makeSectionsChatActors = (http: Transport) => actorsOf(sectionsChatCalls, http);
