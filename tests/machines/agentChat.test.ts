import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { AGENT_SESSION_KEY, agentChatMachine, REDIRECT_DELAY, type AgentReply, type AgentSendInput } from '../../machines/agentChat.machine';
import { agentChatFlow, agentPhaseOf } from '../../machines/agentChat.view';

const settle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'));
const SESSION = { language: 'en', readyForCheckout: false, questionsStarted: false, currentQuestionIndex: 0, formData: {}, wizardOffered: false };
const reply = (patch: Partial<AgentReply> = {}): AgentReply => ({ response: 'Hi', buttons: [], session: SESSION, ...patch });

function start(
  saved: unknown,
  replies: (AgentReply | Error)[],
  fresh: (input: { from: string }) => Promise<{ sessionId: string }> = async () => ({ sessionId: 'agent-0002' }),
  input: { sessionId: string; unkept?: boolean } = { sessionId: 'agent-0001' },
) {
  const sent: Omit<AgentSendInput, 'replyTo'>[] = [];
  const emitted: unknown[] = [];
  const actor = createActor(
    agentChatMachine.provide({
      actors: {
        loadSections: fromPromise(async () => [{ id: 'personal-info', title: 'Personal Information' }]),
        loadSession: fromPromise(async () => {
          if (!saved) throw Object.assign(new Error('404'), { status: 404 });
          return saved;
        }),
        sendMessage: fromPromise(async ({ input }: { input: AgentSendInput }) => {
          const { replyTo, ...rest } = input;
          sent.push(rest);
          const next = replies.shift() ?? reply();
          if (next instanceof Error) throw next;
          replyTo.send({ type: 'PIECE', text: next.response });
          return next;
        }),
        loadProgress: fromPromise(async () => ({ sections: [], completed: 0, total: 10 })),
        startFresh: fromPromise(async ({ input }: { input: { from: string } }) => fresh(input)),
      } as never,
    }),
    { input },
  );
  actor.on('*', (e) => void emitted.push(e));
  actor.start();
  return { actor, sent, emitted };
}

