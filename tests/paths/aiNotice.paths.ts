import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { aiNoticeCalls } from '../../client/api/actors/aiNotice';
import { aiNoticeMachine } from '../../machines/aiNotice.machine';
import { lastCall, type PathModel, type Snap } from './model';

// A chat's AI notice (issue 44) against the real privacy and consent routes. The path tests' app runs the built-in
// engine, so its server says no notice is needed and the composer shows at once. The second case stands in for a
// server with OpenAI configured (the one answer the test app cannot give: its engine is fixed at start): the
// privacy answer says an outside engine reads the chats; the yes goes to the real consent route.

const RETENTION = { unpaidDays: 30, paidPhotoDays: 90 };
const BUILTIN = { aiEngine: 'builtin', consentNeeded: false, consented: false, retention: RETENTION };
const OUTSIDE = { aiEngine: 'openai', consentNeeded: true, consented: false, retention: RETENTION };

function eventsFor(privacy: object) {
  return (s: Snap): AnyEventObject[] => {
    if (s.matches('checking')) return [{ type: 'xstate.done.actor.readPrivacy', output: privacy }, { type: 'xstate.error.actor.readPrivacy', error: 'network' }];
    if (s.matches('notice')) return [{ type: 'ACCEPT' }];
    if (s.matches('accepting')) return [{ type: 'xstate.done.actor.giveConsent', output: { recorded: true } }, { type: 'xstate.error.actor.giveConsent', error: 'network' }];
    return [];
  };
}

function calls(http: Parameters<typeof aiNoticeCalls>[0], input: { outside?: boolean }) {
  const real = aiNoticeCalls(http);
  return input.outside ? { ...real, readPrivacy: async (i: { chat: 'ai-chat' }) => ({ ...(await real.readPrivacy(i)), aiEngine: 'openai', consentNeeded: true, consented: false }) } : real;
}

export const aiNoticePaths: PathModel = {
  machine: aiNoticeMachine,
  budget: 12,
  calls,
  abstraction: (s) => ({ value: s.value, failed: s.context.failed }),
  cases: [
    { name: 'the AI chat, the built-in engine', input: { chat: 'ai-chat' }, events: eventsFor(BUILTIN) },
    { name: 'the AI chat, an outside engine', input: { chat: 'ai-chat', outside: true }, events: eventsFor(OUTSIDE) },
  ],
  oracle: {
    initial: (s) => {
      expect(s.value).toBe('checking');
      expect(s.context).toEqual({ chat: 'ai-chat', engine: null, failed: false });
    },
    step: ({ before, event, after, world }) => {
      expect(after.hasTag('busy')).toBe(after.matches('checking') || after.matches('accepting'));
      // Nothing is recorded on the applicant's behalf: a consent is asked only after their yes.
      const asked = world.held.filter((h) => h.name === 'giveConsent').length;
      expect(asked).toBe(world.events.filter((e) => e.type === 'ACCEPT').length);
      expect(world.held.find((h) => h.name === 'giveConsent')?.input ?? { chat: 'ai-chat', accepted: true }).toEqual({ chat: 'ai-chat', accepted: true });
      // The composer shows after the notice only once the yes is recorded.
      if (after.matches('clear') && !before.matches('checking')) expect(event.type).toBe('xstate.done.actor.giveConsent');
    },
    states: {
      notice: (s) => expect(s.context.engine).toBe('openai'),
      clear: async (_s, world) => {
        const last = world.events.at(-1)?.type;
        if (last === 'xstate.done.actor.readPrivacy') expect(lastCall(world, 'GET', '/api/privacy?chat=ai-chat')?.status).toBe(200);
        if (last === 'xstate.done.actor.giveConsent') expect(lastCall(world, 'POST', '/api/me/consents')?.status).toBe(201);
      },
    },
  },
};
