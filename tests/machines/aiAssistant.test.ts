import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { aiAssistantMachine, failureDetail, type AiAssistantInput, type KeptConversation, type NextAnswer } from '../../machines/aiAssistant.machine';

const settle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'));
const question = (id: string, label = `${id}?`): NextAnswer => ({ done: false, message: '', question: label, field: { id, label, type: 'text' }, progress: { answered: 0, total: 2 } });
const DONE: NextAnswer = { done: true, message: 'Thanks', question: '', progress: { answered: 2, total: 2 }, checkoutUrls: { basic: '/b', pro: '/p', elite: '/e' } };

function start(
  script: NextAnswer[],
  input: AiAssistantInput = {},
  answer: (input: { answer: string }) => Promise<unknown> = async () => ({ saved: true, value: 'v', progress: { answered: 1, total: 2 } }),
  kept: KeptConversation = { language: 'en', lines: [] },
) {
  const asked: { sessionId: string; language: string }[] = [];
  const sent: { answer: string; question_id: string }[] = [];
  const actor = createActor(
    aiAssistantMachine.provide({
      actors: {
        createSession: fromPromise(async () => ({ sessionId: 'session-1' })),
        nextQuestion: fromPromise(async ({ input }: { input: { sessionId: string; language: string } }) => {
          asked.push(input);
          return script.shift() ?? DONE;
        }),
        sendAnswer: fromPromise(async ({ input }: { input: { answer: string; question_id: string } }) => {
          sent.push(input);
          return answer(input);
        }),
        loadConversation: fromPromise(async () => kept),
      } as never,
    }),
    { input },
  ).start();
  return { actor, asked, sent };
}

describe('failureDetail (spec 3-ai §8)', () => {
  it.each([
    [{ status: 400, serverMessage: 'body.answer: bad', code: 'validation:validation.email.invalid' }, { key: 'validation:validation.email.invalid' }],
    // Never the server's English (issue 34): a reason the interface words by its code, or 'Request failed'.
    [{ status: 500, serverMessage: 'The engine failed' }, { key: 'aiassistant:error.requestFailed' }],
    [{ status: 502, serverMessage: '' }, { key: 'aiassistant:error.requestFailed' }],
    [{ status: 409, code: 'card_declined', serverMessage: 'Declined' }, { key: 'aiassistant:error.requestFailed' }],
    [{ status: 429, code: 'too_many_requests', serverMessage: 'Too many requests; try again in 1 minute.' }, { key: 'errors:too_many_requests' }],
    [{ status: 403, code: 'other_session', serverMessage: 'This application belongs to another session.' }, { key: 'errors:other_session' }],
    [new TypeError('Failed to fetch'), { key: 'aiassistant:error.network' }],
    [undefined, { key: 'aiassistant:error.network' }],
  ])('%o → %o', (error, detail) => expect(failureDetail(error)).toEqual(detail));
});

