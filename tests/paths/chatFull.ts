import type { AnyEventObject } from 'xstate';
import { expect } from 'vitest';
import { effectsOf, lastCall, lastHeld, type PathCase, type RequiredPath, type Snap, type Step, type World } from './model';

// Issue 41 in each of the three chats (agentChat, sectionsChat, aivisaChat), written once (issue 46): a stored
// conversation at its bounds, the write past them refused (413, nothing written), the chat's `full` state saying so,
// a fresh start lost, then one made, kept by the browser, and the chat loaded again in it. Each chat's path model
// takes its case, required sequence, step checks and state checks from `fullConversationModel`, with its own words
// for what differs: its write call, where it loads again, what a conversation of its own holds.

/** The server's bound on a stored conversation, in the oracle's words (README, "Bounds"): 400 messages. */
export const BOUND = 400;

/** A stored conversation's messages up to the bound, ending as `last` when given. */
export function filledMessages(last?: object): object[] {
  const made = Array.from({ length: BOUND - (last ? 1 : 0) }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'Hola' }));
  return last ? [...made, last] : made;
}

/** A conversation of this browser's made full: its messages written straight to its row. */
export async function fillConversation(world: World, sessionId: string, last?: object): Promise<void> {
  await world.app.db.updateTable('chat_sessions').set({ messages: JSON.stringify(filledMessages(last)) }).where('id', '=', sessionId).execute();
}

const storedMessages = async (world: World, sessionId: string): Promise<unknown[]> =>
  JSON.parse((await world.app.db.selectFrom('chat_sessions').select('messages').where('id', '=', sessionId).executeTakeFirstOrThrow()).messages) as unknown[];

export interface FullChat {
  /** The key this browser keeps the chat's conversation id under. */
  storeKey: string;
  /** The call that writes the person's message, refused when the conversation is full, and the route it posts to. */
  write: { call: string; route: string };
  /** Where a fresh conversation is loaded again (the chat's loading state), and the call whose answer ends it. */
  reload: { state: string; call: string };
  /** The chat's context once a fresh conversation is made: its own fields of one conversation, reset. */
  fresh: (before: Snap, made: string) => Record<string, unknown>;
  /** What the fresh conversation keeps of the full one (on the server): checked once it is made. */
  keeps: (world: World, from: string, made: string) => Promise<void>;
  /** The case: a conversation of this browser's filled to the bound, and the chat's own events until it writes. */
  setup: (world: World, input: object) => Promise<object>;
  input: object;
  events: (s: Snap) => AnyEventObject[];
  /** A message the person tries to send while the conversation is full (the chat's SEND). */
  send: AnyEventObject;
}

export const FULL_CASE = 'a conversation that reached its bounds';

export function fullConversationModel(chat: FullChat) {
  const refusal = { type: `xstate.error.actor.${chat.write.call}`, error: { code: 'conversation_full' }, sent: true };
  const isRefusal = (event: { type: string; error?: unknown }) => event.type === refusal.type && (event.error as { code?: string } | undefined)?.code === 'conversation_full';
  const done = (call: string, output: unknown) => ({ type: `xstate.done.actor.${call}`, output });

  const fullCase: PathCase = {
    name: FULL_CASE,
    input: chat.input,
    setup: chat.setup,
    events: (s) => {
      if (s.matches({ full: 'starting' })) return [done('startFresh', { sessionId: 'fresh' }), { type: 'xstate.error.actor.startFresh', error: 'network' }];
      if (s.matches('full')) return [{ type: 'FRESH' }, chat.send];
      if (s.matches(chat.write.call === 'analyzeResponse' ? 'analysing' : 'sending')) return [refusal];
      return chat.events(s);
    },
  };

  const required: RequiredPath = {
    name: 'a full conversation, a lost fresh start, then a fresh one loaded',
    case: FULL_CASE,
    through: [(e) => isRefusal(e), (e) => e.type === 'xstate.error.actor.startFresh', (e) => e.type === 'xstate.done.actor.startFresh', (e) => e.type === `xstate.done.actor.${chat.reload.call}`],
  };

  const step = async ({ event, before, after, world, started }: Step) => {
    const names = started.map((h) => h.name);
    // A full conversation is said, not apologised for; the message was not written to it.
    if (isRefusal(event)) {
      expect(lastCall(world, 'POST', chat.write.route)).toMatchObject({ status: 413 });
      expect(after.value).toEqual({ full: 'offering' });
      expect(after.context.lines).toEqual(before.context.lines);
      expect(after.context.partial).toBe('');
      expect(await storedMessages(world, before.context.sessionId)).toHaveLength(BOUND);
    }
    // FRESH is taken only where it is offered, and makes one call; nothing else is taken while full.
    if (event.type === 'FRESH') expect(names).toEqual(before.matches({ full: 'offering' }) || before.matches({ full: 'failed' }) ? ['startFresh'] : []);
    if (before.matches('full') && event.type !== 'FRESH' && !event.type.endsWith('.startFresh')) {
      expect(after.value).toEqual(before.value);
      expect(names).toEqual([]);
    }
    if (event.type === 'xstate.error.actor.startFresh') {
      expect(after.value).toEqual({ full: 'failed' });
      expect(after.context.sessionId).toBe(before.context.sessionId);
      expect(effectsOf(world, 'store')).toEqual([]);
    }
    if (event.type === 'xstate.done.actor.startFresh') {
      const answer = lastCall(world, 'POST', '/api/ai/session/');
      expect(answer?.status).toBe(201);
      const made = (answer?.response as { sessionId: string }).sessionId;
      expect(made).not.toBe(before.context.sessionId);
      expect(after.matches(chat.reload.state)).toBe(true);
      expect(after.context).toMatchObject({ ...chat.fresh(before, made), sessionId: made });
      // The fresh conversation becomes this browser's, so coming back opens it, not the full one.
      expect(effectsOf(world, 'store').map((e) => e.params)).toEqual([{ type: 'store', area: 'local', values: { [chat.storeKey]: made } }]);
      expect(await storedMessages(world, made)).toEqual([]);
      await chat.keeps(world, before.context.sessionId, made);
    }
  };

  // Full: said and offered, not busy; busy only while the fresh one is made, from this conversation.
  const states = {
    'full.offering': (s: Snap) => expect(s.hasTag('busy')).toBe(false),
    'full.failed': (s: Snap) => expect(s.hasTag('busy')).toBe(false),
    'full.starting': (s: Snap, world: World) => {
      expect(s.hasTag('busy')).toBe(true);
      expect(lastHeld(world, 'startFresh')?.input).toEqual({ from: s.context.sessionId });
    },
  };

  return { fullCase, required, step, states, isRefusal };
}
