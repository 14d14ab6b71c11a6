// Issue 41: a stored conversation has bounds (db/queries/conversationBounds.ts). Past them a chat's write answers 413
// `conversation_full`; each of the three chats then says so and goes on in a fresh conversation that keeps what was
// answered (POST /api/ai/session/{id}/fresh), which becomes this browser's.
// Issue 46: the three chats share one definition of that state, here; each machine spreads it in, naming only where a
// fresh conversation starts (its loading state) and which of its fields belong to a conversation.
import { assign, emit, fromPromise, type DoneActorEvent, type ErrorActorEvent, type EventObject } from 'xstate';
import { store, type WorldEffect } from '../effects';

/** Where each chat keeps this browser's conversation id (localStorage), so coming back opens the same one. */
export const CHAT_SESSION_KEYS = { agent: 'rumbo.agent.session', sections: 'rumbo.sections.session', aivisa: 'rumbo.aivisa.session' } as const;

export type KeptChat = keyof typeof CHAT_SESSION_KEYS;

/** The server's refusal of a write to a conversation past its bounds (the call's error carries its code). */
export const isConversationFull = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'conversation_full';

/**
 * This browser's conversation in a chat, as the chat's flow opens (its page's input): the id it kept, when it is one
 * the server takes, else (or when a `fresh` one is asked for) a new one, `unkept` (the chat keeps it as it starts,
 * `keepConversation`).
 */
export function browserConversation(chat: KeptChat, kept: (area: 'local', key: string) => string | null, fresh = false): { sessionId: string; unkept: boolean } {
  const id = fresh ? null : kept('local', CHAT_SESSION_KEYS[chat]);
  return id && /^[A-Za-z0-9_-]{8,64}$/.test(id) ? { sessionId: id, unkept: false } : { sessionId: crypto.randomUUID(), unkept: true };
}

/** The fresh conversation becomes the browser's for this chat. */
export const keepConversation = (chat: KeptChat, sessionId: string): WorldEffect => store('local', { [CHAT_SESSION_KEYS[chat]]: sessionId });

type Fresh = DoneActorEvent<{ sessionId: string }>;

/** The event a person sends to go on from a full conversation in a fresh one. */
export type FreshEvent = { type: 'FRESH' };

/** The actor a chat's `setup` spreads in: POST /api/ai/session/{from}/fresh, provided by the client; its answer names the fresh one. */
export const freshConversationActors = {
  startFresh: fromPromise<{ sessionId: string }, { from: string }>(async () => {
    throw new Error('startFresh is provided by the caller');
  }),
};

/** The guard a chat's `setup` spreads in. */
export const freshConversationGuards = {
  isFull: (_: unknown, params: { error: unknown }) => isConversationFull(params.error),
};

/**
 * The first branch of a writing call's `onError`: refused as full, the chat goes to `full`; nothing was written, and
 * the half-streamed reply is dropped.
 */
export function fullRefusal<TContext extends { partial: string }, TEvent extends EventObject>() {
  return {
    guard: { type: 'isFull' as const, params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
    target: 'full' as const,
    actions: assign<TContext, ErrorActorEvent, undefined, TEvent, never>(({ context }) => ({ ...context, partial: '' })),
  };
}

/**
 * The `full` state (offering, starting, failed): nothing more is written to the stored conversation. FRESH goes on
 * in a new one (what was answered carries over on the server) from `restartAt`, the chat's loading state, with
 * `cleared` (the chat's fields that belong to one conversation) reset; a failure to make it stays here, saying so.
 */
export function fullConversation<TContext extends { sessionId: string }, TEvent extends EventObject>(chat: KeptChat, restartAt: `#${string}`, cleared: Partial<TContext>) {
  return {
    initial: 'offering' as const,
    states: {
      offering: { on: { FRESH: 'starting' as const } },
      failed: { on: { FRESH: 'starting' as const } },
      starting: {
        tags: ['busy' as const],
        invoke: {
          id: 'startFresh' as const,
          src: 'startFresh' as const,
          input: ({ context }: { context: { sessionId: string } }) => ({ from: context.sessionId }),
          onDone: {
            target: restartAt,
            actions: [
              assign<TContext, Fresh, undefined, TEvent, never>(({ event }) => ({ ...cleared, sessionId: event.output.sessionId })),
              // The fresh conversation becomes this browser's, so coming back opens it, not the full one.
              emit<TContext, Fresh, undefined, TEvent, WorldEffect>(({ event }) => keepConversation(chat, event.output.sessionId)),
            ],
          },
          onError: 'failed' as const,
        },
      },
    },
  };
}
