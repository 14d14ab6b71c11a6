import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { aivisaChatMachine, isLocked, leadReady, type ChatTurn, type SendInput } from '../../machines/aivisaChat.machine';
import { aivisaView } from '../../machines/aivisaChat.view';

const settle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'));
const turn = (patch: Partial<ChatTurn> = {}): ChatTurn => ({
  content: 'Hola\n[INPUT:email:Correo]',
  suggestions: [],
  application: { status: 'in_progress', readiness: 30, collected: {} },
  showPaywall: false,
  wizardData: {},
  stateUpdate: {},
  ...patch,
});

function start(replies: (ChatTurn | Error)[], application = { status: 'in_progress' as const, readiness: 0, collected: {} }) {
  const saved = vi.fn();
  const sent: Omit<SendInput, 'replyTo'>[] = [];
  const actor = createActor(
    aivisaChatMachine.provide({
      actors: {
        loadApplication: fromPromise(async () => application),
        sendMessage: fromPromise(async ({ input }: { input: SendInput }) => {
          const { replyTo, ...rest } = input;
          sent.push(rest);
          const reply = replies.shift() ?? turn();
          if (reply instanceof Error) throw reply;
          // The reply streams in before the turn arrives.
          for (const word of reply.content.split(' ')) replyTo.send({ type: 'PIECE', text: `${word} ` });
          return reply;
        }),
        checkout: fromPromise(async ({ input }: { input: { plan: string } }) => ({ url: `/checkout?plan=${input.plan}` })),
      } as never,
      actions: { saveLead: (_, params) => saved(params.state) },
    }),
    { input: { sessionId: 'session-0001', language: 'es' } },
  ).start();
  return { actor, saved, sent };
}

