import { expect } from 'vitest';
import { sectionsChatCalls } from '../../client/api/actors/sectionsChat';
import { eventReader } from '../../client/api/events';
import { sectionsChatMachine, type FormProgress } from '../../machines/sectionsChat.machine';
import { randomUUID } from 'node:crypto';
import { engineFaults, type Fault } from '../helpers/engineFaults';
import { fillConversation, filledMessages, fullConversationModel } from './chatFull';
import { expectHandOff, expectNoHandOff } from './formHandOff';
import { effectsOf, lastCall, lastHeld, type PathCase, type PathModel, type Snap, type World } from './model';

// The intelligent chat (issue 13) against the real routes and the built-in engine: each answer analysed into the
// current section, the reply streamed (moving on when a section is complete), the final analysis at 90%.

/**
 * The form the chat fills in, in the oracle's words (spec 3-ai §2.7, §3, §9): five sections, each kept under its
 * own record, twenty fields in all; the progress is the fields with words in them of the twenty, rounded.
 */
const SECTIONS: Record<string, { key: string; fields: string[] }> = {
  personal: { key: 'personalInfo', fields: ['firstName', 'lastName', 'dateOfBirth', 'nationality', 'maritalStatus'] },
  contact: { key: 'contactInfo', fields: ['email', 'phone', 'address', 'city'] },
  passport: { key: 'passportInfo', fields: ['passportNumber', 'passportCountry', 'passportIssueDate', 'passportExpiry'] },
  travel: { key: 'travelInfo', fields: ['purpose', 'arrivalDate', 'departureDate', 'usAddress'] },
  employment: { key: 'employmentInfo', fields: ['occupation', 'employer', 'monthlyIncome'] },
};

/** Each field with words in it, read only from its own section's record, trimmed. */
function filledFields(progress: FormProgress): Record<string, string> {
  const records = progress as unknown as Record<string, Record<string, unknown>>;
  return Object.fromEntries(
    Object.values(SECTIONS).flatMap(({ key, fields }) =>
      fields.flatMap((field) => {
        const value = records[key]?.[field];
        return typeof value === 'string' && value.trim() ? [[field, value.trim()]] : [];
      }),
    ),
  );
}

const progressOf = (progress: FormProgress) => Math.round((Object.keys(filledFields(progress)).length / 20) * 100);

const REPLY = { response: 'Hola', isComplete: false };
const COMPLETE = { response: 'Listo', isComplete: true };
const ANALYSED = { extractedData: {}, understood: [] };
const ANALYSIS = { analysis: 'ok', hasErrors: false, hasWarnings: false, errors: [], warnings: [] };

/** Seventeen of twenty fields: one more answer (the marital status) takes the form to 90%. */
const NEARLY: FormProgress = {
  personalInfo: { firstName: 'Ana', lastName: 'Lopez', dateOfBirth: '1990-03-15', nationality: 'Mexico' },
  contactInfo: { email: 'ana.sections.paths@example.com', phone: '+525512345678', address: 'Av. Reforma 1', city: 'CDMX' },
  passportInfo: { passportNumber: 'G12345678', passportCountry: 'Mexico', passportIssueDate: '2022-01-10', passportExpiry: '2032-01-09' },
  travelInfo: { purpose: 'tourism', arrivalDate: '2027-03-01', departureDate: '2027-03-15', usAddress: 'Hotel Plaza, New York' },
  employmentInfo: { occupation: 'Engineer' },
  completedSections: [],
  currentSection: 'personal',
  totalProgress: 85,
};

const done = (call: string, output: object | null) => ({ type: `xstate.done.actor.${call}`, output });
const dropped = (call: string) => ({ type: `xstate.error.actor.${call}`, error: 'network' });
const refused = (call: string) => ({ type: `xstate.error.actor.${call}`, error: 'server' });

/** A conversation of its own per path (issue 32: the server keeps it), the engine healed unless the case breaks it. */
function healed(fault?: { op: 'extract' | 'chatReply'; fault: Fault }) {
  return async (world: World, input: object) => {
    const faults = engineFaults(world.app);
    faults.clear();
    if (fault) faults.set(fault.op, fault.fault);
    return { ...input, sessionId: `sections-path-${randomUUID()}` };
  };
}

