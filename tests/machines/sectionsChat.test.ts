import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { sectionsChatFlow } from '../../machines/sectionsChat.view';
import { SECTIONS_SESSION_KEY, sectionCount, sectionsChatMachine, type FormAnalysis, type KeptSections, type ReplyInput, type SectionsChatInput } from '../../machines/sectionsChat.machine';

const settle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'));
const ANALYSIS: FormAnalysis = { analysis: 'ok', hasErrors: false, hasWarnings: false, errors: [], warnings: [] };

function start(input: SectionsChatInput, script: { extracted?: Record<string, string>[]; replies?: { response: string; isComplete: boolean; nextSection?: 'contact'; quickAnswers?: string[] }[]; kept?: KeptSections; quick?: string[] } = {}) {
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
        analyzeResponse: fromPromise(async () => ({ extractedData: script.extracted?.shift() ?? {}, understood: ['x'], ...(script.quick ? { quickAnswers: script.quick } : {}) })),
        loadConversation: fromPromise(async () => {
          if (script.kept) return script.kept;
          throw Object.assign(new Error('Not found'), { status: 404 });
        }),
        analyzeForm: fromPromise(async () => ANALYSIS),
      } as never,
    }),
    { input },
  ).start();
  return { actor, replies };
}

describe('sectionsChat', () => {
  it('pre-fills what the visa wizard sent and greets with it', async () => {
    const { actor, replies } = start({ sessionId: 'sections-unit-1', language: 'es', country: 'mexico', purpose: 'tourism', visaType: 'esta' });
    await settle(actor);
    const { progress, visaType } = actor.getSnapshot().context;
    expect(progress.personalInfo).toEqual({ nationality: 'Mexico' });
    expect(progress.travelInfo).toEqual({ purpose: 'tourism' });
    expect(progress.totalProgress).toBe(10);
    expect(visaType).toBe('ESTA');
    expect(replies[0]).toMatchObject({ message: '', messageHistory: [], context: { country: 'mexico', purpose: 'tourism', visaType: 'ESTA' } });
    // A purpose the start flow does not know is not a purpose.
    const { actor: other } = start({ sessionId: 'sections-unit-1', language: 'es', country: 'Atlantis', purpose: 'fun' });
    await settle(other);
    expect(other.getSnapshot().context.progress.totalProgress).toBe(0);
  });

  it('merges an answer into the current section, moves on when told, and sends the last 6 messages', async () => {
    const { actor, replies } = start({ sessionId: 'sections-unit-1', language: 'en' }, { extracted: [{ firstName: 'Ana' }, {}, {}, {}], replies: [{ response: 'Hi', isComplete: false }, { response: 'Next', isComplete: false, nextSection: 'contact' }] });
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

  it("counts a section's fields with words in them, of all its fields, for the sidebar", () => {
    const progress = {
      personalInfo: { firstName: 'Ana', lastName: '  ', nationality: 'Mexico', notAField: 'x' },
      contactInfo: { email: 'ana@example.com', phone: '', address: 'Calle 1', city: 'CDMX' },
      passportInfo: {},
      travelInfo: { purpose: 'tourism' },
      employmentInfo: { occupation: 'nurse', employer: 'IMSS', monthlyIncome: '900' },
      completedSections: [],
      currentSection: 'personal' as const,
      totalProgress: 0,
    };
    const counts = Object.fromEntries((['personal', 'contact', 'passport', 'travel', 'employment'] as const).map((section) => [section, sectionCount(progress, section)]));
    expect(counts).toEqual({
      personal: { filled: 2, total: 5 },
      contact: { filled: 3, total: 4 },
      passport: { filled: 0, total: 4 },
      travel: { filled: 1, total: 4 },
      employment: { filled: 3, total: 3 },
    });
  });

  it('asks for the final analysis when the reply says complete', async () => {
    const { actor } = start({ sessionId: 'sections-unit-1', language: 'es' }, { replies: [{ response: 'Hola', isComplete: false }, { response: 'Listo', isComplete: true }] });
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
          loadConversation: fromPromise(async () => {
            throw new Error('404');
          }),
        } as never,
      }),
      { input: { sessionId: 'sections-unit-4', language: 'es' } },
    ).start();
    await settle(actor);
    actor.send({ type: 'SEND', text: 'Ana' });
    await settle(actor);
    expect(actor.getSnapshot().context.lines.at(-1)).toEqual({ role: 'system', key: 'sections:error.repeat' });
    expect(actor.getSnapshot().matches({ idle: 'failed' })).toBe(true);
  });

  // Issue 32: the server keeps the conversation; a reload shows it as it was, with its quick answers.
  it('restores a kept conversation instead of greeting again', async () => {
    const formProgress = { personalInfo: { firstName: 'Helene' }, contactInfo: {}, passportInfo: {}, travelInfo: {}, employmentInfo: {}, completedSections: [], currentSection: 'personal' as const, totalProgress: 5 };
    const kept: KeptSections = { language: 'fr', formProgress, messages: [{ role: 'assistant', content: 'Bonjour' }, { role: 'user', content: 'Hélène' }, { role: 'assistant', content: 'HELENE ?', quickAnswers: ['Oui', 'Non'] }] };
    const { actor, replies } = start({ sessionId: 'sections-unit-2', language: 'es' }, { kept });
    await settle(actor);
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(replies).toEqual([]);
    expect(context).toMatchObject({ language: 'fr', progress: formProgress, quick: ['Oui', 'Non'] });
    expect(context.lines).toEqual(kept.messages.map(({ role, content }) => ({ role, content })));
  });

  it('offers the quick answers a reply gives, and forgets them once the applicant answers', async () => {
    const { actor, replies } = start({ sessionId: 'sections-unit-3', language: 'fr' }, { replies: [{ response: 'Bonjour', isComplete: false }, { response: 'HELENE ?', isComplete: false, quickAnswers: ['Oui', 'Non'] }] });
    await settle(actor);
    actor.send({ type: 'SEND', text: 'Hélène' });
    await settle(actor);
    expect(actor.getSnapshot().context.quick).toEqual(['Oui', 'Non']);
    expect(replies.at(-1)).toMatchObject({ sessionId: 'sections-unit-3', message: 'Hélène' });
    actor.send({ type: 'SEND', text: 'Oui' });
    expect(actor.getSnapshot().context.quick).toEqual([]);
  });
});

