import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedReply, checkConversation, MAX_CONVERSATION_BYTES, MAX_CONVERSATION_MESSAGES, MAX_REPLY_BYTES, MAX_REPLY_TEXT_BYTES } from '../../db/queries/conversationBounds';
import { createTestApp, dialectUnderTest, sessionCookie, type TestApp } from '../helpers/app';

// Issue 41: a turn of a streamed chat is kept whole or refused whole. A conversation one message below its limit
// used to keep the person's message and then fail to keep the streamed reply: the person saw a reply that was
// never kept. Now the message takes the room for its reply, so the 413 comes before any reply is shown, and a reply
// shown is always the reply kept. Each chat is driven through its routes with conversations filled near both
// bounds (messages and bytes).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

type Message = { role: 'user' | 'assistant'; content: string };
const EMPTY = { personalInfo: {}, contactInfo: {}, passportInfo: {}, travelInfo: {}, employmentInfo: {}, completedSections: [], currentSection: 'personal', totalProgress: 0 };
const SSE = { accept: 'text/event-stream' };

/** Streamed pieces and the turn's `done` answer of an event-stream body. */
function streamed(body: string): { shown: string; done: Record<string, unknown> | undefined } {
  const events = body.split('\n\n').filter(Boolean);
  const data = (e: string) => JSON.parse(e.split('\n').find((l) => l.startsWith('data: '))!.slice(6)) as Record<string, unknown>;
  const shown = events.filter((e) => e.startsWith('event: piece')).map((e) => data(e).text as string).join('');
  const done = events.find((e) => e.startsWith('event: done'));
  return { shown, done: done ? data(done) : undefined };
}

/** A conversation of `count` messages whose stored JSON is about `bytes` long (at least what `count` needs). */
function filler(count: number, bytes: number): Message[] {
  const each = Math.max(1, Math.floor((bytes - 2) / count) - 34);
  return Array.from({ length: count }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'h'.repeat(each) }));
}

/** States near each bound: the count just under the limit, or the bytes just under it with room for the reply. */
const nearBounds = fc.oneof(
  fc.record({ count: fc.integer({ min: MAX_CONVERSATION_MESSAGES - 4, max: MAX_CONVERSATION_MESSAGES }), bytes: fc.constant(0) }),
  fc.record({ count: fc.integer({ min: 40, max: 120 }), bytes: fc.integer({ min: MAX_CONVERSATION_BYTES - MAX_REPLY_BYTES - 6_000, max: MAX_CONVERSATION_BYTES - MAX_REPLY_BYTES + 2_000 }) }),
);
const said = fc.integer({ min: 1, max: 1_500 }).map((n) => `Hola ${'a'.repeat(n)}`.slice(0, n + 5));

interface Chat {
  name: string;
  /** Makes the conversation and gives the browser's cookie. */
  begin(sessionId: string): Promise<string>;
  /** One turn, streamed: the status, what was shown and the answer's kept reply. */
  turn(sessionId: string, cookie: string, message: string): Promise<{ status: number; shown: string; reply?: string }>;
}

const post = (url: string, payload: object, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

async function streamedTurn(url: string, payload: object, cookie: string, replyOf: (done: Record<string, unknown>) => string) {
  const res = await post(url, payload, cookie, SSE);
  if (res.statusCode !== 200) {
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 'conversation_full' });
    return { status: res.statusCode, shown: '' };
  }
  const { shown, done } = streamed(res.body);
  expect(done, res.body).toBeDefined();
  return { status: 200, shown, reply: replyOf(done!) };
}