describe('aivisaChat', () => {
  it('knows when the paywall applies and when a lead is ready (spec 3-ai §4.4)', () => {
    expect(isLocked({ status: 'in_progress', readiness: 80, collected: {} })).toBe(true);
    expect(isLocked({ status: 'in_progress', readiness: 79, collected: {} })).toBe(false);
    expect(isLocked({ status: 'paid', readiness: 100, collected: {} })).toBe(false);
    expect(leadReady({ email: 'a@b.co', citizenship_country: 'Mexico', trip_purpose: 'tourism' })).toBe(true);
    expect(leadReady({ email: 'ab.co', citizenship_country: 'Mexico', trip_purpose: 'tourism' })).toBe(false);
    expect(leadReady({ email: 'a@b.co', citizenship_country: 'Mexico' })).toBe(false);
  });

  it('sends the trimmed draft with the history, streams the reply, and saves the lead once it is known', async () => {
    const { actor, saved, sent } = start([turn(), turn({ stateUpdate: { email: 'a@b.co', citizenship_country: 'Mexico', trip_purpose: 'tourism' } })]);
    await settle(actor);
    actor.send({ type: 'DRAFT', value: '   ' });
    actor.send({ type: 'SEND' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'DRAFT', value: ' soy mexicana ' });
    actor.send({ type: 'SEND' });
    expect(actor.getSnapshot().matches('sending')).toBe(true);
    await settle(actor);
    expect(sent[0]).toEqual({ sessionId: 'session-0001', message: 'soy mexicana', history: [], language: 'es' });
    expect(actor.getSnapshot().context).toMatchObject({ draft: '', partial: '', lines: [{ role: 'user', content: 'soy mexicana' }, { role: 'assistant', content: 'Hola\n[INPUT:email:Correo]' }] });
    expect(saved).not.toHaveBeenCalled();
    actor.send({ type: 'SEND', text: 'a@b.co' });
    await settle(actor);
    expect(sent[1]?.history).toHaveLength(2);
    expect(saved).toHaveBeenCalledWith({ email: 'a@b.co', citizenship_country: 'Mexico', trip_purpose: 'tourism' });
  });

  it('gathers the pieces while the reply streams', async () => {
    let release: (t: ChatTurn) => void = () => {};
    const actor = createActor(
      aivisaChatMachine.provide({
        actors: {
          loadApplication: fromPromise(async () => ({ status: 'in_progress', readiness: 0, collected: {} })),
          sendMessage: fromPromise(({ input }: { input: SendInput }) => {
            input.replyTo.send({ type: 'PIECE', text: 'Hola, ' });
            input.replyTo.send({ type: 'PIECE', text: 'soy Sofía' });
            return new Promise<ChatTurn>((resolve) => (release = resolve));
          }),
        } as never,
      }),
      { input: { sessionId: 'session-0001', language: 'es' } },
    ).start();
    await settle(actor);
    actor.send({ type: 'SEND', text: 'hola' });
    await waitFor(actor, (s) => s.matches({ sending: 'streaming' }));
    expect(actor.getSnapshot().context.partial).toBe('Hola, soy Sofía');
    release(turn({ content: 'Hola, soy Sofía' }));
    await settle(actor);
    expect(actor.getSnapshot().context.partial).toBe('');
  });

  it('opens the paywall at 80, stops sending, closes on request, and goes to checkout with a plan', async () => {
    const { actor } = start([turn({ showPaywall: true, application: { status: 'in_progress', readiness: 80, collected: {} } })]);
    await settle(actor);
    actor.send({ type: 'SEND', text: 'G1234567' });
    await settle(actor);
    expect(actor.getSnapshot().matches({ idle: { locked: 'open' } })).toBe(true);
    expect(aivisaView.paywallOpen(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can({ type: 'SEND', text: 'más' })).toBe(false);
    actor.send({ type: 'CLOSE_PAYWALL' });
    expect(actor.getSnapshot().matches({ idle: { locked: 'closed' } })).toBe(true);
    // Put aside, the plans are still the only way on: nothing can be sent.
    expect(aivisaView.locked(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can({ type: 'SEND', text: 'más' })).toBe(false);
    actor.send({ type: 'OPEN_PAYWALL' });
    expect(aivisaView.paywallOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'CHOOSE_PLAN', plan: 'pro' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ to: '/checkout?plan=pro' });
    // Leaving for the checkout: the page waits (its buttons pressed now would go nowhere).
    expect(aivisaView.busy(actor.getSnapshot())).toBe(true);
  });

  // The page's Send was `busy || locked || draft.trim() === ''`: the machine's guard says it now (issue 46).
  it('offers Send for words typed, not for spaces, nor while the assistant answers, nor once locked', async () => {
    const { actor } = start([turn(), turn({ showPaywall: true, application: { status: 'in_progress', readiness: 80, collected: {} } })]);
    await settle(actor);
    expect(aivisaView.canSend(actor.getSnapshot())).toBe(false);
    for (const blank of [' ', '\n\t ', '\u00a0']) {
      actor.send({ type: 'DRAFT', value: blank });
      expect(aivisaView.canSend(actor.getSnapshot()), JSON.stringify(blank)).toBe(false);
    }
    actor.send({ type: 'DRAFT', value: ' Brasil ' });
    expect(aivisaView.canSend(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SEND' });
    expect([aivisaView.busy(actor.getSnapshot()), aivisaView.canSend(actor.getSnapshot())]).toEqual([true, false]);
    await settle(actor);
    actor.send({ type: 'DRAFT', value: 'turista' });
    expect(aivisaView.canSend(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SEND' });
    await settle(actor);
    actor.send({ type: 'DRAFT', value: 'más' });
    expect(aivisaView.locked(actor.getSnapshot())).toBe(true);
    expect(aivisaView.canSend(actor.getSnapshot())).toBe(false);
  });

  it('opens the paywall when the server refuses with 402, and says sorry for any other failure', async () => {
    const payment = Object.assign(new Error('402'), { status: 402 });
    const { actor } = start([payment, new TypeError('Failed to fetch')]);
    await settle(actor);
    actor.send({ type: 'SEND', text: 'hola' });
    await settle(actor);
    expect(actor.getSnapshot().matches({ idle: { locked: 'open' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ application: { readiness: 80 } });
    const { actor: other } = start([new TypeError('Failed to fetch')]);
    await settle(other);
    other.send({ type: 'SEND', text: 'hola' });
    await settle(other);
    expect(other.getSnapshot().context.lines.at(-1)).toEqual({ role: 'system', key: 'aivisa:error.general' });
    expect(other.getSnapshot().matches({ idle: { talking: 'failed' } })).toBe(true);
  });

  it.each([
    [{ product_recommendation: 'ESTA' }, 'esta'],
    [{ product_recommendation: 'DS-160' }, 'ds160'],
    [{}, 'ds160'],
  ])('offers the plans of what the chat recommended (%o: %s)', async (collected, kind) => {
    const { actor } = start([], { status: 'in_progress', readiness: 90, collected });
    await settle(actor);
    expect(aivisaView.locked(actor.getSnapshot())).toBe(true);
    expect(aivisaView.planKind(actor.getSnapshot())).toBe(kind);
  });

  it('starts at the paywall when the loaded application is there', async () => {
    const { actor } = start([], { status: 'in_progress', readiness: 90, collected: {} });
    await settle(actor);
    expect(aivisaView.paywallOpen(actor.getSnapshot())).toBe(true);
  });

  it("checks an inline widget's answer as its type asks, shows the message, and sends a valid one", async () => {
    const { actor } = start([turn({ content: 'Gracias' })]);
    await settle(actor);
    actor.send({ type: 'INLINE.CHANGE', value: 'ana@' });
    actor.send({ type: 'INLINE.SUBMIT', inputType: 'email' });
    expect(actor.getSnapshot().context.inline.error).not.toBeNull();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'INLINE.CHANGE', value: ' ana@example.com ' });
    expect(actor.getSnapshot().context.inline).toEqual({ value: ' ana@example.com ', error: null });
    actor.send({ type: 'INLINE.SUBMIT', inputType: 'email' });
    expect(actor.getSnapshot().context.lines.at(-1)).toEqual({ role: 'user', content: 'ana@example.com' });
    await settle(actor);
    expect(actor.getSnapshot().context.inline).toEqual({ value: '', error: null });
  });
});