/** A conversation this browser began before a reload: greeted, and one answer shown back to confirm. */
async function begun(world: World, input: object) {
  const ready = await healed()(world, input);
  const empty = { personalInfo: {}, contactInfo: {}, passportInfo: {}, travelInfo: {}, employmentInfo: {}, completedSections: [], currentSection: 'personal', totalProgress: 0 };
  const post = (path: string, body: object) => world.http({ method: 'POST', path, body });
  await post('/api/openai/intelligent-chat', { sessionId: ready.sessionId, message: '', context: { formProgress: empty }, language: 'fr', messageHistory: [] });
  await post('/api/openai/response-analysis', { sessionId: ready.sessionId, userResponse: 'Hélène', currentSection: 'personal', formProgress: empty, language: 'fr' });
  await post('/api/openai/intelligent-chat', { sessionId: ready.sessionId, message: 'Hélène', context: { formProgress: empty }, language: 'fr', messageHistory: [] });
  return ready;
}

const KEPT = { language: 'fr', formProgress: { personalInfo: {}, contactInfo: {}, passportInfo: {}, travelInfo: {}, employmentInfo: {}, completedSections: [], currentSection: 'personal', totalProgress: 0 }, messages: [{ role: 'assistant', content: 'Bonjour' }, { role: 'user', content: 'Hélène' }, { role: 'assistant', content: 'HELENE ?', quickAnswers: ['Oui', 'Non'] }] };
/** The first call of a new conversation: none kept yet (204), or no answer at all. */
const NEW = [done('loadConversation', null), dropped('loadConversation')];

const answered = (s: Snap) => s.context.lines.some((l: { role: string }) => l.role === 'user');

/**
 * Issue 41: the full conversation, its refusal and the fresh one (tests/paths/chatFull.ts), in this chat's words: a
 * conversation of this browser's at its bounds, ending with a name shown back to confirm.
 */
const full = fullConversationModel({
  storeKey: 'rumbo.sections.session',
  write: { call: 'analyzeResponse', route: '/api/openai/response-analysis' },
  reload: { state: 'restoring', call: 'reply' },
  // The fresh conversation keeps the form (what the reply is written from), not the messages.
  fresh: (before) => ({ lines: [], draft: '', partial: '', understood: [], quick: [], analysis: null, progress: before.context.progress }),
  keeps: async (world, from, made) => {
    const [old, now] = await Promise.all([from, made].map((id) => world.app.db.selectFrom('chat_sessions').select(['chat', 'collected']).where('id', '=', id).executeTakeFirstOrThrow()));
    expect(now).toEqual({ chat: 'sections', collected: old!.collected });
  },
  input: { language: 'es' },
  setup: async (world, input) => {
    const ready = await begun(world, input);
    await fillConversation(world, ready.sessionId, KEPT.messages[2]);
    return ready;
  },
  events: (s) => {
    if (s.matches('restoring')) return [s.context.lines.length || s.context.sessionId === 'fresh' ? done('loadConversation', null) : done('loadConversation', { ...KEPT, messages: filledMessages(KEPT.messages[2]) })];
    if (s.matches('replying')) return [done('reply', REPLY)];
    return s.matches('idle') && s.context.quick.length > 0 ? [{ type: 'SEND', text: s.context.quick[0] }] : [];
  },
  send: { type: 'SEND', text: 'Oui' },
});
const isFullRefusal = full.isRefusal;

