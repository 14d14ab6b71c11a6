// The consular assistant's one door (/ai-chat): the flow as its page opens it, and what the page shows, read off
// the machine's state. Issue 46: the three chats become one machine; this one is through the door already.
import type { SnapshotFrom } from 'xstate';
import { agentChatMachine } from './agentChat.machine';
import { conversationFullOf, FORM_ADDRESS } from './chat.view';
import { findCountry } from './domain/countries';
import { browserConversation } from './domain/freshConversation';
import { defineFlow } from './flow';

export { AGENT_LANGUAGES, type AgentLine, type AgentSession } from './agentChat.machine';
export { FORM_ADDRESS };

/** The chat as /ai-chat opens it: this browser's conversation (a new one the first time). */
export const agentChatFlow = defineFlow({
  name: 'agentChat',
  machine: agentChatMachine,
  input: (world) => browserConversation('agent', world.kept),
});

type AgentSnapshot = SnapshotFrom<typeof agentChatMachine>;

/** What the conversation collected, in the sidebar's order (spec 3-ai §4.5). */
export const AGENT_STEPS = ['country', 'purpose', 'name', 'email', 'phone'] as const;

/** Which screen shows: the language to choose, the chat, or the way on (the machine ended, leaving for its form). */
export const agentPhaseOf = (s: AgentSnapshot): 'language' | 'chat' | 'redirecting' =>
  s.matches('choosingLanguage') ? 'language' : s.matches('redirecting') || s.status === 'done' ? 'redirecting' : 'chat';

/** Everything the page draws, compared field by field (`shallowEqual`). */
export function agentView(s: AgentSnapshot) {
  const { session, lines, language, sections, progress, partial, draft } = s.context;
  return {
    phase: agentPhaseOf(s),
    busy: s.hasTag('busy'),
    streaming: s.matches('sending'),
    full: conversationFullOf(s),
    session,
    lines,
    draft,
    partial,
    /** The conversation's language, in which what was collected is said back (issue 32); Spanish until one is chosen. */
    spoken: language ?? 'es',
    language,
    /** The country collected, as a code the page names in the conversation's language (null: not one it knows). */
    countryCode: (session?.country && findCountry(session.country)?.code) || null,
    /** How many of the sidebar's steps are answered. */
    done: session ? AGENT_STEPS.filter((step) => session[step]).length : 0,
    /** Only the last reply's buttons are offered. */
    lastAssistant: lines.map((l) => l.role).lastIndexOf('assistant'),
    /** The DS-160's sections with whether each is done, once they loaded. */
    sections: sections.map((section) => ({ ...section, completed: progress?.sections.find((p) => p.id === section.id)?.isCompleted ?? false })),
    progress: progress && { completed: progress.completed, total: progress.total },
    /** The way to pay, once the conversation asks for it. */
    checkoutUrl: session?.readyForCheckout ? (session.checkoutUrl ?? null) : null,
  };
}
