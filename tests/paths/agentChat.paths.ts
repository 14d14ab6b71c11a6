import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { agentChatCalls } from '../../client/api/actors/agentChat';
import { eventReader } from '../../client/api/events';
import { agentChatMachine, type AgentReply } from '../../machines/agentChat.machine';

/** The page follows a redirect 2 s after the message that announces it (spec 3-ai §2.6). */
const REDIRECT_DELAY = 2000;
import { engineFaults } from '../helpers/engineFaults';
import { injectTransport } from '../helpers/transport';
import { fillConversation, fullConversationModel } from './chatFull';
import { expectHandOff, expectNoHandOff } from './formHandOff';
import { effectsOf, lastCall, lastHeld, type PathCase, type PathModel, type Snap, type World } from './model';

// The consular-agent chat (issue 13) against the real routes and the built-in engine: the language screen unless
// a session is saved, streamed replies, the sidebar's DS-160 progress, a redirect 2 seconds after its message.

const SESSION = { language: 'es', readyForCheckout: false, questionsStarted: false, currentQuestionIndex: 0, formData: {}, wizardOffered: false };
const REPLY = { response: 'Hola', buttons: [], session: SESSION };
const REDIRECT = { ...REPLY, redirect: '/checkout' };
const PROGRESS = { sections: [], completed: 0, total: 10 };
const AFTER = `xstate.after.${REDIRECT_DELAY}.agentChat.redirecting`;

const done = (call: string, output: unknown) => ({ type: `xstate.done.actor.${call}`, output });
const dropped = (call: string) => ({ type: `xstate.error.actor.${call}`, error: 'network' });
const refused = (call: string) => ({ type: `xstate.error.actor.${call}`, error: 'server' });

async function fresh(world: World, input: object) {
  engineFaults(world.app).clear();
  return { ...input, sessionId: `agent-${randomUUID()}` };
}

/** A conversation of this browser's with everything answered: the next message may ask to pay. */
async function ready(world: World, input: object) {
  const made = await fresh(world, input);
  for (const message of ['', 'Soy de Colombia', 'Turismo', 'Carlos Ruiz', 'carlos.paths@example.com', '+57 300 123 4567']) {
    const res = await world.http({ method: 'POST', path: '/api/ai/chat', body: { sessionId: made.sessionId, message, language: 'es' } });
    if (res.status !== 200) throw new Error(res.text);
  }
  return made;
}


/** The conversation the page is in: the browser's, or the fresh one the server made after a full one. */
const current = (world: World): string => (lastCall(world, 'POST', '/api/ai/session/')?.response as { sessionId?: string } | undefined)?.sessionId ?? world.input.sessionId;

const common = (s: Snap) => {
  if (s.matches('loadingSections')) return [done('loadSections', []), dropped('loadSections')];
  if (s.matches('refreshing')) return [done('loadProgress', PROGRESS), dropped('loadProgress')];
  return null;
};

/** Issue 41: the full conversation, its refusal and the fresh one (tests/paths/chatFull.ts), in this chat's words. */
const full = fullConversationModel({
  storeKey: 'rumbo.agent.session',
  write: { call: 'sendMessage', route: '/api/ai/chat' },
  reload: { state: 'loadingSession', call: 'loadSession' },
  fresh: () => ({ lines: [], draft: '', progress: null }),
  // The fresh conversation keeps what the full one collected, not its messages.
  keeps: async (world, from, made) => {
    const read = async (id: string) => JSON.parse((await world.http({ method: 'GET', path: `/api/ai/session/${id}` })).text) as { messages: unknown[] };
    const { messages: _all, ...answers } = await read(from);
    expect(answers).toMatchObject({ country: expect.any(String) });
    expect(await read(made)).toEqual({ ...answers, messages: [] });
  },
  input: { sessionId: 'full' },
  setup: async (world, input) => {
    const made = await fresh(world, input);
    for (const message of ['', 'Soy de Colombia', 'carlos.full@example.com']) {
      const res = await world.http({ method: 'POST', path: '/api/ai/chat', body: { sessionId: made.sessionId, message, language: 'es' } });
      if (res.status !== 200) throw new Error(res.text);
    }
    await fillConversation(world, made.sessionId);
    return made;
  },
  events: (s) => common(s) ?? (s.matches('loadingSession') ? [done('loadSession', { ...SESSION, messages: [] })] : s.matches('idle') ? [{ type: 'SEND', text: 'Hola otra vez' }] : []),
  send: { type: 'SEND', text: 'Hola' },
});
const isFullRefusal = full.isRefusal;

