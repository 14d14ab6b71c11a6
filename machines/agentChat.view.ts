// The consular assistant's view (/ai-chat): what its page shows, read off the machine's state. Its page still starts
// the machine itself (issue 46: the three chats become one machine through the door); what it renders comes from here.
import type { SnapshotFrom } from 'xstate';
import { agentChatMachine } from './agentChat.machine';

export { AGENT_LANGUAGES, AGENT_SESSION_KEY, agentChatMachine, type AgentLine, type AgentSession } from './agentChat.machine';

/** Which screen shows: the language to choose, the chat, or the way on (the machine ended, leaving for its form). */
export const agentPhaseOf = (s: SnapshotFrom<typeof agentChatMachine>): 'language' | 'chat' | 'redirecting' =>
  s.matches('choosingLanguage') ? 'language' : s.matches('redirecting') || s.status === 'done' ? 'redirecting' : 'chat';
