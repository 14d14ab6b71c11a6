import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { eventReader } from '../../client/api/events';
import { aivisaCalls } from '../../client/api/actors/aivisa';
import { aivisaChatMachine, type ChatApplication, type ChatTurn, type StateUpdate } from '../../machines/aivisaChat.machine';

// The rules as the oracle states them (spec 3-ai §2.5): an unpaid application locks at readiness 80; the lead is
// saved once the chat has an e-mail address, a nationality and a purpose.
const isLocked = (application: ChatApplication) => application.status === 'in_progress' && application.readiness >= 80;
const leadReady = (update: StateUpdate) => Boolean(update.email?.includes('@') && update.citizenship_country && update.trip_purpose);
import { engineFaults } from '../helpers/engineFaults';
import { injectTransport } from '../helpers/transport';
import { fillConversation, fullConversationModel } from './chatFull';
import { effectsOf, lastCall, lastHeld, type PathCase, type PathModel, type Snap, type World } from './model';

// The advanced chat (issue 13) against the real routes and the built-in engine: replies streamed (the live chat
// hears the pieces), the paywall at readiness 80 enforced by the server, failures injected at the engine.

const APPLICATION = { status: 'in_progress', readiness: 0, collected: {} };
const TURN = { content: 'Hola', suggestions: [], application: APPLICATION, showPaywall: false, wizardData: {}, stateUpdate: {} };

/** What takes an application to readiness 80, in Spanish. */
const TO_PAYWALL = ['soy mexicana', 'turismo', 'ana.paths@example.com', 'Ana', 'Lopez', '15 de marzo de 1990', 'G12345678', '1 de enero de 2032'];

const done = (call: string, output: object | null) => ({ type: `xstate.done.actor.${call}`, output });
const dropped = (call: string) => ({ type: `xstate.error.actor.${call}`, error: 'network' });
const refused = (call: string) => ({ type: `xstate.error.actor.${call}`, error: 'server' });

/** A conversation of its own per path; the engine healed unless the case breaks it. */
async function fresh(world: World, input: { sessionId: string }) {
  engineFaults(world.app).clear();
  return { ...input, sessionId: `path-${randomUUID()}` };
}

/** A conversation this browser took to the paywall. */
async function atPaywall(world: World, input: { sessionId: string }, http = world.http) {
  const ready = await fresh(world, input);
  for (const message of TO_PAYWALL) {
    const res = await http({ method: 'POST', path: '/api/aivisa/chat', body: { sessionId: ready.sessionId, message, language: 'es' } });
    if (res.status !== 200) throw new Error(res.text);
  }
  return ready;
}

/** The paywall's plans on screen. */
/** What the e-mail widget says of each answer the paths type (spec 3-ai §5): empty is required, an address needs its domain. */
const INLINE_EMAIL: Record<string, string | null> = { '': 'aivisa:inline.required', 'ana@': 'aivisa:inline.email', ' ana.widget@example.com ': null };

const plansShown = (s: Snap) => s.matches({ idle: { locked: 'open' } });

const hasTurn = (s: Snap) => s.context.lines.some((l: { role: string }) => l.role === 'assistant');

/** The idle moves every case offers: words typed or none, sent, the paywall closed and opened, a plan chosen. */
const idle = (s: Snap): AnyEventObject[] => [
  { type: 'SEND' },
  { type: 'DRAFT', value: 'soy mexicana' },
  { type: 'DRAFT', value: '   ' },
  { type: 'SEND', text: 'Turismo' },
  ...(plansShown(s) ? [{ type: 'CLOSE_PAYWALL' }] : [{ type: 'OPEN_PAYWALL' }]),
  { type: 'CHOOSE_PLAN', plan: 'pro' },
  // A reply's e-mail widget: a half address, then a whole one, each submitted.
  { type: 'INLINE.CHANGE', value: s.context.inline.value === '' ? 'ana@' : ' ana.widget@example.com ' },
  { type: 'INLINE.SUBMIT', inputType: 'email' },
];

/** Issue 41: the server's 413 for a conversation past its bounds, as the page's code makes it. */