const cases: PathCase[] = [
  {
    name: 'a new conversation in Spanish',
    // A browser that kept no conversation: the chat keeps the new one's id as it starts.
    input: { sessionId: 'new', unkept: true },
    setup: fresh,
    events: (s) =>
      common(s) ??
      (s.matches('loadingSession')
        ? [done('loadSession', null)]
        : s.matches('choosingLanguage')
          ? [{ type: 'CHOOSE_LANGUAGE', language: 'es' }, { type: 'OPEN', to: '/ds160-wizard' }]
          : s.matches('sending')
            ? [done('sendMessage', REPLY), dropped('sendMessage')]
            : s.matches('idle')
              ? [{ type: 'SEND' }, { type: 'DRAFT', value: ' Soy de Colombia ' }, { type: 'SEND', text: 'Turismo' }]
              : []),
  },
  {
    name: 'a saved conversation that asks to pay',
    input: { sessionId: 'ready' },
    setup: ready,
    events: (s) =>
      common(s) ??
      (s.matches('loadingSession')
        ? [done('loadSession', { ...SESSION, messages: [] })]
        : s.matches('sending')
          ? [done('sendMessage', REDIRECT)]
          : s.matches('idle')
            ? [{ type: 'SEND', text: 'quiero pagar' }, { type: 'OPEN', to: '/ds160-wizard' }, { type: 'OPEN', to: '/aivisa' }]
            : s.matches('redirecting')
              ? [{ type: AFTER }]
              : []),
  },
  {
    name: "another browser's conversation",
    input: { sessionId: 'theirs' },
    setup: async (world, input) => {
      const made = await fresh(world, input);
      await injectTransport(world.app)({ method: 'POST', path: '/api/ai/chat', body: { sessionId: made.sessionId, message: '', language: 'en' } });
      return made;
    },
    events: (s) =>
      common(s) ??
      (s.matches('loadingSession') ? [refused('loadSession')] : s.matches('choosingLanguage') ? [{ type: 'CHOOSE_LANGUAGE', language: 'en' }] : s.matches('sending') ? [refused('sendMessage')] : []),
  },
  {
    name: 'an engine that fails while it writes',
    input: { sessionId: 'broken' },
    setup: async (world, input) => {
      const made = await fresh(world, input);
      engineFaults(world.app).set('chatReply', 'throw');
      return made;
    },
    events: (s) =>
      common(s) ?? (s.matches('loadingSession') ? [done('loadSession', null)] : s.matches('choosingLanguage') ? [{ type: 'CHOOSE_LANGUAGE', language: 'en' }] : s.matches('sending') ? [refused('sendMessage')] : []),
  },
  full.fullCase,
];

function streamedReply(text: string): AgentReply | undefined {
  let reply: AgentReply | undefined;
  eventReader((name, data) => {
    if (name === 'done') reply = data as AgentReply;
  })(text);
  return reply;
}