const CHATS: Chat[] = [
  {
    name: 'the AI chat',
    begin: async (sessionId) => sessionCookie(await post('/api/ai/chat', { sessionId, message: '', language: 'es' })) as string,
    turn: (sessionId, cookie, message) => streamedTurn('/api/ai/chat', { sessionId, message, language: 'es' }, cookie, (d) => d.response as string),
  },
  {
    name: 'the advanced chat',
    begin: async (sessionId) => sessionCookie(await post('/api/aivisa/chat', { sessionId, message: 'Hola', language: 'es' })) as string,
    turn: (sessionId, cookie, message) => streamedTurn('/api/aivisa/chat', { sessionId, message, language: 'es' }, cookie, (d) => d.content as string),
  },
  {
    name: 'the sections chat',
    begin: async (sessionId) => sessionCookie(await post('/api/openai/response-analysis', { sessionId, userResponse: 'Ana', currentSection: 'personal', formProgress: EMPTY, language: 'es' })) as string,
    // Its turn is two requests: the answer's reading keeps the message, the reply follows.
    turn: async (sessionId, cookie, message) => {
      const read = await post('/api/openai/response-analysis', { sessionId, userResponse: message, currentSection: 'personal', formProgress: EMPTY, language: 'es' }, cookie);
      if (read.statusCode !== 200) {
        expect(read.json()).toMatchObject({ code: 'conversation_full' });
        return { status: read.statusCode, shown: '' };
      }
      return streamedTurn('/api/openai/intelligent-chat', { sessionId, message, context: { formProgress: EMPTY }, language: 'es', messageHistory: [] }, cookie, (d) => d.response as string);
    },
  },
];

const stored = async (id: string) => {
  const row = await t.app.db.selectFrom('chat_sessions').select(['messages', 'replies_due']).where('id', '=', id).executeTakeFirstOrThrow();
  return { messages: JSON.parse(row.messages) as Message[], raw: row.messages, due: Number(row.replies_due) };
};
/** Whether `messages` with `due` replies still to come are within both bounds. */
function fits(messages: Message[], due: number): boolean {
  try {
    checkConversation(JSON.stringify(messages), due);
    return true;
  } catch {
    return false;
  }
}
const fill = (id: string, messages: Message[]) => t.app.db.updateTable('chat_sessions').set({ messages: JSON.stringify(messages), replies_due: 0 }).where('id', '=', id).execute();