const cases: PathCase[] = [
  {
    name: 'a chat in Spanish, from the visa wizard',
    input: { language: 'es', country: 'mexico', purpose: 'tourism', visaType: 'DS-160' },
    setup: healed(),
    events: (s) => {
      if (s.matches('restoring')) return NEW;
      if (s.matches('replying')) return [done('reply', REPLY), dropped('reply')];
      if (s.matches('analysing')) return [done('analyzeResponse', ANALYSED), dropped('analyzeResponse')];
      if (s.matches('idle')) return [{ type: 'SEND' }, { type: 'DRAFT', value: '  Ana ' }, { type: 'DRAFT', value: ' ' }, { type: 'SEND', text: 'López' }];
      return [];
    },
  },
  {
    name: 'a form one answer from 90%, in English',
    input: { language: 'en', progress: NEARLY },
    setup: healed(),
    events: (s) => {
      if (s.matches('restoring')) return [done('loadConversation', null)];
      if (s.matches('replying')) return [done('reply', answered(s) ? COMPLETE : REPLY)];
      if (s.matches('analysing')) return [done('analyzeResponse', ANALYSED)];
      if (s.matches('finalAnalysis')) return [done('analyzeForm', ANALYSIS), dropped('analyzeForm')];
      return s.matches('idle') && !answered(s) ? [{ type: 'SEND', text: 'I am married' }, { type: 'OPEN', to: '/ds160-wizard' }] : [];
    },
  },
  {
    name: 'an engine that cannot read answers',
    input: { language: 'es' },
    setup: healed({ op: 'extract', fault: 'throw' }),
    events: (s) => {
      if (s.matches('restoring')) return [done('loadConversation', null)];
      if (s.matches('replying')) return [done('reply', REPLY)];
      if (s.matches('analysing')) return [refused('analyzeResponse')];
      return s.matches('idle') ? [{ type: 'SEND', text: 'Ana' }, { type: 'OPEN', to: '/' }] : [];
    },
  },
  {
    name: 'an engine that fails while it writes',
    input: { language: 'en' },
    setup: healed({ op: 'chatReply', fault: 'throw' }),
    events: (s) => (s.matches('restoring') ? [done('loadConversation', null)] : s.matches('replying') ? [refused('reply')] : []),
  },
  {
    name: 'a conversation begun before a reload, with a name shown back to confirm',
    input: { language: 'es' },
    setup: begun,
    events: (s) => {
      if (s.matches('restoring')) return [done('loadConversation', KEPT)];
      if (s.matches('analysing')) return [done('analyzeResponse', ANALYSED)];
      if (s.matches('replying')) return [done('reply', REPLY)];
      return s.matches('idle') && s.context.quick.length > 0 ? [{ type: 'SEND', text: s.context.quick[0] }] : [];
    },
  },
  full.fullCase,
];

function streamedReply(text: string): { response: string; isComplete: boolean; nextSection?: string } | undefined {
  let reply: { response: string; isComplete: boolean; nextSection?: string } | undefined;
  eventReader((name, data) => {
    if (name === 'done') reply = data as typeof reply;
  })(text);
  return reply;
}

const repeatLine = { role: 'system', key: 'sections:error.repeat' };

