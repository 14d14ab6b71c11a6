import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { aiNoticeMachine, type ConsentGiven, type NoticeChat } from '../../machines/aiNotice.machine';
import { aiNoticeViewOf } from '../../machines/aiNotice.view';
import { ChatNames, ConsentBodySchema, type Privacy } from '../../openapi/schemas/rights';

// A chat's AI notice (issue 44): the composer shows only where no outside service reads the words, or after the
// applicant's yes has been recorded by the server.

const RETENTION = { unpaidDays: 30, paidPhotoDays: 90 };

function start(privacy: () => Promise<Privacy>, give: (body: ConsentGiven) => Promise<unknown>, chat: NoticeChat = 'ai-chat') {
  const actor = createActor(
    aiNoticeMachine.provide({ actors: { readPrivacy: fromPromise(() => privacy()), giveConsent: fromPromise(({ input }) => give(input)) } }),
    { input: { chat } },
  );
  actor.start();
  return actor;
}

describe('aiNotice machine', () => {
  it('shows the composer at once when nothing leaves, or the asker said yes before; the notice otherwise', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.boolean(), fc.constantFrom(...ChatNames), async (consentNeeded, consented, chat) => {
        const given: ConsentGiven[] = [];
        const actor = start(async () => ({ aiEngine: consentNeeded ? 'openai' : 'builtin', consentNeeded, consented, retention: RETENTION }), async (b) => given.push(b), chat);
        expect(aiNoticeViewOf(actor.getSnapshot())).toMatchObject({ showing: false, clear: false, busy: true });
        await waitFor(actor, (s) => !s.hasTag('busy'));
        const view = aiNoticeViewOf(actor.getSnapshot());
        expect(view.showing).toBe(consentNeeded && !consented);
        expect(view.clear).toBe(!view.showing);
        if (view.showing) expect(view.engine).toBe('openai');
        expect(given).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('records the yes for its own chat, and says so when it could not, keeping the composer away', async () => {
    const given: ConsentGiven[] = [];
    let refuse = true;
    const actor = start(
      async () => ({ aiEngine: 'openai', consentNeeded: true, consented: false, retention: RETENTION }),
      async (body) => {
        if (refuse) throw new Error('503');
        given.push(body);
      },
      'sections',
    );
    await waitFor(actor, (s) => s.matches('notice'));
    actor.send({ type: 'ACCEPT' });
    await waitFor(actor, (s) => s.matches('notice') && s.context.failed);
    expect(aiNoticeViewOf(actor.getSnapshot())).toMatchObject({ showing: true, clear: false, failed: true });
    refuse = false;
    actor.send({ type: 'ACCEPT' });
    await waitFor(actor, (s) => s.matches('clear'));
    expect(given).toEqual([{ chat: 'sections', accepted: true }]);
    expect(aiNoticeViewOf(actor.getSnapshot())).toMatchObject({ showing: false, clear: true, failed: false });
  });

  it('names in its body schema exactly the chats the notice may be for', () => {
    expect((ConsentBodySchema.properties.chat as unknown as { anyOf: Array<{ const: string }> }).anyOf.map((l) => l.const)).toEqual([...ChatNames]);
  });

  it('leaves the rule to the server when the privacy call fails: the composer shows', async () => {
    const actor = start(async () => {
      throw new Error('network');
    }, async () => undefined);
    await waitFor(actor, (s) => s.matches('clear'));
  });
});