export const agentChatPaths: PathModel = {
  machine: agentChatMachine,
  budget: 50,
  calls: agentChatCalls,
  cases,
  abstraction: (s) => ({ value: s.value, draft: s.context.draft, said: s.context.lines.length > 0, last: s.context.lines.at(-1)?.role }),
  // The redirect waits 2 seconds from the reply that carries it.
  delayEndsAt: (world) => {
    const at = world.events.map((e) => e.type).lastIndexOf('xstate.done.actor.sendMessage');
    return (world.times[at] ?? 0) + REDIRECT_DELAY;
  },
  required: [
    // Issue 13: the form opened from a conversation that collected the applicant's answers.
    { name: 'the form opened after the answers', case: 'a saved conversation that asks to pay', through: [(e) => e.type === 'xstate.done.actor.loadSession', (e) => e.type === 'OPEN' && e.to === '/ds160-wizard'] },
    // Issue 41: a full conversation, a fresh one that could not be made, then one that was: the answers carry over.
    full.required,
    // A lost reply, then another message: the failure line stays in the history, the new message is answered.
    { name: 'a lost reply, then another message', through: [(e) => e.type === 'xstate.error.actor.sendMessage', (e) => e.type === 'SEND' && Boolean(e.text), (e) => e.type === 'xstate.done.actor.sendMessage'] },
    // The reply that asks to pay: shown, then the page goes to the checkout 2 seconds later.
    { name: 'a reply that asks to pay, then its redirect', case: 'a saved conversation that asks to pay', through: [(e) => e.type === 'xstate.done.actor.sendMessage', (e) => e.type === AFTER] },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('loadingSections');
      expect(s.context).toEqual({ sessionId: world.input.sessionId, unkept: world.input.unkept ?? false, language: null, session: null, lines: [], draft: '', partial: '', sections: [], progress: null, redirect: null });
      expect(s.context).toMatchObject({ sessionId: world.input.sessionId, language: null, lines: [] });
      // A new conversation is this browser's from the start; a kept one is not stored again.
      const kept = effectsOf(world, 'store').map((e) => e.params);
      expect(kept).toEqual(world.input.unkept ? [{ type: 'store', area: 'local', values: { 'rumbo.agent.session': world.input.sessionId } }] : []);
    },
    step: async ({ event, before, after, world, started, asked }) => {
      const names = started.map((h) => h.name);
      // Where each step leads, as the oracle knows the page: sections, then the saved session (or the language
      // screen), each reply then the sidebar's progress, a failure back to the box with its line.
      const lands: Record<string, object | string> = {
        'xstate.done.actor.loadSections': 'loadingSession',
        'xstate.error.actor.loadSections': 'loadingSession',
        'xstate.error.actor.loadSession': 'choosingLanguage',
        'xstate.error.actor.sendMessage': isFullRefusal(event) ? { full: 'offering' } : { idle: 'failed' },
        'xstate.error.actor.startFresh': { full: 'failed' },
        'xstate.done.actor.startFresh': 'loadingSession',
        'xstate.done.actor.loadProgress': { idle: 'ready' },
        'xstate.error.actor.loadProgress': { idle: 'ready' },
      };
      if (lands[event.type]) expect(after.value, `where ${event.type} leads`).toEqual(lands[event.type]);
      if (event.type === 'xstate.done.actor.loadSession') expect(after.value).toBe((event as { output?: unknown }).output === null ? 'choosingLanguage' : 'refreshing');
      if (event.type === 'xstate.done.actor.sendMessage' && !(event as { output?: { redirect?: string } }).output?.redirect && !after.matches('redirecting')) expect(after.value).toBe('refreshing');
      if ((event.type === 'CHOOSE_LANGUAGE' && before.matches('choosingLanguage')) || (event.type === 'SEND' && names.length)) expect(after.matches('sending')).toBe(true);
      if (event.type === 'xstate.done.actor.loadSections') {
        expect(after.context.sections).toEqual(lastCall(world, 'GET', '/api/ds160/sections')?.response);
        expect(after.context.sections).toHaveLength(10);
      }
      if (event.type === 'xstate.done.actor.loadSession') {
        const answer = lastCall(world, 'GET', '/api/ai/session/');
        // Issue 34: none begun in this browser is an empty answer (204), and the language screen shows.
        if (answer?.status === 204) {
          expect(after.value).toBe('choosingLanguage');
          expect(after.context.lines).toEqual([]);
          return;
        }
        expect(answer?.status).toBe(200);
        const { messages, ...session } = answer?.response as { messages: unknown[] };
        // A saved session skips the language screen (spec 3-ai §4.5).
        expect(after.context.lines).toEqual(messages);
        expect(after.context.session).toEqual(session);
        // The conversation goes on in its own language: one of the four, else Spanish.
        const language = (session as { language: string }).language;
        expect(after.context.language).toBe(['es', 'en', 'fr', 'pt'].includes(language) ? language : 'es');
        expect(after.matches('choosingLanguage')).toBe(false);
      }
      if (event.type === 'xstate.error.actor.loadSession') {
        expect(after.value).toBe('choosingLanguage');
        if ((event as { error?: unknown }).error === 'server') expect(lastCall(world, 'GET', '/api/ai/session/')?.status).toBe(403);
      }
      // The language chosen is the conversation's.
      if (event.type === 'CHOOSE_LANGUAGE' && before.matches('choosingLanguage')) expect(after.context.language).toBe(event.language);
      // Words sent join the conversation as the applicant's; the box empties unless a quick answer went instead.
      if (event.type === 'SEND' && before.matches('idle')) {
        const text = (event.text ?? before.context.draft).trim();
        if (text) expect(after.context.lines).toEqual([...before.context.lines, { role: 'user', content: text }]);
        else expect(after.context.lines).toEqual(before.context.lines);
        expect(after.context.draft).toBe(text && event.text === undefined ? '' : before.context.draft);
      }
      if (event.type === 'DRAFT' && before.matches('idle')) expect(after.context.draft).toBe(event.value);
      // A link followed out of the chat: to the ten-section form, what the conversation collected goes with it; the
      // chat stays where it was.
      if (event.type === 'OPEN') {
        const session = before.context.session;
        const collected = session && { firstName: session.formData.firstName, lastName: session.formData.lastName, email: session.email, phone: session.phone, nationality: session.country, purpose: session.purpose };
        expectHandOff(event.to, collected, asked);
        expect(after.value).toEqual(before.value);
        expect(after.context).toEqual(before.context);
      } else expectNoHandOff(asked);
      if (event.type === 'CHOOSE_LANGUAGE') expect(names).toEqual(before.matches('choosingLanguage') ? ['sendMessage'] : []);
      if (event.type === 'SEND') {
        const text = (event.text ?? before.context.draft).trim();
        expect(names).toEqual(before.matches('idle') && text ? ['sendMessage'] : []);
      }
      if (event.type === 'xstate.done.actor.sendMessage') {
        const answer = lastCall(world, 'POST', '/api/ai/chat');
        const reply = streamedReply(answer?.response as string);
        expect(reply).toBeDefined();
        expect(after.context.lines.at(-1)).toEqual({ role: 'assistant', content: reply!.response, ...(reply!.buttons.length ? { buttons: reply!.buttons } : {}) });
        expect(after.context.session).toEqual(reply!.session);
        expect(after.context.partial).toBe('');
        expect(after.context.redirect).toBe(reply!.redirect ?? null);
        expect(after.context.lines.slice(0, -1)).toEqual(before.context.lines);
        expect(after.matches('redirecting')).toBe(Boolean(reply!.redirect));
        const row = await world.app.db.selectFrom('chat_sessions').select('messages').where('id', '=', current(world)).executeTakeFirstOrThrow();
        expect(JSON.parse(row.messages).at(-1).content).toBe(reply!.response);
      }
      await full.step({ event, before, after, world, started, asked });
      if (event.type === 'xstate.error.actor.sendMessage' && !isFullRefusal(event)) {
        expect(after.context.partial).toBe('');
        expect(after.context.lines.slice(0, -1)).toEqual(before.context.lines);
        expect(after.context.lines.at(-1)).toEqual({ role: 'system', key: 'agent:error.general' });
        if ((event as { error?: unknown }).error === 'server') {
          const answer = lastCall(world, 'POST', '/api/ai/chat');
          expect(answer?.status === 403 || String(answer?.response).includes('event: error')).toBe(true);
        }
      }
      if (event.type === 'xstate.error.actor.loadProgress') expect(after.context.progress).toEqual(before.context.progress);
      if (event.type === 'xstate.done.actor.loadProgress') expect(after.context.progress).toEqual(lastCall(world, 'GET', '/api/ds160/sessions/')?.response);
      if (event.type === AFTER) {
        expect(after.status).toBe('done');
        expect(after.output).toEqual({ to: before.context.redirect });
        // The page goes there: the flow emits it for the app's handler.
        expect(asked.map((a) => a.params)).toEqual([{ type: 'navigate', to: before.context.redirect }]);
        expect(before.context.redirect).toMatch(/^\/checkout\?formType=DS-160&plan=pro&lead=/);
      }
    },
    states: {
      // While the server is asked the page shows it is busy, and only then.
      loadingSections: (s) => expect(s.hasTag('busy')).toBe(true),
      loadingSession: (s) => expect(s.hasTag('busy')).toBe(true),
      sending: (s) => expect(s.hasTag('busy')).toBe(true),
      idle: (s) => expect(s.hasTag('busy')).toBe(false),
      choosingLanguage: (s) => expect(s.hasTag('busy')).toBe(false),
      // A failed call leaves the chat in `idle.failed` with its line last; anything else, in `idle.ready` without one.
      'idle.failed': (s) => expect(s.context.lines.at(-1)?.role).toBe('system'),
      'idle.ready': (s) => expect(s.context.lines.at(-1)?.role).not.toBe('system'),
      'sending.waiting': (s, world) => {
        const { replyTo: _ref, ...held } = lastHeld(world, 'sendMessage')?.input ?? {};
        const last = s.context.lines.at(-1);
        expect(held).toEqual({ sessionId: current(world), message: last?.role === 'user' ? last.content : '', language: s.context.language });
      },
      refreshing: (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastHeld(world, 'loadProgress')?.input).toEqual({ sessionId: current(world) });
      },
      ...full.states,
    },
  },
};
