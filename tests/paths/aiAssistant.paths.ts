import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { aiAssistantCalls } from '../../client/api/actors/aiAssistant';
import { aiAssistantMachine, type AssistantLine } from '../../machines/aiAssistant.machine';
import { INTERVIEWS } from '../../server/services/ai/builtin/interviews';
import { validAnswer } from '../helpers/answers';
import { engineFaults, type Fault } from '../helpers/engineFaults';
import { injectTransport } from '../helpers/transport';
import { lastCall, lastHeld, type PathCase, type PathModel, type Snap, type World } from './model';
import { wordedKey } from './worded';

// The AI assistant's interview (issue 13) against the real routes and the built-in engine. The engine's own
// failures are injected at the engine; a lost connection is the runner's dropped call.

const QUESTION = { done: false, message: '', question: 'Q', field: { id: 'q', label: 'Q', type: 'text' }, progress: { answered: 0, total: 25 } };
const DONE = { done: true, message: 'Done', question: '', progress: { answered: 31, total: 31 }, checkoutUrls: { basic: '/checkout', pro: '/checkout', elite: '/checkout' } };
const BLANK = { done: false, message: '', question: '', progress: { answered: 0, total: 25 } };

const next = (output: object) => ({ type: 'xstate.done.actor.nextQuestion', output });
const dropped = (call: string) => ({ type: `xstate.error.actor.${call}`, error: 'network' });
const refused = (call: string) => ({ type: `xstate.error.actor.${call}`, error: 'server' });
const answered = { type: 'xstate.done.actor.sendAnswer', output: { saved: true, value: 'v', progress: { answered: 1, total: 25 } } };
/** Issue 32: an answer not read is not stored; the reply says what would be accepted. */
const notStored = { type: 'xstate.done.actor.sendAnswer', output: { saved: false, progress: { answered: 0, total: 25 }, reply: { text: 'R', quickAnswers: [] } } };
const restored = (language: string) => ({ type: 'xstate.done.actor.loadConversation', output: { language, lines: [] } });

/** A first name the DS-160 refuses (digits), and one it takes. */
const WRONG = '12345';
const RIGHT = '  Maria  ';

/** Every case sets the engine as it needs it, so a fault never outlives its path. */
function withFault(fault?: Fault) {
  return async (world: World, input: object) => {
    const faults = engineFaults(world.app);
    faults.clear();
    if (fault) faults.set('nextQuestion', fault);
    return input;
  };
}

/** An ESTA interview of this browser's with every question answered but the last. */
async function oneLeft(world: World, input: object) {
  await withFault()(world, input);
  const post = (url: string, body: object) => world.http({ method: 'POST', path: url, body });
  const { sessionId } = JSON.parse((await post('/api/aiassistant/session', { type: 'esta' })).text) as { sessionId: string };
  for (const question of INTERVIEWS.esta.slice(0, -1)) {
    const res = await post('/api/aiassistant/answer', { sessionId, question_id: question.id, answer: validAnswer(question) });
    if (res.status !== 200) throw new Error(`${question.id}: ${res.text}`);
  }
  return { ...input, sessionId, kind: 'esta' };
}

const hasUserLine = (s: Snap) => (s.context.lines as AssistantLine[]).some((l) => l.role === 'user');