describe('agentChat', () => {
  it("opens this browser's kept conversation, or a new one that it keeps as it starts", () => {
    const idOk = /^[A-Za-z0-9_-]{8,64}$/;
    fc.assert(
      fc.property(fc.option(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', '', '   ', 'agent-0001', 'é'.repeat(10), 'a'.repeat(65)))), (kept) => {
        const input = agentChatFlow.input({ language: 'en', search: new URLSearchParams(), kept: (area, key) => (area === 'local' && key === AGENT_SESSION_KEY ? kept : null), today: '2026-01-01' });
        if (kept !== null && idOk.test(kept)) expect(input).toEqual({ sessionId: kept, unkept: false });
        else expect(input).toEqual({ sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/), unkept: true });
      }),
    );
    const { emitted: fresh } = start(null, [], undefined, { sessionId: 'agent-0009', unkept: true });
    expect(fresh).toEqual([{ type: 'store', area: 'local', values: { [AGENT_SESSION_KEY]: 'agent-0009' } }]);
    const { emitted: kept } = start(null, [], undefined, { sessionId: 'agent-0009', unkept: false });
    expect(kept).toEqual([]);
  });

  it('asks for the language when there is no saved session, and greets in it', async () => {
    const { actor, sent } = start(null, [reply({ response: 'Hola' })]);
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('choosingLanguage');
    expect(agentPhaseOf(actor.getSnapshot())).toBe('language');
    expect(actor.getSnapshot().context.sections).toHaveLength(1);
    actor.send({ type: 'CHOOSE_LANGUAGE', language: 'es' });
    await settle(actor);
    expect(agentPhaseOf(actor.getSnapshot())).toBe('chat');
    expect(sent).toEqual([{ sessionId: 'agent-0001', message: '', language: 'es' }]);
    expect(actor.getSnapshot().context.lines).toEqual([{ role: 'assistant', content: 'Hola' }]);
  });

  it('skips the language screen for a saved session and keeps its messages', async () => {
    const { actor } = start({ ...SESSION, messages: [{ role: 'assistant', content: 'Hi' }] }, []);
    await settle(actor);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ language: 'en', lines: [{ role: 'assistant', content: 'Hi' }] });
  });

  it('shows a redirect reply, then goes there after 2 seconds', async () => {
    const { actor, emitted } = start({ ...SESSION, messages: [] }, [reply({ response: 'Taking you there now...', redirect: '/checkout?plan=pro' })]);
    await settle(actor);
    actor.send({ type: 'SEND', text: 'I want to pay' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(agentPhaseOf(actor.getSnapshot())).toBe('redirecting');
    const shown = Date.now();
    expect(actor.getSnapshot().context.lines.at(-1)).toEqual({ role: 'assistant', content: 'Taking you there now...' });
    await waitFor(actor, (s) => s.status === 'done', { timeout: REDIRECT_DELAY + 1000 });
    expect(Date.now() - shown).toBeGreaterThanOrEqual(REDIRECT_DELAY - 20);
    expect(actor.getSnapshot().output).toEqual({ to: '/checkout?plan=pro' });
    // The page goes there: the flow says so, and the app's one handler performs it.
    expect(emitted.at(-1)).toEqual({ type: 'navigate', to: '/checkout?plan=pro' });
    // Ended, on its way to the destination: the page still says so (no composer under a chat that is over).
    expect(agentPhaseOf(actor.getSnapshot())).toBe('redirecting');
  });

  it('says sorry when a reply fails, and ignores an empty message', async () => {
    const { actor, sent } = start({ ...SESSION, messages: [] }, [new TypeError('Failed to fetch')]);
    await settle(actor);
    actor.send({ type: 'SEND', text: '  ' });
    expect(sent).toHaveLength(0);
    actor.send({ type: 'SEND', text: 'hello' });
    await settle(actor);
    expect(actor.getSnapshot().context.lines.at(-1)).toEqual({ role: 'system', key: 'agent:error.general' });
    expect(actor.getSnapshot().matches({ idle: 'failed' })).toBe(true);
    // Sending again is the retry: it leaves the failed state.
    actor.send({ type: 'SEND', text: 'hello again' });
    await settle(actor);
    expect(actor.getSnapshot().matches({ idle: 'ready' })).toBe(true);
  });

  it('says a full conversation is full and goes on in a fresh one this browser keeps; a failed start stays offering it', async () => {
    const full = Object.assign(new Error('413'), { status: 413, code: 'conversation_full' });
    const asked: { from: string }[] = [];
    let fails = 1;
    const { actor, sent } = start({ ...SESSION, email: 'ana@example.com', messages: [{ role: 'assistant', content: 'Hi' }] }, [full], async (input) => {
      asked.push(input);
      if (fails-- > 0) throw new TypeError('Failed to fetch');
      return { sessionId: 'agent-0003' };
    });
    const emitted: unknown[] = [];
    actor.on('*', (effect) => void emitted.push(effect));
    await settle(actor);
    actor.send({ type: 'SEND', text: 'hello' });
    await waitFor(actor, (s) => s.matches({ full: 'offering' }));
    // No sorry line: the page says what happened instead; typing is not taken.
    expect(actor.getSnapshot().context.lines.at(-1)).toEqual({ role: 'user', content: 'hello' });
    actor.send({ type: 'SEND', text: 'again' });
    expect(sent).toHaveLength(1);
    actor.send({ type: 'FRESH' });
    await waitFor(actor, (s) => s.matches({ full: 'failed' }));
    // Nothing is kept until the server has made the fresh one.
    expect(emitted).toEqual([]);
    actor.send({ type: 'FRESH' });
    // A second press while it is being made starts nothing more.
    actor.send({ type: 'FRESH' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(asked).toEqual([{ from: 'agent-0001' }, { from: 'agent-0001' }]);
    expect(emitted).toEqual([{ type: 'store', area: 'local', values: { [AGENT_SESSION_KEY]: 'agent-0003' } }]);
    // The fresh conversation is read back as the server kept it (here the loader's saved session).
    expect(actor.getSnapshot().context).toMatchObject({ sessionId: 'agent-0003', session: { email: 'ana@example.com' } });
  });
});
