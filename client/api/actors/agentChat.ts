import type { AgentSendInput } from '../../../machines/agentChat.machine';
import { agentChat, agentSession, ds160Progress, ds160Sections } from '../../../openapi/routes/agent';
import { call } from '../call';
import { streamCall } from '../events';
import type { Transport } from '../transport';
import { startFreshCall } from './freshConversation';
import { actorsOf } from './actorsOf';

/** Spec 3-ai §7: the consular-agent chat's calls; its replies stream to the chat as they are written. */
export function agentChatCalls(http: Transport) {
  return {
    loadSections: () => call(http, ds160Sections, {}),
    // None begun in this browser yet is a 204: null.
    loadSession: async ({ sessionId }: { sessionId: string }) => (await call(http, agentSession, { params: { sessionId } })) ?? null,
    sendMessage: ({ replyTo, ...body }: AgentSendInput) => streamCall(http, agentChat, { body }, (text) => replyTo.send({ type: 'PIECE', text })),
    loadProgress: ({ sessionId }: { sessionId: string }) => call(http, ds160Progress, { params: { sessionId } }),
    startFresh: startFreshCall(http),
  };
}

export const makeAgentChatActors = (http: Transport) => actorsOf(agentChatCalls, http);