/** Issue 41: the full conversation, its refusal and the fresh one (tests/paths/chatFull.ts), in this chat's words. */
const full = fullConversationModel({
  storeKey: 'rumbo.aivisa.session',
  write: { call: 'sendMessage', route: '/api/aivisa/chat' },
  reload: { state: 'loading', call: 'loadApplication' },
  fresh: () => ({ lines: [], draft: '', partial: '', suggestions: [], inline: { value: '', error: null } }),
  // The fresh conversation keeps the application (what was collected), not the messages.
  keeps: async (world, from, made) => {
    const read = async (id: string) => JSON.parse((await world.http({ method: 'GET', path: `/api/aivisa/application/${id}` })).text) as { messages: unknown[] };
    const { messages: _all, ...application } = await read(from);
    expect(application).toMatchObject({ collected: { citizenship_country: expect.any(String) } });
    expect(await read(made)).toEqual({ ...application, messages: [] });
  },
  input: { sessionId: 'full', language: 'es' },
  setup: async (world, input) => {
    const ready = await fresh(world, input as { sessionId: string });
    for (const message of ['soy mexicana', 'turismo']) await world.http({ method: 'POST', path: '/api/aivisa/chat', body: { sessionId: ready.sessionId, message, language: 'es' } });
    await fillConversation(world, ready.sessionId);
    return ready;
  },
  events: (s) => {
    if (s.matches('loading')) return [done('loadApplication', { ...APPLICATION, readiness: 20 })];
    return s.matches('idle') && s.context.sessionId !== 'fresh' ? [{ type: 'SEND', text: 'hola' }] : [];
  },
  send: { type: 'SEND', text: 'hola' },
});
const isFullRefusal = full.isRefusal;

const cases: PathCase[] = [
  {
    name: 'a new conversation in Spanish',
    input: { sessionId: 'new', language: 'es' },
    setup: fresh,
    events: (s) => {
      if (s.matches('loading')) return [done('loadApplication', null), dropped('loadApplication')];
      if (s.matches('sending')) return [done('sendMessage', TURN), dropped('sendMessage')];
      if (s.matches('checkingOut')) return hasTurn(s) ? [done('checkout', { url: '/checkout' })] : [refused('checkout')];
      return s.matches('idle') ? idle(s) : [];
    },
  },
  {
    name: 'a conversation this browser took to the paywall',
    input: { sessionId: 'paywall', language: 'es' },
    setup: atPaywall,
    events: (s) => {
      if (s.matches('loading')) return [done('loadApplication', { ...APPLICATION, readiness: 80 })];
      if (s.matches('checkingOut')) return [done('checkout', { url: '/checkout' }), dropped('checkout')];
      return s.matches('idle') ? idle(s) : [];
    },
  },
  {
    name: 'a conversation one answer from being a lead',
    input: { sessionId: 'lead', language: 'es' },
    setup: async (world, input) => {
      const ready = await fresh(world, input);
      for (const message of ['soy mexicana', 'turismo']) await world.http({ method: 'POST', path: '/api/aivisa/chat', body: { sessionId: ready.sessionId, message, language: 'es' } });
      return ready;
    },
    events: (s) => {
      if (s.matches('loading')) return [done('loadApplication', { ...APPLICATION, readiness: 20 })];
      if (s.matches('sending')) return [done('sendMessage', TURN)];
      return s.matches('idle') && !hasTurn(s) ? [{ type: 'SEND', text: 'mi correo es ana.lead@example.com' }] : [];
    },
  },
  {
    // The page did not hear the readiness (a lost load): the server refuses the next message with 402.
    name: 'a stale page at the paywall',
    input: { sessionId: 'stale', language: 'es' },
    setup: atPaywall,
    events: (s) => {
      if (s.matches('loading')) return [dropped('loadApplication')];
      // The server refuses with 402, which the page reads as the paywall (sent to the real server).
      if (s.matches('sending')) return [{ type: 'xstate.error.actor.sendMessage', error: { status: 402 }, sent: true }];
      return s.matches('idle') ? [{ type: 'SEND', text: 'llego el 1 de marzo de 2027' }, ...(plansShown(s) ? [{ type: 'CLOSE_PAYWALL' }] : [])] : [];
    },
  },
  {
    name: "another browser's conversation",
    input: { sessionId: 'theirs', language: 'en' },
    setup: async (world, input) => {
      const ready = await fresh(world, input);
      await injectTransport(world.app)({ method: 'POST', path: '/api/aivisa/chat', body: { sessionId: ready.sessionId, message: 'hi' } });
      return ready;
    },
    events: (s) => {
      if (s.matches('loading')) return [refused('loadApplication')];
      if (s.matches('sending')) return [refused('sendMessage')];
      if (s.matches('checkingOut')) return [refused('checkout')];
      return s.matches('idle') ? [{ type: 'SEND', text: 'hello' }, { type: 'CHOOSE_PLAN', plan: 'elite' }] : [];
    },
  },
  {
    name: 'an engine that fails while it writes',
    input: { sessionId: 'broken', language: 'es' },
    setup: async (world, input) => {
      const ready = await fresh(world, input);
      engineFaults(world.app).set('chatReply', 'throw');
      return ready;
    },
    events: (s) => {
      if (s.matches('loading')) return [dropped('loadApplication')];
      if (s.matches('sending')) return [refused('sendMessage')];
      return s.matches('idle') ? [{ type: 'SEND', text: 'hola' }] : [];
    },
  },
  full.fullCase,
];