describe.each(CHATS)(`a turn of $name near its bounds on ${dialectUnderTest}`, (chat) => {
  const id = `turn-${chat.name.split(' ').at(-2)}-0001`;
  let cookie: string;
  beforeAll(async () => {
    cookie = await chat.begin(id);
  });

  it('one message below the limit answers 413 before any reply and keeps nothing; two below keeps message and reply', async () => {
    const below1 = filler(MAX_CONVERSATION_MESSAGES - 1, 0);
    await fill(id, below1);
    const refused = await chat.turn(id, cookie, 'Hola');
    expect(refused.status).toBe(413);
    expect((await stored(id)).messages).toEqual(below1);

    const below2 = filler(MAX_CONVERSATION_MESSAGES - 2, 0);
    await fill(id, below2);
    const answered = await chat.turn(id, cookie, 'Hola');
    expect(answered.status).toBe(200);
    const after = await stored(id);
    expect(after.messages).toHaveLength(MAX_CONVERSATION_MESSAGES);
    expect(after.messages.at(-2)).toMatchObject({ role: 'user', content: 'Hola' });
    expect(after.messages.at(-1)).toMatchObject({ role: 'assistant', content: answered.reply });
    expect(after.due).toBe(0);
    // Full now: the next turn is told so, again before any reply.
    expect((await chat.turn(id, cookie, 'Hola')).status).toBe(413);
  });

  it('of two turns sent together with room for one, keeps one with its reply and refuses the other whole (both bounds)', async () => {
    const said = ['Hola uno', 'Hola dos'] as const;
    // Room for one turn by count, then by bytes: there a turn that ignored the other's promised reply would fit.
    for (const before of [filler(MAX_CONVERSATION_MESSAGES - 2, 0), filler(100, MAX_CONVERSATION_BYTES - MAX_REPLY_BYTES - 1_000)]) {
      expect(fits([...before, { role: 'user', content: said[0] }], 1)).toBe(true);
      expect(fits([...before, ...said.map((content) => ({ role: 'user' as const, content }))], 2)).toBe(false);
      await fill(id, before);
      const turns = await Promise.all(said.map((message) => chat.turn(id, cookie, message)));
      expect(turns.map((turn) => turn.status).sort()).toEqual([200, 413]);
      const kept = turns.findIndex((turn) => turn.status === 200);
      const after = await stored(id);
      expect(after.due).toBe(0);
      expect(after.messages.slice(0, -2)).toEqual(before);
      expect(after.messages.slice(-2)).toMatchObject([
        { role: 'user', content: said[kept] },
        { role: 'assistant', content: turns[kept]!.reply },
      ]);
    }
  });

  it('holds the room of a reply still owed for two minutes, not ten: a process that died gives it back', async () => {
    const before = filler(MAX_CONVERSATION_MESSAGES - 2, 0);
    const owedSince = (ms: number) =>
      t.app.db.updateTable('chat_sessions').set({ messages: JSON.stringify(before), replies_due: 1, updated_at: new Date(Date.now() - ms).toISOString() }).where('id', '=', id).execute();
    // Owed for 30 s (past any live turn's 11 s, still within the bound): its room is held.
    await owedSince(30_000);
    expect((await chat.turn(id, cookie, 'Hola')).status).toBe(413);
    expect((await stored(id)).messages).toEqual(before);
    // Owed for three minutes: lost with its process, the room is this turn's.
    await owedSince(3 * 60_000);
    const answered = await chat.turn(id, cookie, 'Hola');
    expect(answered.status).toBe(200);
    expect((await stored(id)).messages.slice(-2)).toMatchObject([
      { role: 'user', content: 'Hola' },
      { role: 'assistant', content: answered.reply },
    ]);
    expect((await stored(id)).due).toBe(0);
  });

  it('keeps every reply it shows, or shows none (generated sizes near both bounds)', async () => {
    await fc.assert(
      fc.asyncProperty(nearBounds, said, async ({ count, bytes }, message) => {
        const before = filler(count, bytes);
        await fill(id, before);
        const room = fits([...before, { role: 'user', content: message }], 1);
        const turn = await chat.turn(id, cookie, message);
        const after = await stored(id);
        expect(after.due).toBe(0);
        if (turn.status === 413) {
          expect(room).toBe(false);
          expect(after.raw).toBe(JSON.stringify(before));
          return;
        }
        expect(turn.status).toBe(200);
        expect(after.messages.slice(0, -2)).toEqual(before);
        expect(after.messages.at(-2)).toMatchObject({ role: 'user', content: message });
        const kept = after.messages.at(-1)!;
        expect(kept).toMatchObject({ role: 'assistant', content: turn.reply });
        expect(kept.content.startsWith(turn.shown)).toBe(true);
        expect(after.messages.length).toBeLessThanOrEqual(MAX_CONVERSATION_MESSAGES);
        expect(Buffer.byteLength(after.raw)).toBeLessThanOrEqual(MAX_CONVERSATION_BYTES);
      }),
      { numRuns: 8 },
    );
  });
});

describe('a reply cut at its room', () => {
  async function* of(pieces: string[]) {
    yield* pieces;
  }
  it('streams a prefix of the engine text that fits MAX_REPLY_TEXT_BYTES as stored, whole when it fits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: 'binary', maxLength: 900 }), { maxLength: 30 }), async (pieces) => {
        let out = '';
        for await (const piece of cappedReply(of(pieces))) out += piece;
        const whole = pieces.join('');
        expect(whole.startsWith(out)).toBe(true);
        expect(Buffer.byteLength(JSON.stringify(out)) - 2).toBeLessThanOrEqual(MAX_REPLY_TEXT_BYTES);
        if (Buffer.byteLength(JSON.stringify(whole)) - 2 <= MAX_REPLY_TEXT_BYTES) expect(out).toBe(whole);
      }),
      { numRuns: 40 },
    );
  });
});