const cases: PathCase[] = [
  {
    name: 'a new DS-160 interview, answered wrongly then rightly',
    input: { language: 'es' },
    setup: withFault(),
    events: (s) => {
      if (s.matches('choosing')) return [{ type: 'START', kind: 'ds160' }, { type: 'LANGUAGE', language: 'en' }];
      if (s.matches('starting')) return [{ type: 'xstate.done.actor.createSession', output: { sessionId: 's' } }, dropped('createSession')];
      if (s.matches('asking')) return [next(QUESTION), dropped('nextQuestion')];
      if (s.matches('stalled')) return [{ type: 'RETRY' }];
      if (s.matches('submitting')) return s.context.draft === WRONG ? [notStored] : [answered, dropped('sendAnswer')];
      if (s.matches('answering')) {
        const other = s.context.language === 'es' ? 'en' : 'es';
        return [{ type: 'SUBMIT' }, { type: 'DRAFT', value: '   ' }, { type: 'DRAFT', value: WRONG }, { type: 'DRAFT', value: RIGHT }, { type: 'LANGUAGE', language: other }, { type: 'NEW_INTERVIEW' }];
      }
      return [];
    },
  },
  {
    name: 'an ESTA interview with one question left, after a reload',
    input: { language: 'en', sessionId: 'kept', kind: 'esta' },
    setup: oneLeft,
    events: (s) => {
      if (s.matches('restoring')) return [restored('es'), dropped('loadConversation')];
      if (s.matches('choosing')) return [];
      if (s.matches('asking')) return [next(hasUserLine(s) ? DONE : QUESTION)];
      if (s.matches('answering')) return [{ type: 'CHOOSE', value: 'No' }];
      if (s.matches('submitting')) return [answered];
      if (s.matches('done')) return [{ type: 'LANGUAGE', language: 'es' }, { type: 'LANGUAGE', language: 'en' }, { type: 'NEW_INTERVIEW' }];
      return [];
    },
  },
  {
    name: 'an engine that fails to ask',
    input: {},
    setup: withFault('throw'),
    events: (s) => {
      if (s.matches('choosing')) return [{ type: 'START', kind: 'esta' }];
      if (s.matches('starting')) return [{ type: 'xstate.done.actor.createSession', output: { sessionId: 's' } }];
      if (s.matches('asking')) return [refused('nextQuestion')];
      if (s.matches('stalled')) return [{ type: 'RETRY' }, { type: 'LANGUAGE', language: 'en' }, { type: 'SUBMIT' }];
      return [];
    },
  },
  {
    name: 'an engine that asks without words',
    input: {},
    setup: withFault('blank'),
    events: (s) => {
      if (s.matches('choosing')) return [{ type: 'START', kind: 'ds160' }];
      if (s.matches('starting')) return [{ type: 'xstate.done.actor.createSession', output: { sessionId: 's' } }];
      if (s.matches('asking')) return [next(BLANK)];
      if (s.matches('stalled')) return [{ type: 'NEW_INTERVIEW' }];
      return [];
    },
  },
  {
    name: "another browser's interview",
    input: { sessionId: 'theirs', kind: 'ds160' },
    setup: async (world, input) => {
      await withFault()(world, input);
      const other = injectTransport(world.app);
      const res = await other({ method: 'POST', path: '/api/aiassistant/session', body: { type: 'ds160' } });
      return { ...input, sessionId: (JSON.parse(res.text) as { sessionId: string }).sessionId };
    },
    // Not this browser's: the kept conversation is refused (403), and the page starts afresh.
    events: (s) => (s.matches('restoring') ? [refused('loadConversation')] : []),
  },
];

const lastLine = (s: Snap) => (s.context.lines as AssistantLine[]).at(-1);

/** What the page shows for a failed call: the server's rule or reason in the page's words, or that no answer came. */
function expectDetail(line: AssistantLine | undefined, key: string, event: AnyEventObject, answer: ReturnType<typeof lastCall>) {
  expect(line).toMatchObject({ role: 'system', key });
  const detail = (line as { detail?: unknown }).detail;
  if ((event as { error?: unknown }).error !== 'server') return expect(detail).toEqual({ key: 'aiassistant:error.network' });
  const body = answer?.response as { message: string; code?: string };
  // Never the server's English (issue 34): its rule's key, a reason the errors namespace words, or 'Request failed'.
  expect(detail).toEqual({ key: body.code?.includes(':') ? body.code : (wordedKey(body.code) ?? 'aiassistant:error.requestFailed') });
}

