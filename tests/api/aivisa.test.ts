import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';
import { engineFaults } from '../helpers/engineFaults';

// Spec 3-ai §2.5, §4.4, §7 (issue 13): the advanced chat over the real routes with the built-in engine.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

function browser() {
  let cookie: string | undefined;
  return async (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    cookie = sessionCookie(res) ?? cookie;
    return res;
  };
}

const SSE = { accept: 'text/event-stream' };

function events(body: string): { event: string; data: any }[] {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine!.replace('event: ', ''), data: JSON.parse(dataLine!.replace('data: ', '')) };
    });
}

/** The answers that take an application to readiness 80, in Spanish. */
const SPANISH = ['soy mexicana', 'turismo', 'ana.chat@example.com', 'Ana', 'Lopez', '15 de marzo de 1990', 'G12345678', '1 de enero de 2032'];

describe('/api/aivisa/chat', () => {
  it('streams the reply in pieces, collects as it goes, keeps the lead, and past readiness 80 refuses an unpaid session (402)', async () => {
    const post = browser();
    const sessionId = 'chat-es-0001';
    const first = await post('POST', '/api/aivisa/chat', { sessionId, message: 'Hola', language: 'es' }, SSE);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
    const streamed = events(first.body);
    expect(streamed.filter((e) => e.event === 'piece').length).toBeGreaterThan(3);
    const done = streamed.at(-1)!;
    expect(done.event).toBe('done');
    expect(streamed.filter((e) => e.event === 'piece').map((e) => e.data.text).join('')).toBe(done.data.content);
    expect(done.data.content).toMatch(/Sofía[\s\S]*\[INPUT:country:¿Cuál es tu nacionalidad\?\]/);

    let turn = done.data;
    for (const message of SPANISH) {
      const res = await post('POST', '/api/aivisa/chat', { sessionId, message, language: 'es', history: [] });
      expect(res.statusCode, res.body).toBe(200);
      turn = res.json();
    }
    expect(turn.application).toMatchObject({ status: 'in_progress', readiness: 80 });
    expect(turn.application.collected).toMatchObject({ citizenship_country: 'Mexico', trip_purpose: 'tourism', dateOfBirth: '1990-03-15', passportNumber: 'G12345678', passportExpiry: '2032-01-01' });
    expect(turn.stateUpdate).toEqual({ email: 'ana.chat@example.com', citizenship_country: 'Mexico', trip_purpose: 'tourism', product_recommendation: 'DS-160' });
    expect(turn.showPaywall).toBe(true);
    expect(turn.content).toMatch(/\[CHECKOUT:pro\]/);

    const lead = await t.app.db.selectFrom('leads').selectAll().where('email', '=', 'ana.chat@example.com').executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ source: 'aivisa', form_type: 'DS-160', nationality: 'Mexico', travel_purpose: 'tourism' });
    const refused = await post('POST', '/api/aivisa/chat', { sessionId, message: 'llego el 1 de marzo', language: 'es' }, SSE);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('payment_required');

    // Paid: the chat goes on.
    await t.app.db.updateTable('leads').set({ payment_status: 'paid' }).where('id', '=', lead.id).execute();
    const goesOn = await post('POST', '/api/aivisa/chat', { sessionId, message: 'llego el 1 de marzo de 2027 y salgo el 15 de marzo de 2027', language: 'es' });
    expect(goesOn.statusCode).toBe(200);
    expect(goesOn.json().application).toMatchObject({ status: 'paid', readiness: 100 });
    expect(goesOn.json().showPaywall).toBe(false);

    const application = await post('GET', `/api/aivisa/application/${sessionId}`);
    expect(application.json()).toMatchObject({ status: 'paid', readiness: 100 });
    const checkout = await post('POST', '/api/aivisa/checkout', { sessionId, plan: 'básico' });
    expect(checkout.json()).toEqual({ url: `/checkout?formType=DS-160&plan=basic&lead=${lead.id}` });
    expect((await post('POST', '/api/aivisa/checkout', { sessionId, plan: 'gold' })).json().message).toMatch(/^body\.plan: /);
  });

  it("refuses another browser's conversation, an oversize message and an empty one", async () => {
    const mine = browser();
    await mine('POST', '/api/aivisa/chat', { sessionId: 'chat-mine-001', message: 'hi', language: 'en' });
    const other = browser();
    expect((await other('POST', '/api/aivisa/chat', { sessionId: 'chat-mine-001', message: 'hi' })).statusCode).toBe(403);
    expect((await other('GET', '/api/aivisa/application/chat-mine-001')).statusCode).toBe(403);
    expect((await other('POST', '/api/aivisa/checkout', { sessionId: 'chat-mine-001', plan: 'pro' })).statusCode).toBe(403);
    // None begun under this id: an empty answer, not an error a browser logs (issue 34).
    expect((await other('GET', '/api/aivisa/application/chat-none-001')).statusCode).toBe(204);
    const big = await mine('POST', '/api/aivisa/chat', { sessionId: 'chat-mine-001', message: 'x'.repeat(2001) });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/body\/message|body\.message/);
    expect((await mine('POST', '/api/aivisa/chat', { sessionId: 'chat-mine-001', message: '' })).statusCode).toBe(400);
  });

  it('answers in English, and says so in the stream when the engine fails mid-reply', async () => {
    const post = browser();
    const res = await post('POST', '/api/aivisa/chat', { sessionId: 'chat-en-0001', message: "I'm French, going for business", language: 'en' });
    expect(res.json().content).toMatch(/\nNoted: Nationality: France; Purpose of the trip: Business\.\nWhat is your email address\?/);
    expect(res.json().stateUpdate).toMatchObject({ citizenship_country: 'France', trip_purpose: 'business', product_recommendation: 'ESTA' });
    engineFaults(t.app).set('chatReply', 'throw');
    try {
      const failed = await post('POST', '/api/aivisa/chat', { sessionId: 'chat-en-0001', message: 'maria@example.com', language: 'en' }, SSE);
      expect(events(failed.body).at(-1)).toMatchObject({ event: 'error', data: { statusCode: 500 } });
    } finally {
      engineFaults(t.app).clear();
    }
  });

  it('limits each browser session, not the address it shares with others', async () => {
    const limited = await createTestApp();
    try {
      const chat = (cookie: string | undefined, sessionId: string) =>
        limited.app.inject({ method: 'POST', url: '/api/aivisa/chat', payload: { sessionId, message: 'hola' }, ...(cookie ? { headers: { cookie } } : {}) });
      const first = await chat(undefined, 'chat-limit-001');
      const cookie = sessionCookie(first);
      let last = first;
      for (let i = 1; i <= 60; i += 1) last = await chat(cookie, 'chat-limit-001');
      expect(last.statusCode).toBe(429);
      // Another browser at the same address still talks.
      expect((await chat(undefined, 'chat-limit-002')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