describe('sectionsChatFlow, as /ai-chat-sections opens it', () => {
  const world = (query: string, kept: string | null, language: 'en' | 'es' | 'fr' | 'pt' = 'fr') => ({
    language,
    search: new URLSearchParams(query),
    kept: (area: string, key: string) => (area === 'local' && key === SECTIONS_SESSION_KEY ? kept : null),
    today: '2026-01-01',
  });
  const uuid = expect.stringMatching(/^[0-9a-f-]{36}$/);

  it("goes on in this browser's conversation, in ?lang or the interface's language; from the visa wizard, a fresh one", () => {
    expect(sectionsChatFlow.input(world('', 'kept-conversation-1'))).toEqual({ sessionId: 'kept-conversation-1', unkept: false, language: 'fr', country: null, purpose: null, visaType: null });
    expect(sectionsChatFlow.input(world('lang=pt', null, 'en'))).toMatchObject({ sessionId: uuid, unkept: true, language: 'pt' });
    expect(sectionsChatFlow.input(world('lang=xx&country=mexico&purpose=tourism&visaType=B1', 'kept-conversation-1'))).toEqual({
      sessionId: uuid,
      unkept: true,
      language: 'fr',
      country: 'mexico',
      purpose: 'tourism',
      visaType: 'B1',
    });
  });

  it('keeps a new conversation as it starts, and only a new one', () => {
    for (const unkept of [true, false]) {
      const emitted: unknown[] = [];
      const actor = createActor(sectionsChatMachine.provide({ actors: { loadConversation: fromPromise(() => new Promise(() => {})) } as never }), {
        input: { sessionId: 'sections-0001', language: 'es', unkept },
      });
      actor.on('*', (e) => void emitted.push(e));
      actor.start();
      expect(emitted).toEqual(unkept ? [{ type: 'store', area: 'local', values: { [SECTIONS_SESSION_KEY]: 'sections-0001' } }] : []);
      actor.stop();
    }
  });
});
