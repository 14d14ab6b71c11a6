// The intelligent chat's one door (/ai-chat-sections): the flow as its page opens it, and what the page shows, read
// off the machine's state (issue 46).
import type { SnapshotFrom } from 'xstate';
import { conversationFullOf, FORM_ADDRESS } from './chat.view';
import { CHAT_SECTION_ORDER } from './domain/chatFields';
import { browserConversation } from './domain/freshConversation';
import { defineFlow } from './flow';
import { sectionCount, sectionsChatMachine } from './sectionsChat.machine';

export { FORM_ADDRESS };
export type { SectionsLine } from './sectionsChat.machine';

const LANGUAGES: readonly string[] = ['es', 'en', 'fr', 'pt'];
const NO_QUICK: readonly string[] = [];

/**
 * The chat as /ai-chat-sections opens it: arriving from the visa wizard (`?country`) starts a new form with what it
 * sent, otherwise this browser's conversation goes on; in `?lang`, else the interface's language (issue 32), else
 * Spanish.
 */
export const sectionsChatFlow = defineFlow({
  name: 'sectionsChat',
  machine: sectionsChatMachine,
  input: ({ search, kept, language }) => {
    const lang = search.get('lang') ?? '';
    return {
      ...browserConversation('sections', kept, Boolean(search.get('country'))),
      language: LANGUAGES.includes(lang) ? lang : LANGUAGES.includes(language) ? language : 'es',
      country: search.get('country'),
      purpose: search.get('purpose'),
      visaType: search.get('visaType'),
    };
  },
});

type SectionsSnapshot = SnapshotFrom<typeof sectionsChatMachine>;

/** Everything the page draws, compared field by field (`shallowEqual`). */
export function sectionsView(s: SectionsSnapshot) {
  const { progress, lines, draft, partial, language, quick, analysis } = s.context;
  const busy = s.hasTag('busy');
  const full = conversationFullOf(s);
  return {
    busy,
    streaming: s.matches('replying'),
    full,
    lines,
    draft,
    partial,
    language,
    percent: progress.totalProgress,
    /** The quick answers the last reply offered, while a person may send one. */
    quick: busy || full ? NO_QUICK : quick,
    /** The five sections, each with its filled fields and whether it is done, the current one, or still to come. */
    sections: CHAT_SECTION_ORDER.map((section) => ({
      section,
      ...sectionCount(progress, section),
      state: progress.completedSections.includes(section) ? ('completed' as const) : progress.currentSection === section ? ('current' as const) : ('pending' as const),
    })),
    analysis,
  };
}
