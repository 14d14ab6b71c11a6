import { defineFlow } from './flow';
import { aiNoticeMachine, type AiNoticeContext, type NoticeChat } from './aiNotice.machine';

export type { NoticeChat } from './aiNotice.machine';

/** A chat's AI notice: the page passes which chat it is; its calls come through the door (client/app/flows.ts). */
export const aiNoticeFlow = defineFlow({ name: 'aiNotice', machine: aiNoticeMachine, input: (_world, chat: NoticeChat) => ({ chat }) });

// What the notice renders, from the machine's snapshot: the page imports only this module.
export const aiNoticeViewOf = (snapshot: { context: AiNoticeContext; matches: (value: never) => boolean; hasTag: (tag: string) => boolean }) => {
  const is = (value: string) => snapshot.matches(value as never);
  return {
    /** The notice stands in for the composer: nothing is sent before the yes. */
    showing: is('notice') || is('accepting'),
    /** The chat may be used (no outside service, or accepted). */
    clear: is('clear'),
    busy: snapshot.hasTag('busy'),
    engine: snapshot.context.engine,
    failed: snapshot.context.failed,
  };
};
