import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { sectionCount, sectionsChatMachine, type FormAnalysis, type ReplyInput, type SectionsChatInput } from '../../machines/sectionsChat.machine';

const settle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'));
const ANALYSIS: FormAnalysis = { analysis: 'ok', hasErrors: false, hasWarnings: false, errors: [], warnings: [] };

function start(input: SectionsChatInput, script: { extracted?: Record<string, string>[]; replies?: { response: string; isComplete: boolean; nextSection?: 'contact' }[] } = {}) {
  const replies: Omit<ReplyInput, 'replyTo'>[] = [];
  const actor = createActor(
    sectionsChatMachine.provide({
      actors: {
        reply: fromPromise(async ({ input }: { input: ReplyInput }) => {
          const { replyTo, ...rest } = input;
          replies.push(rest);
          replyTo.send({ type: 'PIECE', text: 'Ho' });
          return script.replies?.shift() ?? { response: 'Hola', isComplete: false };
        }),
        analyzeResponse: fromPromise(async () => ({ extractedData: script.extracted?.shift() ?? {}, understood: ['x'] })),
        analyzeForm: fromPromise(async () => ANALYSIS),
      } as never,
    }),
    { input },
  ).start();
  return { actor, replies };
}

describe('sectionsChat', () => {
  it('pre-fills what the visa wizard sent and greets with it', async () => {
    const { actor, replies } = start({ language: 'es', country: 'mexico', purpose: 'tourism', visaType: 'esta' });
    await settle(actor);
    const { progress, visaType } = actor.getSnapshot().context;
    expect(progress.personalInfo).toEqual({ nationality: 'Mexico' });
    expect(progress.travelInfo).toEqual({ purpose: 'tourism' });
    expect(progress.totalProgress).toBe(10);
    expect(visaType).toBe('ESTA');
    expect(replies[0]).toMatchObject({ message: '', messageHistory: [], context: { country: 'mexico', purpose: 'tourism', visaType: 'ESTA' } });
    // A purpose the start flow does not know is not a purpose.
    const { actor: other } = start({ language: 'es', country: 'Atlantis', purpose: 'fun' });
    await settle(other);
    expect(other.getSnapshot().context.progress.totalProgress).toBe(0);
  });

  it('merges an answer into the current section, moves on when told, and sends the last 6 messages', async () => {
    const { actor, replies } = start({ language: 'en' }, { extracted: [{ firstName: 'Ana' }, {}, {}, {}], replies: [{ response: 'Hi', isComplete: false }, { response: 'Next', isComplete: false, nextSection: 'contact' }] });
    await settle(actor);
    actor.send({ type: 'SEND', text: ' ' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'DRAFT', value: ' Ana ' });
    actor.send({ type: 'SEND' });
    await settle(actor);
    const { progress } = actor.getSnapshot().context;
    expect(progress.personalInfo).toEqual({ firstName: 'Ana' });
    expect(progress).toMatchObject({ currentSection: 'contact', completedSections: ['personal'], totalProgress: 5 });
    expect(replies.at(-1)).toMatchObject({ message: 'Ana', messageHistory: [{ role: 'assistant', content: 'Hi' }], context: { understood: ['x'] } });
    for (const text of ['a', 'b', 'c']) {
      actor.send({ type: 'SEND', text });
      await settle(actor);
    }
    expect(replies.at(-1)?.messageHistory).toHaveLength(6);
    expect(sectionCount(actor.getSnapshot().context.progress, 'personal')).toEqual({ filled: 1, total: 5 });
  });

  it('asks for the final analysis when the reply says complete', async () => {
    const { actor } = start({ language: 'es' }, { replies: [{ response: 'Hola', isComplete: false }, { response: 'Listo', isComplete: true }] });
    await settle(actor);
    actor.send({ type: 'SEND', text: 'Ana' });
    await settle(actor);
    expect(actor.getSnapshot().context.analysis).toEqual(ANALYSIS);
  });

  it('asks to repeat when an answer cannot be read', async () => {
    const actor = createActor(
      sectionsChatMachine.provide({
        actors: {
          reply: fromPromise(async () => ({ response: 'Hola', isComplete: false })),
          analyzeResponse: fromPromise(async () => {
            throw new Error('500');
          }),
        } as never,
      }),
      { input: { language: 'es' } },
    ).start();
    await settle(actor);
    actor.send({ type: 'SEND', text: 'Ana' });
    await settle(actor);
    expect(actor.getSnapshot().context.lines.at(-1)).toEqual({ role: 'system', key: 'sections:error.repeat' });
    expect(actor.getSnapshot().matches({ idle: 'failed' })).toBe(true);
  });
});
