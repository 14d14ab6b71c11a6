import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONVERSATION_MESSAGES } from '../../db/queries/conversationBounds';
import { createTestApp, dialectUnderTest, sessionCookie, type TestApp } from '../helpers/app';

// Issue 41: a conversation full (413) goes on in a fresh one that keeps what it collected and the application it
// saved, not the messages; only its own browser may start it, and an id already used is refused.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

const turn = (sessionId: string, message: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/ai/chat', payload: { sessionId, message, language: 'es' }, ...(cookie ? { headers: { cookie } } : {}) });
const fresh = (from: string, to: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/ai/session/${from}/fresh`, payload: { to }, ...(cookie ? { headers: { cookie } } : {}) });

describe(`a fresh conversation after a full one on ${dialectUnderTest}`, () => {
  it('keeps the answers and the saved application, not the messages; refuses another browser and a used id', async () => {
    const first = await turn('fresh-full-0001', '');
    expect(first.statusCode, first.body).toBe(200);
    const cookie = sessionCookie(first) as string;
    for (const said of ['Brasil', 'Turismo', 'Ana Souza', 'ana.souza@example.com']) expect((await turn('fresh-full-0001', said, cookie)).statusCode).toBe(200);
    const before = (await t.app.inject({ method: 'GET', url: '/api/ai/session/fresh-full-0001', headers: { cookie } })).json();
    expect(before).toMatchObject({ email: 'ana.souza@example.com', leadId: expect.any(String) });

    const full = JSON.stringify(Array.from({ length: MAX_CONVERSATION_MESSAGES }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'Hola' })));
    await t.app.db.updateTable('chat_sessions').set({ messages: full }).where('id', '=', 'fresh-full-0001').execute();
    const refused = await turn('fresh-full-0001', 'Hola', cookie);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'conversation_full' });

    // Another browser (no cookie) may not go on from it; the owner may, once per new id.
    expect((await fresh('fresh-full-0001', 'fresh-next-0001')).statusCode).toBe(403);
    const made = await fresh('fresh-full-0001', 'fresh-next-0001', cookie);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({ sessionId: 'fresh-next-0001' });
    expect((await fresh('fresh-full-0001', 'fresh-next-0001', cookie)).json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('to') });
    expect((await fresh('fresh-none-0001', 'fresh-next-0002', cookie)).statusCode).toBe(404);
    expect((await fresh('fresh-full-0001', 'bad id!', cookie)).statusCode).toBe(400);

    const after = (await t.app.inject({ method: 'GET', url: '/api/ai/session/fresh-next-0001', headers: { cookie } })).json();
    const { messages: _gone, ...answers } = before;
    expect(after).toEqual({ ...answers, messages: [] });
    expect((await turn('fresh-next-0001', 'Hola', cookie)).statusCode).toBe(200);
    // The full one is as it was: nothing written to it.
    const kept = await t.app.db.selectFrom('chat_sessions').select('messages').where('id', '=', 'fresh-full-0001').executeTakeFirstOrThrow();
    expect(kept.messages).toBe(full);
  });
});
