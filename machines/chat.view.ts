import { ROUTES } from './domain/routes';
// What every chat page shows of its stored conversation's bounds (issue 41), read off any of the three chat machines'
// snapshots: their `full` state is one definition (machines/domain/freshConversation.ts), and so is this.

/** The ten-section form's address: following a chat's link there hands it what was collected (`OPEN`). */
export const FORM_ADDRESS = ROUTES.ds160Wizard;

/** The conversation is full (`failed`: a fresh one could not be started), else null. */
export type FullView = 'full' | 'failed' | null;

export const conversationFullOf = (snapshot: { matches: (value: never) => boolean }): FullView =>
  snapshot.matches({ full: 'failed' } as never) ? 'failed' : snapshot.matches('full' as never) ? 'full' : null;

/** What a chat's foot sends: the composer's words, and the way on from a full conversation. */
export type ChatFootEvent = { type: 'DRAFT'; value: string } | { type: 'SEND' } | { type: 'FRESH' };
