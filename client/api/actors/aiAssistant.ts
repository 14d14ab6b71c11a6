import { answerAssistantQuestion, assistantConversation, createAssistantSession, nextAssistantQuestion } from '../../../openapi/routes/aiassistant';
import type { ConversationLanguage, InterviewKind } from '../../../machines/aiAssistant.machine';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** Spec 3-ai §7: the AI assistant's interview, one question at a time. */
export function aiAssistantCalls(http: Transport) {
  return {
    createSession: ({ type }: { type: InterviewKind }) => call(http, createAssistantSession, { body: { type } }),
    nextQuestion: ({ sessionId, language }: { sessionId: string; language: ConversationLanguage }) => call(http, nextAssistantQuestion, { body: { sessionId, language } }),
    sendAnswer: (body: { sessionId: string; question_id: string; question_label: string; answer: string; language: ConversationLanguage }) =>
      call(http, answerAssistantQuestion, { body }),
    loadConversation: async ({ sessionId }: { sessionId: string }) => {
      const { language, lines } = await call(http, assistantConversation, { params: { sessionId } });
      return { language, lines };
    },
  };
}

export const makeAiAssistantActors = (http: Transport) => actorsOf(aiAssistantCalls, http);