export const sectionsChatPaths: PathModel = {
  machine: sectionsChatMachine,
  // The transition cover's paths and the required sequences' (four).
  budget: 50,
  // What a person does after a failure, whatever the transition cover picks: the failure's line does not stay as
  // the last word once the next message is answered.
  required: [
    // Issue 41: a full conversation, a fresh one that could not be made, then one that was: greeted, the form kept.
    full.required,
    {
      name: 'a reply lost, then sent again and answered',
      through: [(e) => e.type === 'xstate.error.actor.reply', (e) => e.type === 'SEND', (e) => e.type === 'xstate.done.actor.reply'],
    },
    {
      name: 'an answer not read, then sent again',
      through: [(e) => e.type === 'xstate.error.actor.analyzeResponse', (e) => e.type === 'SEND', (e) => e.type === 'xstate.done.actor.reply'],
    },
    // Issue 13: the form opened from a chat that collected most of the applicant's answers.
    { name: 'the form opened after the answers', case: 'a form one answer from 90%, in English', through: [(e) => e.type === 'OPEN' && e.to === '/ds160-wizard'] },
    { name: 'the final analysis lost', case: 'a form one answer from 90%, in English', through: [(e) => e.type === 'xstate.error.actor.analyzeForm'] },
  ],
  calls: sectionsChatCalls,
  cases,
  abstraction: (s) => ({ value: s.value, draft: s.context.draft, answered: answered(s), last: s.context.lines.at(-1)?.role, analysed: Boolean(s.context.analysis) }),
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('restoring');
      // What the visa wizard sent: ESTA as it is, any other visa type the DS-160, none nothing.
      const visaType = world.input.visaType;
      expect(s.context).toMatchObject({ sessionId: world.input.sessionId, language: world.input.language, country: world.input.country ?? null, purpose: world.input.purpose ?? null, visaType: visaType ? (visaType.toUpperCase() === 'ESTA' ? 'ESTA' : 'DS-160') : null });
      if (world.input.progress) expect(s.context.progress).toEqual(world.input.progress);
      else {
        // Spec 3-ai §2.7: what the visa wizard sent pre-fills the form.
        expect(s.context.progress.personalInfo).toEqual(world.input.country ? { nationality: 'Mexico' } : {});
        expect(s.context.progress.travelInfo).toEqual(world.input.purpose ? { purpose: world.input.purpose } : {});
        expect(s.context.progress.totalProgress).toBe(progressOf(s.context.progress));
      }
    },
    step: async ({ event, before, after, world, started, asked }) => {
      const names = started.map((h) => h.name);
      if (event.type === 'SEND') {
        const text = (event.text ?? before.context.draft).trim();
        expect(names).toEqual(before.matches('idle') && text ? ['analyzeResponse'] : []);
        if (before.matches('idle') && text) {
          expect(after.context.lines).toEqual([...before.context.lines, { role: 'user', content: text }]);
          expect(after.context.draft).toBe(event.text === undefined ? '' : before.context.draft);
          expect(after.context.quick).toEqual([]);
        }
      }
      if (event.type === 'DRAFT' && before.matches('idle')) expect(after.context.draft).toBe(event.value);
      // A link followed out of the chat: to the ten-section form, what the sections collected goes with it (each
      // section's record read for its own fields, spec 3-ai §2.7); the chat stays where it was.
      if (event.type === 'OPEN') {
        const { personalInfo, contactInfo, passportInfo, travelInfo } = before.context.progress;
        const own = (record: Record<string, string>, fields: string[]) => Object.fromEntries(fields.filter((f) => Object.hasOwn(record, f)).map((f) => [f, record[f]]));
        const collected = {
          ...own(personalInfo, ['firstName', 'lastName', 'dateOfBirth', 'nationality', 'maritalStatus']),
          ...own(contactInfo, ['email', 'phone', 'address', 'city']),
          ...own(passportInfo, ['passportNumber', 'passportCountry', 'passportIssueDate', 'passportExpiry']),
          ...own(travelInfo, ['purpose', 'arrivalDate', 'departureDate', 'usAddress']),
        };
        expectHandOff(event.to, collected, asked);
        expect(after.value).toEqual(before.value);
        expect(after.context).toEqual(before.context);
      } else expectNoHandOff(asked);
      if (event.type === 'xstate.done.actor.analyzeResponse') {
        const answer = lastCall(world, 'POST', '/api/openai/response-analysis');
        expect(answer?.status).toBe(200);
        const { extractedData, understood } = answer?.response as { extractedData: Record<string, string>; understood: string[] };
        const key = SECTIONS[before.context.progress.currentSection]?.key as keyof FormProgress;
        expect(after.context.progress[key]).toEqual({ ...before.context.progress[key], ...extractedData });
        expect(after.context.progress.totalProgress).toBe(progressOf(after.context.progress));
        expect(after.context.understood).toEqual(understood);
        // An e-mail known makes what the chat collected a lead of this browser's.
        const email = filledFields(after.context.progress).email;
        if (email) {
          const lead = await world.app.db.selectFrom('leads').select(['source', 'owner_token']).where('email', '=', email).executeTakeFirst();
          expect(lead?.source).toBe('ai-chat-sections');
        }
      }
      if (event.type === 'xstate.done.actor.reply') {
        const answer = lastCall(world, 'POST', '/api/openai/intelligent-chat');
        expect(answer?.status).toBe(200);
        const reply = streamedReply(answer?.response as string);
        expect(after.context.lines).toEqual([...before.context.lines, { role: 'assistant', content: reply?.response }]);
        expect(after.context.partial).toBe('');
        // The reply's quick answers are offered; what the last answer was understood as is spent.
        expect(after.context.quick).toEqual((reply as { quickAnswers?: string[] } | undefined)?.quickAnswers ?? []);
        expect(after.context.understood).toEqual([]);
        if (reply?.nextSection) {
          expect(after.context.progress.currentSection).toBe(reply.nextSection);
          expect(after.context.progress.completedSections).toContain(before.context.progress.currentSection);
        } else {
          expect(after.context.progress.currentSection).toBe(before.context.progress.currentSection);
        }
        expect(after.matches('finalAnalysis')).toBe(Boolean(reply?.isComplete) || after.context.progress.totalProgress >= 90);
      }
      if (event.type === 'xstate.done.actor.loadConversation') {
        // Issue 32: the form, the conversation and its quick answers as the server kept them.
        const answer = lastCall(world, 'GET', '/api/openai/intelligent-chat/');
        // Issue 34: none begun yet is an empty answer (204): the greeting, not an error in the console.
        if (answer?.status === 204) {
          expect(after.matches('replying')).toBe(true);
          expect(after.context.lines).toEqual([]);
          return;
        }
        expect(answer?.status).toBe(200);
        const kept = answer?.response as { language: string; formProgress: FormProgress; messages: { role: string; content: string; quickAnswers?: string[] }[] };
        expect(after.context).toMatchObject({ language: kept.language, progress: kept.formProgress, quick: kept.messages.at(-1)?.quickAnswers ?? [] });
        expect(after.context.lines).toEqual(kept.messages.map(({ role, content }) => ({ role, content })));
        expect(after.context.quick).toEqual(['Oui', 'Non']);
      }
      if (event.type === 'xstate.error.actor.loadConversation') {
        expect(after.matches('replying')).toBe(true);
        expect(after.context.lines).toEqual([]);
      }
      if (event.type === 'xstate.done.actor.analyzeForm') {
        const answer = lastCall(world, 'POST', '/api/openai/analyze-form');
        expect(after.context.analysis).toEqual(answer?.response);
      }
      await full.step({ event, before, after, world, started, asked });
      if (event.type.startsWith('xstate.error.actor.') && event.type !== 'xstate.error.actor.loadConversation' && event.type !== 'xstate.error.actor.startFresh' && !isFullRefusal(event)) {
        expect(after.matches({ idle: 'failed' })).toBe(true);
        expect(after.context.lines).toEqual([...before.context.lines, repeatLine]);
        expect(after.context.partial).toBe('');
        if ((event as { error?: unknown }).error === 'server') {
          const answer = lastCall(world, 'POST', '/api/openai/');
          expect([500, 200]).toContain(answer?.status);
        }
      }
    },
    states: {
      // A failed call leaves the chat in `idle.failed` with its line last; anything else, in `idle.ready` without one.
      'idle.failed': (s) => expect(s.context.lines.at(-1)?.role).toBe('system'),
      'idle.ready': (s) => expect(s.context.lines.at(-1)?.role).not.toBe('system'),
      idle: (s) => {
        expect(s.hasTag('busy')).toBe(false);
        // The sidebar's count per section is the view's, judged in tests/machines/sectionsChat.test.ts.
      },
      restoring: (s) => expect(s.hasTag('busy')).toBe(true),
      ...full.states,
      replying: (s) => expect(s.hasTag('busy')).toBe(true),
      'replying.waiting': (s, world) => {
        const { replyTo: _ref, ...held } = lastHeld(world, 'reply')?.input ?? {};
        // What the reply is written from: the form, what the answer was understood as, and what the visa wizard sent.
        expect(held.context).toEqual({
          formProgress: s.context.progress,
          understood: s.context.understood,
          ...(s.context.country ? { country: s.context.country } : {}),
          ...(s.context.purpose ? { purpose: s.context.purpose } : {}),
          ...(s.context.visaType ? { visaType: s.context.visaType } : {}),
        });
        const lines = s.context.lines.filter((l: { role: string }) => l.role !== 'system');
        const last = lines.at(-1);
        const message = last?.role === 'user' ? last.content : '';
        expect(held.message).toBe(message);
        expect(held.messageHistory).toEqual((message ? lines.slice(0, -1) : lines).slice(-6));
        expect(held.context.formProgress).toEqual(s.context.progress);
        expect(held.language).toBe(s.context.language);
        expect(held.sessionId).toBe(s.context.sessionId);
      },
      analysing: (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastHeld(world, 'analyzeResponse')?.input).toEqual({
          sessionId: s.context.sessionId,
          userResponse: s.context.lines.at(-1).content,
          currentSection: s.context.progress.currentSection,
          formProgress: s.context.progress,
          language: s.context.language,
          ...(s.context.visaType ? { visaType: s.context.visaType } : {}),
        });
      },
      finalAnalysis: (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastHeld(world, 'analyzeForm')?.input).toEqual({ formData: s.context.progress, language: s.context.language, ...(s.context.visaType ? { visaType: s.context.visaType } : {}) });
      },
    },
  },
};
