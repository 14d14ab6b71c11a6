import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';

// Spec 3-ai §2.7, §4.6, §7 (issue 13): the intelligent chat's three calls with the built-in engine.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

const empty = () => ({ personalInfo: {}, contactInfo: {}, passportInfo: {}, travelInfo: {}, employmentInfo: {}, completedSections: [], currentSection: 'personal', totalProgress: 0 });

function browser() {
  let cookie: string | undefined;
  return async (url: string, payload: object, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    cookie = sessionCookie(res) ?? cookie;
    return res;
  };
}

describe('the intelligent chat', () => {
  it('greets and asks the first field, reads answers into the current section, moves on when it is complete', async () => {
    const post = browser();
    const greeting = await post('/api/openai/intelligent-chat', { message: '', context: { formProgress: empty() }, language: 'es', messageHistory: [] });
    expect(greeting.json()).toEqual({ response: expect.stringMatching(/^Hola, soy Sofía[\s\S]*¿Cuál es tu nombre, como aparece en tu pasaporte\?\n\[INPUT:text:/), isComplete: false });

    const progress = empty();
    // Issue 32: a name with accents is not stored as typed: its passport spelling is shown back to confirm.
    const analysed = await post('/api/openai/response-analysis', { userResponse: 'María José', currentSection: 'personal', formProgress: progress, language: 'es' });
    expect(analysed.json()).toEqual({
      extractedData: {},
      understood: [],
      clarify: 'En tu pasaporte, ¿María José se escribe MARIA JOSE? Los formularios de EE. UU. solo aceptan letras de la A a la Z.',
      quickAnswers: ['Sí', 'No'],
    });
    // A field of the section stated outright counts too; the last name asked is shown back in passport spelling.
    const more = await post('/api/openai/response-analysis', {
      userResponse: 'Pérez, soy colombiana, soltera',
      currentSection: 'personal',
      formProgress: { ...progress, personalInfo: { firstName: 'Maria Jose' } },
      language: 'es',
    });
    expect(more.json()).toMatchObject({ extractedData: { nationality: 'Colombia' }, clarify: expect.stringMatching(/^En tu pasaporte, ¿Pérez se escribe PEREZ\?/) });

    const full = { ...progress, personalInfo: { firstName: 'Ana', lastName: 'Lopez', dateOfBirth: '1990-03-15', nationality: 'Colombia', maritalStatus: 'single' } };
    const moved = await post('/api/openai/intelligent-chat', { message: 'soltera', context: { formProgress: full, understood: ['Estado civil: Soltero/a'] }, language: 'es', messageHistory: [{ role: 'assistant', content: '¿Estado civil?' }] }, { accept: 'text/event-stream' });
    expect(moved.headers['content-type']).toMatch(/event-stream/);
    const done = JSON.parse(moved.body.trim().split('\n').at(-1)!.replace('data: ', ''));
    expect(done).toMatchObject({ nextSection: 'contact', isComplete: false });
    expect(done.response).toMatch(/Anotado: Estado civil: Soltero\/a\.\n¿Cuál es tu correo electrónico\?/);
  });

  it('keeps a lead once there is an e-mail, and analyses the whole form', async () => {
    const post = browser();
    const progress = { ...empty(), currentSection: 'contact', personalInfo: { firstName: 'Ana', lastName: 'Lopez', nationality: 'Spain' } };
    const res = await post('/api/openai/response-analysis', { userResponse: 'ana.sections@example.com', currentSection: 'contact', formProgress: progress, language: 'en' });
    expect(res.json().extractedData).toEqual({ email: 'ana.sections@example.com' });
    const lead = await t.app.db.selectFrom('leads').selectAll().where('email', '=', 'ana.sections@example.com').executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ source: 'ai-chat-sections', name: 'Ana Lopez', nationality: 'Spain', form_type: 'DS-160' });

    const analysis = await post('/api/openai/analyze-form', {
      formData: { ...progress, travelInfo: { arrivalDate: '2027-03-10', departureDate: '2027-03-01' } },
      language: 'en',
    });
    const body = analysis.json();
    expect(body).toMatchObject({ hasErrors: true, hasWarnings: true });
    expect(body.errors.map((e: { code: string }) => e.code)).toContain('date-order');
    expect(body.warnings.map((e: { code: string }) => e.code)).toEqual(['waiver-nationality']);
    expect(body.analysis).toMatch(/error/);
  });

  it('refuses oversize input and more than six messages of history', async () => {
    const post = browser();
    expect((await post('/api/openai/response-analysis', { userResponse: 'x'.repeat(2001), currentSection: 'personal', formProgress: empty(), language: 'es' })).statusCode).toBe(400);
    const seven = Array.from({ length: 7 }, () => ({ role: 'user', content: 'hola' }));
    expect((await post('/api/openai/intelligent-chat', { message: 'hola', context: { formProgress: empty() }, language: 'es', messageHistory: seven })).statusCode).toBe(400);
  });
});

// Issue 32: with the browser's conversation id the server keeps the form and the conversation; values shown back
// wait for the applicant's word; "je ne sais pas" is never an address.
describe('the intelligent chat, kept on the server', () => {
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });

  it('keeps the form and the conversation for a reload, confirms a value shown back, and never stores "I don’t know"', async () => {
    let cookie: string | undefined;
    const post = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
      cookie = sessionCookie(res) ?? cookie;
      return res.json();
    };
    const sessionId = 'sections-kept-01';
    const turn = async (message: string) => {
      const read = await post('/api/openai/response-analysis', { sessionId, userResponse: message, currentSection: 'personal', formProgress: empty(), language: 'fr' });
      const reply = await post('/api/openai/intelligent-chat', { sessionId, message, context: { formProgress: empty() }, language: 'fr', messageHistory: [] });
      return { read, reply };
    };
    await post('/api/openai/intelligent-chat', { sessionId, message: '', context: { formProgress: empty() }, language: 'fr', messageHistory: [] });
    const hélène = await turn('je m’appelle Hélène');
    expect(hélène.read).toMatchObject({ extractedData: {}, quickAnswers: ['Oui', 'Non'] });
    expect(hélène.reply.response).toMatch(/Hélène s’écrit-il HELENE \?[\s\S]*\[INPUT:text:/);
    expect(hélène.reply.quickAnswers).toEqual(['Oui', 'Non']);
    expect((await turn('Oui')).read.extractedData).toEqual({ firstName: 'Helene' });
    // Another browser cannot read it; this one, after a reload, finds everything as it was.
    expect((await get(`/api/openai/intelligent-chat/${sessionId}`)).statusCode).toBe(403);
    const kept = (await get(`/api/openai/intelligent-chat/${sessionId}`, cookie)).json();
    expect(kept.language).toBe('fr');
    expect(kept.formProgress.personalInfo).toEqual({ firstName: 'Helene' });
    expect(kept.messages.map((m: { role: string }) => m.role)).toEqual(['assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(kept.messages[2]).toMatchObject({ quickAnswers: ['Oui', 'Non'] });

    // The contact section's address: "je ne sais pas" is not one.
    const contact = await post('/api/openai/response-analysis', {
      sessionId: 'sections-kept-02',
      userResponse: 'je ne sais pas',
      currentSection: 'contact',
      formProgress: { ...empty(), currentSection: 'contact', contactInfo: { email: 'a@example.com', phone: '+33612345678' } },
      language: 'fr',
    });
    expect(contact).toMatchObject({ extractedData: {}, clarify: expect.stringMatching(/^Pas de souci/) });
  });
});