describe('aiAssistant', () => {
  it('starts a session for the chosen form, asks, sends a trimmed answer, and ends with the plans', async () => {
    const { actor, asked, sent } = start([question('first-name'), question('email')]);
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'START', kind: 'esta' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('answering');
    expect(asked).toEqual([{ sessionId: 'session-1', language: 'es' }]);
    actor.send({ type: 'DRAFT', value: '   ' });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'DRAFT', value: ' Ana ' });
    actor.send({ type: 'SUBMIT' });
    await settle(actor);
    expect(sent[0]).toMatchObject({ answer: 'Ana', question_id: 'first-name' });
    actor.send({ type: 'CHOOSE', value: 'ana@example.com' });
    await settle(actor);
    const s = actor.getSnapshot();
    expect(s.value).toBe('done');
    expect(s.context).toMatchObject({ completion: 'Thanks', checkoutUrls: DONE.checkoutUrls, kind: 'esta', question: null });
    expect(s.context.lines.map((l) => l.role)).toEqual(['assistant', 'user', 'assistant', 'user']);
  });

  it('asks the same question again in the other language', async () => {
    const { actor, asked } = start([question('first-name', 'Nombre?'), question('first-name', 'First name?')]);
    actor.send({ type: 'START', kind: 'ds160' });
    await settle(actor);
    actor.send({ type: 'LANGUAGE', language: 'es' });
    expect(asked).toHaveLength(1);
    actor.send({ type: 'LANGUAGE', language: 'en' });
    await settle(actor);
    expect(asked.at(-1)).toEqual({ sessionId: 'session-1', language: 'en' });
    expect(actor.getSnapshot().context.lines.at(-1)).toEqual({ role: 'assistant', text: 'First name?' });
  });

  it("keeps a refused answer in the box with the rule's message, and says when a question has no words", async () => {
    const refuse = async () => {
      throw Object.assign(new Error('400'), { status: 400, serverMessage: 'body.answer: x', code: 'validation:validation.name.invalid' });
    };
    const { actor } = start([question('first-name'), { ...question('x'), question: '' }], {}, refuse);
    actor.send({ type: 'START', kind: 'ds160' });
    await settle(actor);
    actor.send({ type: 'DRAFT', value: '123' });
    actor.send({ type: 'SUBMIT' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('answering');
    expect(actor.getSnapshot().context.draft).toBe('123');
    expect(actor.getSnapshot().context.lines.at(-1)).toEqual({ role: 'system', key: 'aiassistant:error.line', detail: { key: 'validation:validation.name.invalid' } });
  });

  it('goes on with a kept interview after a reload, showing the kept conversation once, and New Interview forgets it but keeps the language', async () => {
    const kept: KeptConversation = { language: 'fr', lines: [{ role: 'assistant', text: 'first-name?' }, { role: 'user', text: 'Ana' }, { role: 'assistant', text: 'phone?' }] };
    const { actor, asked } = start([question('phone')], { sessionId: 'kept', kind: 'ds160', language: 'en' }, undefined, kept);
    await settle(actor);
    // The server's language wins, and the question it was at is not shown twice.
    expect(asked).toEqual([{ sessionId: 'kept', language: 'fr' }]);
    expect(actor.getSnapshot().context.lines).toEqual(kept.lines);
    actor.send({ type: 'NEW_INTERVIEW' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toMatchObject({ sessionId: null, kind: null, lines: [], language: 'fr' });
  });

  // Issue 32: an answer the server does not store is a reply, with quick answers; the question stays.
  it('shows the reply of an answer not stored, offers its quick answers, and stays on the question', async () => {
    const { actor, sent } = start([question('last-name'), question('gender')], {}, async ({ answer }) =>
      answer === 'Lefèvre' ? { saved: false, progress: { answered: 0, total: 2 }, reply: { text: 'LEFEVRE?', quickAnswers: ['Oui', 'Non'] } } : { saved: true, value: 'Lefevre', progress: { answered: 1, total: 2 } },
    );
    actor.send({ type: 'START', kind: 'ds160' });
    await settle(actor);
    actor.send({ type: 'DRAFT', value: 'Lefèvre' });
    actor.send({ type: 'SUBMIT' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('answering');
    expect(actor.getSnapshot().context).toMatchObject({ draft: '', quick: ['Oui', 'Non'], question: { id: 'last-name' } });
    expect(actor.getSnapshot().context.lines.slice(-2)).toEqual([{ role: 'user', text: 'Lefèvre' }, { role: 'assistant', text: 'LEFEVRE?' }]);
    actor.send({ type: 'CHOOSE', value: 'Oui' });
    await settle(actor);
    expect(sent.map((s) => [s.question_id, s.answer])).toEqual([['last-name', 'Lefèvre'], ['last-name', 'Oui']]);
    expect(actor.getSnapshot().context).toMatchObject({ quick: [], question: { id: 'gender' } });
  });

  it('stalls without a question when the next one fails, and tries again on request', async () => {
    let fail = true;
    const actor = createActor(
      aiAssistantMachine.provide({
        actors: {
          createSession: fromPromise(async () => ({ sessionId: 's' })),
          nextQuestion: fromPromise(async () => {
            if (fail) throw Object.assign(new Error('500'), { status: 500, serverMessage: 'The AI engine failed' });
            return question('first-name');
          }),
        } as never,
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'START', kind: 'ds160' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('stalled');
    expect(actor.getSnapshot().context.lines).toEqual([{ role: 'system', key: 'aiassistant:error.question', detail: { key: 'aiassistant:error.requestFailed' } }]);
    fail = false;
    actor.send({ type: 'RETRY' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('answering');
  });
});
