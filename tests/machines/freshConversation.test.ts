import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { agentChatMachine } from '../../machines/agentChat.machine';
import { conversationFullOf } from '../../machines/chat.view';
import { aivisaChatMachine } from '../../machines/aivisaChat.machine';
import { sectionsChatMachine } from '../../machines/sectionsChat.machine';

// Issue 41, in each of the three chats: a write refused as `conversation_full` (413) shows the full state, takes no
// more messages, and FRESH goes on in a fresh conversation the browser keeps (an emitted store of its id); a fresh
// start that fails stays full, saying so, and stores nothing. Any other refusal is the chat's ordinary failure.

const settle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'));
const FULL = () => Object.assign(new Error('413'), { status: 413, code: 'conversation_full' });

interface Chat {
  name: string;
  machine: AnyStateMachine;
  key: string;
  input: object;
  /** The chat's calls, the one that writes a message throwing `refuse()`, each loader recording its session id. */
  actors: (refuse: () => Error, loaded: string[]) => Record<string, unknown>;
  /** Where an ordinary failure leaves it. */
  failed: object;
}

const CHATS: Chat[] = [
  {
    name: 'agentChat',
    machine: agentChatMachine,
    key: 'rumbo.agent.session',
    input: { sessionId: 'chat-full-0001' },
    actors: (refuse, loaded) => ({
      loadSections: fromPromise(async () => []),
      loadSession: fromPromise(async ({ input }: { input: { sessionId: string } }) => {
        loaded.push(input.sessionId);
        return { language: 'es', readyForCheckout: false, questionsStarted: false, currentQuestionIndex: 0, formData: {}, wizardOffered: false, messages: [] };
      }),
      sendMessage: fromPromise(async () => {
        throw refuse();
      }),
      loadProgress: fromPromise(async () => ({ sections: [], completed: 0, total: 10 })),
    }),
    failed: { idle: 'failed' },
  },
  {
    name: 'sectionsChat',
    machine: sectionsChatMachine,
    key: 'rumbo.sections.session',
    input: { sessionId: 'chat-full-0001', language: 'es' },
    actors: (refuse, loaded) => ({
      loadConversation: fromPromise(async ({ input }: { input: { sessionId: string } }) => {
        loaded.push(input.sessionId);
        return null;
      }),
      reply: fromPromise(async () => ({ response: 'Hola', isComplete: false })),
      analyzeResponse: fromPromise(async () => {
        throw refuse();
      }),
      analyzeForm: fromPromise(async () => ({ analysis: '', hasErrors: false, hasWarnings: false, errors: [], warnings: [] })),
    }),
    failed: { idle: 'failed' },
  },
  {
    name: 'aivisaChat',
    machine: aivisaChatMachine,
    key: 'rumbo.aivisa.session',
    input: { sessionId: 'chat-full-0001', language: 'es' },
    actors: (refuse, loaded) => ({
      loadApplication: fromPromise(async ({ input }: { input: { sessionId: string } }) => {
        loaded.push(input.sessionId);
        return { status: 'in_progress', readiness: 20, collected: { citizenship_country: 'Mexico' }, messages: [] };
      }),
      sendMessage: fromPromise(async () => {
        throw refuse();
      }),
      checkout: fromPromise(async () => ({ url: '/checkout' })),
    }),
    failed: { idle: { talking: 'failed' } },
  },
];

function start(chat: Chat, refuse: () => Error, fresh: (from: string) => Promise<{ sessionId: string }>) {
  const loaded: string[] = [];
  const asked: string[] = [];
  const actor = createActor(
    chat.machine.provide({
      actors: {
        ...chat.actors(refuse, loaded),
        startFresh: fromPromise(async ({ input }: { input: { from: string } }) => {
          asked.push(input.from);
          return fresh(input.from);
        }),
      } as never,
    }),
    { input: chat.input as never },
  );
  const emitted: unknown[] = [];
  actor.on('*', (effect) => void emitted.push(effect));
  actor.start();
  return { actor, loaded, asked, emitted };
}

describe.each(CHATS)('$name when its conversation is full', (chat) => {
  it('says so, takes no more messages, and goes on in a fresh conversation this browser keeps', async () => {
    let fails = 1;
    const { actor, loaded, asked, emitted } = start(chat, FULL, async () => {
      if (fails-- > 0) throw new TypeError('Failed to fetch');
      return { sessionId: 'chat-full-0002' };
    });
    await settle(actor);
    // The page's one reading of it (machines/chat.view.ts): nothing to say until the conversation is full.
    expect(conversationFullOf(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'SEND', text: 'hola' });
    await waitFor(actor, (s) => s.matches({ full: 'offering' }));
    expect(conversationFullOf(actor.getSnapshot())).toBe('full');
    const lines = actor.getSnapshot().context.lines;
    // No sorry line: the page says what happened; nothing more is taken.
    expect(lines.at(-1)).toEqual({ role: 'user', content: 'hola' });
    actor.send({ type: 'SEND', text: 'otra vez' });
    expect(actor.getSnapshot().matches({ full: 'offering' })).toBe(true);
    expect(actor.getSnapshot().context.lines).toEqual(lines);

    actor.send({ type: 'FRESH' });
    await waitFor(actor, (s) => s.matches({ full: 'failed' }));
    expect(conversationFullOf(actor.getSnapshot())).toBe('failed');
    expect(emitted).toEqual([]);
    actor.send({ type: 'FRESH' });
    // A second press while it is being made starts nothing more.
    actor.send({ type: 'FRESH' });
    await waitFor(actor, (s) => !s.matches('full') && !s.hasTag('busy'));
    expect(asked).toEqual(['chat-full-0001', 'chat-full-0001']);
    expect(emitted).toEqual([{ type: 'store', area: 'local', values: { [chat.key]: 'chat-full-0002' } }]);
    expect(loaded).toEqual(['chat-full-0001', 'chat-full-0002']);
    expect(actor.getSnapshot().context.sessionId).toBe('chat-full-0002');
    expect(conversationFullOf(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.lines.filter((l: { role: string }) => l.role === 'user')).toEqual([]);
  });

  it('treats any other refusal as an ordinary failure, whatever its status', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 400, max: 599 }), fc.option(fc.string({ maxLength: 20 }).filter((c) => c !== 'conversation_full')), async (status, code) => {
        const { actor, asked } = start(chat, () => Object.assign(new Error(String(status)), { status, ...(code === null ? {} : { code }) }), async () => ({ sessionId: 'x' }));
        await settle(actor);
        // The advanced chat's 402 is its paywall (judged in its own tests), not a failure.
        if (status === 402 && chat.name === 'aivisaChat') {
          actor.stop();
          return;
        }
        actor.send({ type: 'SEND', text: 'hola' });
        await settle(actor);
        expect(actor.getSnapshot().matches(chat.failed)).toBe(true);
        actor.send({ type: 'FRESH' });
        expect(asked).toEqual([]);
        actor.stop();
      }),
      { numRuns: 40 },
    );
  });
});