/** The streamed answer's `done` turn, or its `error`. */
function streamed(text: string): { pieces: string[]; turn?: ChatTurn; error?: { statusCode: number } } {
  const result: { pieces: string[]; turn?: ChatTurn; error?: { statusCode: number } } = { pieces: [] };
  eventReader((name, data) => {
    if (name === 'piece') result.pieces.push((data as { text: string }).text);
    if (name === 'done') result.turn = data as ChatTurn;
    if (name === 'error') result.error = data as { statusCode: number };
  })(text);
  return result;
}

const withoutRef = (input: Record<string, unknown> | undefined) => {
  const { replyTo: _ref, ...rest } = input ?? {};
  return rest;
};

export const aivisaChatPaths: PathModel = {
  machine: aivisaChatMachine,
  // The transition cover's paths and the required sequences' (five).
  budget: 70,
  // What a person does after a failure or at the paywall, whatever the transition cover picks: a lost message or
  // checkout is sent again and leaves no failure behind; a half e-mail refused in the widget does not stay refused
  // once a whole one is typed; nothing is sent past the paywall.
  required: [
    // Issue 41: a full conversation, a fresh one that could not be made, then one that was, the application kept.
    full.required,
    {
      name: 'a message lost, then sent again and answered',
      through: [(e) => e.type === 'xstate.error.actor.sendMessage', (e) => e.type === 'SEND', (e) => e.type === 'xstate.done.actor.sendMessage'],
    },
    {
      name: 'a checkout lost, then a plan chosen again',
      case: 'a conversation this browser took to the paywall',
      through: [(e) => e.type === 'xstate.error.actor.checkout', (e) => e.type === 'CHOOSE_PLAN', (e) => e.type === 'xstate.done.actor.checkout'],
    },
    {
      name: 'a message typed at the paywall, the plans closed',
      case: 'a conversation this browser took to the paywall',
      through: [(e) => e.type === 'CLOSE_PAYWALL', (e) => e.type === 'SEND' && e.text === 'Turismo'],
    },
    {
      name: 'a half e-mail refused in the widget, then a whole one',
      through: [
        (e, before) => e.type === 'INLINE.SUBMIT' && before.context.inline.value === 'ana@',
        (e) => e.type === 'INLINE.CHANGE',
        (e, before) => e.type === 'INLINE.SUBMIT' && before.context.inline.value.includes('example.com'),
      ],
    },
  ],
  calls: aivisaCalls,
  effects: ['saveLead'],
  cases,
  abstraction: (s) => ({
    value: s.value,
    draft: s.context.draft,
    locked: isLocked(s.context.application),
    inline: s.context.inline,
    turn: hasTurn(s),
    last: s.context.lines.at(-1)?.role,
  }),
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('loading');
      expect(s.context).toMatchObject({ sessionId: world.input.sessionId, language: world.input.language, lines: [], inline: { value: '', error: null } });
    },
    step: async ({ event, before, after, world, started, asked }) => {
      const names = started.map((h) => h.name);
      if (event.type === 'SEND') {
        const text = (event.text ?? before.context.draft).trim();
        const sends = before.matches('idle') && text !== '' && !isLocked(before.context.application);
        expect(names).toEqual(sends ? ['sendMessage'] : []);
        if (sends) {
          expect(after.context.lines).toEqual([...before.context.lines, { role: 'user', content: text }]);
          // The quick answers of the last reply go; the box empties unless a quick answer went instead.
          expect(after.context.suggestions).toEqual([]);
          expect(after.context.draft).toBe(event.text === undefined ? '' : before.context.draft);
        }
      }
      if (event.type === 'DRAFT' && before.matches('idle')) expect(after.context.draft).toBe(event.value);
      if (event.type === 'CHOOSE_PLAN' && before.matches('idle')) {
        expect(after.context.plan).toBe(event.plan);
        expect(names).toEqual(['checkout']);
      }
      if (event.type === 'xstate.done.actor.loadApplication') {
        const answer = lastCall(world, 'GET', '/api/aivisa/application/');
        // Issue 34: a conversation this browser has not begun is an empty answer (204), not an error in its console.
        expect(answer?.status).toBe(after.context.lines.length === 0 && after.context.application.readiness === 0 ? 204 : 200);
        if (answer?.status === 204) {
          expect(after.context).toMatchObject({ lines: [], suggestions: [] });
          expect(plansShown(after)).toBe(false);
          return;
        }
        // Issue 32: the conversation kept on the server comes back with the application, its quick answers too.
        const { messages = [], ...application } = answer?.response as { messages?: { role: string; content: string; suggestions?: string[] }[] };
        expect(after.context.application).toEqual(application);
        expect(after.context.lines).toEqual(messages.map(({ role, content }) => ({ role, content })));
        expect(after.context.suggestions).toEqual(messages.at(-1)?.suggestions ?? []);
        // An application at the paywall opens on its plans.
        expect(plansShown(after)).toBe(isLocked(after.context.application));
      }
      if (event.type === 'xstate.error.actor.loadApplication') {
        // Only logged (spec 3-ai §8): nothing on screen.
        expect(after.context.lines).toEqual([]);
        if ((event as { error?: unknown }).error === 'server') expect(lastCall(world, 'GET', '/api/aivisa/application/')?.status).toBe(403);
      }
      if (event.type === 'xstate.done.actor.sendMessage') {
        const answer = lastCall(world, 'POST', '/api/aivisa/chat');
        expect(answer?.status).toBe(200);
        const { pieces, turn } = streamed(answer?.response as string);
        expect(turn).toBeDefined();
        // The reply came in pieces, and the pieces are the reply.
        expect(pieces.join('')).toBe(turn!.content);
        expect(after.context.lines.at(-1)).toEqual({ role: 'assistant', content: turn!.content });
        expect(after.context).toMatchObject({ partial: '', application: turn!.application, suggestions: turn!.suggestions, inline: { value: '', error: null } });
        // What the chat learnt adds to what it knew.
        expect(after.context.stateUpdate).toEqual({ ...before.context.stateUpdate, ...turn!.stateUpdate });
        expect(after.context.lines.slice(0, -1)).toEqual(before.context.lines);
        // The server says when the paywall shows; the page shows its plans then, and only then.
        expect(plansShown(after)).toBe(turn!.showPaywall);
        const row = await world.app.db.selectFrom('chat_sessions').select('messages').where('id', '=', world.input.sessionId).executeTakeFirstOrThrow();
        expect(JSON.parse(row.messages).at(-1)).toEqual({ role: 'assistant', content: turn!.content, ...(turn!.suggestions.length ? { suggestions: turn!.suggestions } : {}) });
        expect(asked.filter((e) => e.type === 'saveLead')).toEqual(leadReady(turn!.stateUpdate) ? [{ type: 'saveLead', params: { state: turn!.stateUpdate } }] : []);
      } else {
        expect(asked.filter((e) => e.type === 'saveLead')).toEqual([]);
      }
      await full.step({ event, before, after, world, started, asked });
      if (event.type === 'xstate.error.actor.sendMessage' && !isFullRefusal(event)) {
        const answer = lastCall(world, 'POST', '/api/aivisa/chat');
        const server = (event as { error?: unknown }).error === 'server' || (event as { sent?: boolean }).sent === true;
        if (server && answer?.status === 402) {
          // The server enforces the paywall; the page opens it, with no error line.
          expect(plansShown(after)).toBe(true);
          expect(isLocked(after.context.application)).toBe(true);
          expect(after.context.lines.at(-1)?.role).toBe('user');
        } else {
          if (server) expect(answer?.status === 403 || streamed(answer?.response as string).error?.statusCode === 500).toBe(true);
          expect(after.context.lines.at(-1)).toEqual({ role: 'system', key: 'aivisa:error.general' });
        }
        expect(after.context.partial).toBe('');
      }
      if (event.type === 'xstate.done.actor.checkout') {
        const answer = lastCall(world, 'POST', '/api/aivisa/checkout');
        expect(answer?.status).toBe(200);
        expect(after.status).toBe('done');
        expect(after.output).toEqual({ to: (answer?.response as { url: string }).url });
        const row = await world.app.db.selectFrom('chat_sessions').select('lead_id').where('id', '=', world.input.sessionId).executeTakeFirstOrThrow();
        expect(after.output.to).toBe(`/checkout?formType=DS-160&plan=${before.context.plan === 'elite' ? 'premium' : before.context.plan}${row.lead_id ? `&lead=${row.lead_id}` : ''}`);
      }
      if (event.type === 'xstate.error.actor.checkout') {
        expect(after.context.lines.at(-1)).toEqual({ role: 'system', key: 'aivisa:error.checkout' });
        expect(after.context.plan).toBeNull();
      }
      if (event.type === 'CLOSE_PAYWALL' && before.matches('idle')) expect(plansShown(after)).toBe(false);
      // Put aside, the plans come back on request, and only for an application that waits for its payment.
      if (event.type === 'OPEN_PAYWALL' && before.matches('idle')) expect(plansShown(after)).toBe(isLocked(before.context.application));
      if (event.type === 'INLINE.CHANGE' && before.matches('idle')) expect(after.context.inline).toEqual({ value: event.value, error: null });
      if (event.type === 'INLINE.SUBMIT') {
        // The widget's answer is checked as its type asks (spec 3-ai §5); a valid one is the next message.
        const value = before.context.inline.value;
        const problem = INLINE_EMAIL[value];
        expect(problem, `the oracle states what the widget says of ${JSON.stringify(value)}`).not.toBeUndefined();
        const sends = before.matches('idle') && !isLocked(before.context.application) && problem === null;
        expect(names).toEqual(sends ? ['sendMessage'] : []);
        if (sends) expect(after.context.lines.at(-1)).toEqual({ role: 'user', content: value.trim() });
        else if (before.matches('idle') && !isLocked(before.context.application)) expect(after.context.inline.error).toBe(problem);
      }
      expect(effectsOf(world, 'saveLead').length).toBeLessThanOrEqual(world.events.filter((e) => e.type === 'xstate.done.actor.sendMessage').length);
    },
    states: {
      // A failed call leaves the chat in `idle.talking.failed` with its line last; anything else, in `ready` without one.
      'idle.talking.failed': (s) => expect(s.context.lines.at(-1)?.role).toBe('system'),
      'idle.talking.ready': (s) => expect(s.context.lines.at(-1)?.role).not.toBe('system'),
      idle: (s) => {
        expect(s.hasTag('busy')).toBe(false);
        // Locked at the paywall: nothing can be sent (which plans the paywall offers is the view's, in its unit test).
        expect(s.can({ type: 'SEND', text: 'x' })).toBe(!isLocked(s.context.application));
        expect(s.matches({ idle: 'locked' })).toBe(isLocked(s.context.application));
      },
      loading: (s) => expect(s.hasTag('busy')).toBe(true),
      ...full.states,
      sending: (s) => expect(s.hasTag('busy')).toBe(true),
      'sending.waiting': (s, world) => {
        const said = s.context.lines.filter((l: { role: string }) => l.role !== 'system');
        expect(withoutRef(lastHeld(world, 'sendMessage')?.input)).toEqual({
          sessionId: world.input.sessionId,
          message: said.at(-1).content,
          history: said.slice(0, -1).slice(-10),
          language: world.input.language,
        });
      },
      checkingOut: (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastHeld(world, 'checkout')?.input).toEqual({ sessionId: world.input.sessionId, plan: s.context.plan });
      },
    },
  },
};