export const aiAssistantPaths: PathModel = {
  machine: aiAssistantMachine,
  // The transition cover's paths and the required sequences' (four).
  budget: 48,
  calls: aiAssistantCalls,
  cases,
  // What a person does after a failure or a refusal, whatever the transition cover picks: each must leave nothing
  // of the failure or of the question before behind (its quick answers, its error line as the last word).
  required: [
    {
      name: 'an answer saved, then the next question lost: the question answered is not left as the one asked',
      through: [
        (event) => event.type === 'xstate.done.actor.sendAnswer' && (event as { output?: { saved?: boolean } }).output?.saved === true,
        (event) => event.type === 'xstate.error.actor.nextQuestion',
      ],
    },
    {
      name: 'a lost answer, then Send again',
      through: [(event) => event.type === 'xstate.error.actor.sendAnswer', (event) => event.type === 'SUBMIT', (event) => event.type === 'xstate.done.actor.sendAnswer'],
    },
    {
      name: 'a question that did not come, then Retry, then the question',
      through: [(event) => event.type === 'xstate.error.actor.nextQuestion', (event) => event.type === 'RETRY', (event) => event.type === 'xstate.done.actor.nextQuestion'],
    },
    {
      name: 'a question that did not come, then another language',
      case: 'an engine that fails to ask',
      through: [(event) => event.type === 'xstate.error.actor.nextQuestion', (event, before) => event.type === 'LANGUAGE' && before.matches('stalled')],
    },
  ],
  abstraction: (s) => ({
    value: s.value,
    language: s.context.language,
    draft: s.context.draft,
    kind: s.context.kind,
    answeredOnce: hasUserLine(s),
    lastLine: lastLine(s)?.role === 'system' ? (lastLine(s) as { key: string }).key : lastLine(s)?.role,
  }),
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe(world.input.sessionId ? 'restoring' : 'choosing');
      expect(s.context.language).toBe(world.input.language ?? 'es');
      expect(s.context.lines).toEqual([]);
    },
    step: async ({ event, before, after, world, started }) => {
      const names = started.map((h) => h.name);
      if (event.type === 'START') expect(names).toEqual(before.matches('choosing') ? ['createSession'] : []);
      // Nothing is sent without words or without a question to answer.
      if (event.type === 'SUBMIT') {
        const sends = before.matches('answering') && before.context.draft.trim() !== '';
        expect(names).toEqual(sends ? ['sendAnswer'] : []);
        if (!sends) expect(after.context.lines).toEqual(before.context.lines);
      }
      if (event.type === 'xstate.done.actor.createSession') {
        const answer = lastCall(world, 'POST', '/api/aiassistant/session');
        expect(answer?.status).toBe(201);
        expect(after.context.sessionId).toBe((answer?.response as { sessionId: string }).sessionId);
        const row = await world.app.db.selectFrom('assistant_sessions').selectAll().where('id', '=', after.context.sessionId).executeTakeFirstOrThrow();
        expect(row.type).toBe(before.context.kind);
      }
      if (event.type === 'xstate.done.actor.nextQuestion') {
        const answer = lastCall(world, 'POST', '/api/aiassistant/next');
        expect(answer?.status).toBe(200);
        const body = answer?.response as typeof DONE & typeof QUESTION;
        if (body.done) {
          expect(after.value).toBe('done');
          expect(after.context.progress).toEqual(body.progress);
          expect(after.context.completion).toBe(body.message);
          expect(after.context.checkoutUrls).toEqual(body.checkoutUrls);
          expect(after.context.checkoutPrices).toEqual((body as { checkoutPrices?: unknown }).checkoutPrices ?? null);
          expect(after.context.question).toBeNull();
        } else if (body.question === '') {
          expect(after.value).toBe('stalled');
          expect(lastLine(after)).toEqual({ role: 'system', key: 'aiassistant:error.noQuestion' });
        } else {
          expect(after.value).toBe('answering');
          expect(after.context.question).toEqual(body.field);
          expect(lastLine(after)).toEqual({ role: 'assistant', text: body.question });
          expect(after.context.progress).toEqual(body.progress);
          // The question is said once: after a reload the kept conversation may already end with it.
          const last = lastLine(before);
          const repeated = last?.role === 'assistant' && (last as { text: string }).text === body.question;
          expect(after.context.lines).toEqual(repeated ? before.context.lines : [...before.context.lines, { role: 'assistant', text: body.question }]);
          expect(after.context.quick).toEqual(repeated ? before.context.quick : []);
        }
      }
      if (event.type === 'xstate.error.actor.nextQuestion') {
        const answer = lastCall(world, 'POST', '/api/aiassistant/next');
        expectDetail(lastLine(after), 'aiassistant:error.question', event, answer);
        if ((event as { error?: unknown }).error === 'server') expect(answer?.status).toBe(world.input.sessionId === undefined ? 500 : 403);
        expect(after.context.question).toBeNull();
      }
      if (event.type === 'xstate.done.actor.sendAnswer') {
        const answer = lastCall(world, 'POST', '/api/aiassistant/answer');
        expect(answer?.status).toBe(200);
        const body = answer?.response as { saved: boolean; value?: string; reply?: { text: string; quickAnswers: string[] } };
        const row = await world.app.db.selectFrom('assistant_sessions').select(['answers', 'messages']).where('id', '=', before.context.sessionId).executeTakeFirstOrThrow();
        // Stored only when read surely (issue 32): a digits-only first name is not, and nothing is kept for it.
        expect(JSON.parse(row.answers)[before.context.question.id]).toBe(body.saved ? body.value : undefined);
        expect(body.saved).toBe(before.context.draft !== WRONG);
        expect(after.context.draft).toBe('');
        expect(lastLine(before)).toEqual({ role: 'user', text: before.context.draft.trim() });
        expect(after.context.lines).toEqual(body.reply ? [...before.context.lines, { role: 'assistant', text: body.reply.text }] : before.context.lines);
        if (body.saved) {
          expect(after.value).toBe('asking');
          expect(after.context.quick).toEqual([]);
        }
        if (!body.saved) {
          expect(after.value).toBe('answering');
          expect(lastLine(after)).toEqual({ role: 'assistant', text: body.reply?.text });
          expect(after.context.quick).toEqual(body.reply?.quickAnswers);
          // The conversation is kept on the server as it is shown.
          expect(JSON.parse(row.messages).slice(-2)).toEqual([{ role: 'user', text: before.context.draft.trim() }, { role: 'assistant', text: body.reply?.text }]);
        }
      }
      if (event.type === 'xstate.done.actor.loadConversation') {
        const answer = lastCall(world, 'GET', '/api/aiassistant/session/');
        expect(answer?.status).toBe(200);
        const kept = answer?.response as { language: string; lines: { role: string; text: string }[] };
        expect(after.context.language).toBe(kept.language);
        expect(after.context.lines).toEqual(kept.lines.map(({ role, text }) => ({ role, text })));
        expect(after.context.quick).toEqual((kept.lines.at(-1) as { quickAnswers?: string[] } | undefined)?.quickAnswers ?? []);
      }
      if (event.type === 'xstate.error.actor.loadConversation') {
        if ((event as { error?: unknown }).error === 'server') expect(lastCall(world, 'GET', '/api/aiassistant/session/')?.status).toBe(403);
        expect(after.value).toBe('choosing');
        expect(after.context).toMatchObject({ sessionId: null, kind: null, lines: [] });
      }
      // A refused answer stays in the box, with the rule it broke in the page's words.
      if (event.type === 'xstate.error.actor.sendAnswer') {
        const answer = lastCall(world, 'POST', '/api/aiassistant/answer');
        expectDetail(lastLine(after), 'aiassistant:error.line', event, answer);
        expect(after.value).toBe('answering');
        expect(after.context.draft).toBe(before.context.draft);
      }
      if (event.type === 'LANGUAGE') {
        const asks = before.context.sessionId !== null && !before.hasTag('busy') && (before.matches('stalled') || event.language !== before.context.language);
        expect(names).toEqual(asks ? ['nextQuestion'] : []);
        if (!before.hasTag('busy')) expect(after.context.language).toBe(event.language);
      }
      if (event.type === 'NEW_INTERVIEW') {
        expect(after.value).toBe('choosing');
        expect(after.context).toEqual({ sessionId: null, kind: null, lines: [], question: null, draft: '', quick: [], progress: null, completion: '', checkoutUrls: null, checkoutPrices: null, language: before.context.language });
      }
      // A quick answer chosen is sent as the answer.
      if (event.type === 'CHOOSE' && before.matches('answering')) {
        expect(after.context.draft).toBe(event.value);
        expect(names).toEqual(['sendAnswer']);
      }
      if (event.type === 'DRAFT' && before.matches('answering')) expect(after.context.draft).toBe(event.value);
      // An interview that could not be made: the choice again, with what went wrong.
      if (event.type === 'xstate.error.actor.createSession') {
        expect(after.value).toBe('choosing');
        expect(after.context.kind).toBeNull();
        expect(after.context.lines.slice(0, -1)).toEqual(before.context.lines);
        expectDetail(lastLine(after), 'aiassistant:error.line', event, lastCall(world, 'POST', '/api/aiassistant/session'));
      }
    },
    states: {
      // While the server is asked the page shows it is busy, and only then.
      asking: (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastHeld(world, 'nextQuestion')?.input).toEqual({ sessionId: s.context.sessionId, language: s.context.language });
      },
      restoring: (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastHeld(world, 'loadConversation')?.input).toEqual({ sessionId: world.input.sessionId });
      },
      starting: (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastHeld(world, 'createSession')?.input).toEqual({ type: s.context.kind });
      },
      choosing: (s) => expect(s.hasTag('busy')).toBe(false),
      answering: (s) => {
        expect(s.hasTag('busy')).toBe(false);
        expect(s.context.question).not.toBeNull();
        expect(s.can({ type: 'SUBMIT' })).toBe(s.context.draft.trim() !== '');
      },
      stalled: (s) => {
        expect(s.context.question).toBeNull();
        expect(s.can({ type: 'SUBMIT' })).toBe(false);
        expect(s.can({ type: 'RETRY' })).toBe(true);
      },
      submitting: (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        const held = lastHeld(world, 'sendAnswer')?.input;
        expect(held).toEqual({ sessionId: s.context.sessionId, question_id: s.context.question.id, question_label: s.context.question.label, answer: s.context.draft.trim(), language: s.context.language });
      },
      done: async (s, world) => {
        // The interview's answers are a lead of this browser's, and every plan's link names it.
        const row = await world.app.db.selectFrom('assistant_sessions').select('lead_id').where('id', '=', s.context.sessionId).executeTakeFirstOrThrow();
        expect(row.lead_id).not.toBeNull();
        expect(Object.values(s.context.checkoutUrls)).toEqual(Array(3).fill(`/checkout?formType=ESTA&plan=esta&lead=${row.lead_id}`));
        // The ESTA's card is priced for this application: the ESTA's own government fee, with its source.
        expect(Object.keys(s.context.checkoutPrices)).toEqual(['esta']);
        expect(s.context.checkoutPrices.esta).toMatchObject({ visaClass: 'ESTA', governmentFees: [expect.objectContaining({ code: 'esta', sourceUrl: 'https://www.federalregister.gov/d/2025-16453' })] });
        expect((await world.http({ method: 'GET', path: `/api/leads/${row.lead_id}` })).status).toBe(200);
      },
    },
  },
};
