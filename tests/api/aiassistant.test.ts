import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERVIEWS } from '../../server/services/ai/builtin/interviews';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';

// Spec 3-ai §2.4, §4.3, §7 (issue 13): the AI assistant's interview over the real routes, with the built-in engine.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

function browser() {
  let cookie: string | undefined;
  return async (url: string, payload?: object) => {
    const res = await t.app.inject({ method: payload ? 'POST' : 'GET', url, ...(payload ? { payload } : {}), ...(cookie ? { headers: { cookie } } : {}) });
    cookie = sessionCookie(res) ?? cookie;
    return res;
  };
}

describe('/api/aiassistant', () => {
  it('asks the DS-160 questions in order, reads answers as people write them, and ends with the plans', async () => {
    const post = browser();
    const created = await post('/api/aiassistant/session', { type: 'ds160' });
    expect(created.statusCode).toBe(201);
    const { sessionId } = created.json();
    const first = (await post('/api/aiassistant/next', { sessionId, language: 'es' })).json();
    expect(first).toMatchObject({ done: false, message: '', field: { id: 'first-name' }, progress: { answered: 0, total: 25 } });
    expect(first.question).toBe(first.field.label);

    const say = async (question_id: string, answer: string) => post('/api/aiassistant/answer', { sessionId, question_id, question_label: '', answer, language: 'es' });
    expect((await say('birth-date', '15 de marzo de 1990')).json()).toMatchObject({ saved: true, value: '1990-03-15' });
    expect((await say('nationality', 'soy mexicana')).json().value).toBe('Mexico');
    expect((await say('email-address', 'mi correo es Maria@Example.com')).json().value).toBe('maria@example.com');
    // Issue 32: an answer that is not a date is not stored; the reply says what would be accepted.
    const wrong = await say('birth-date', '31 de febrero de 1990');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({ saved: false, reply: { text: expect.stringMatching(/^No lo he entendido bien\. Escribe una fecha, por ejemplo 15 de marzo de 1990\.$/), quickAnswers: [] } });
    // Read, but refused by the wizard's rule: the rule's own words, in the conversation's language.
    const future = await say('birth-date', '15/03/2090');
    expect(future.json()).toMatchObject({ saved: false, reply: { text: expect.stringMatching(/^No puedo aceptarlo: /) } });
    expect((await say('not-a-question', 'x')).json().message).toMatch(/^body\.question_id: /);
  });

  it('is done when every question has an answer, with the three checkout links', async () => {
    const post = browser();
    const { sessionId } = (await post('/api/aiassistant/session', { type: 'esta' })).json();
    let next = (await post('/api/aiassistant/next', { sessionId, language: 'en' })).json();
    const sample: Record<string, string> = {
      email: 'ana@example.com',
      'first-name': 'Ana',
      'last-name': 'Lopez',
      'other-names': 'None',
      'birth-date': 'March 15, 1990',
      'birth-city': 'Madrid',
      'birth-country': 'Spain',
      gender: 'female',
      'passport-type': 'Regular',
      'passport-number': 'AB1234567',
      'passport-country': 'Spain',
      'passport-issue-date': '2022-01-10',
      'passport-expiry': '2032-01-09',
      'first-travel': 'yes',
      purpose: 'tourism',
      phone: '+34 612 345 678',
      'home-address': 'Calle Mayor 12, Madrid',
      'emergency-contact': 'Luis Lopez',
      'emergency-phone': '+34 612 345 679',
      'current-occupation': 'Engineer',
      'other-citizenship': 'no',
      'previous-passport': 'no',
      // The official ESTA's fields the spec's 31 questions lacked (issue 45), asked as the wizard asks them.
      'national-id-number': 'None',
      'father-family-name': 'Lopez',
      'father-first-name': 'Luis',
      'mother-family-name': 'Garcia',
      'mother-first-name': 'Carmen',
      'has-employer': 'yes',
      employer: "3M España S.L. Madrid",
      'employer-address': 'Calle de Juan Ignacio Luca de Tena 19, Madrid',
      'employer-phone': '+34 913 216 000',
      'us-contact': 'Hotel Pennsylvania',
      'us-contact-address': '401 7th Ave, New York, NY 10001',
      'us-contact-phone': '+1 212 736 5000',
      'emergency-email': 'luis.lopez@example.com',
    };
    const asked: string[] = [];
    let guard = 0;
    while (!next.done && guard++ < 60) {
      const id = next.field.id as string;
      asked.push(id);
      const answer = sample[id] ?? 'no';
      const res = await post('/api/aiassistant/answer', { sessionId, question_id: id, question_label: next.question, answer, language: 'en' });
      expect(res.statusCode, `${id}: ${res.body}`).toBe(200);
      next = (await post('/api/aiassistant/next', { sessionId, language: 'en' })).json();
    }
    // Each question once, every one that applies to Ana (an employer, a trip that is not a transit; no earlier passport
    // or other citizenship to follow up): the whole catalog but the optional social media.
    expect(asked).toEqual(INTERVIEWS.esta.map((q) => q.id).filter((id) => !/^(previous-passport|other-citizenship)-/.test(id)));
    expect(next).toMatchObject({ done: true, question: '', progress: { answered: asked.length, total: asked.length } });
    expect(next.message).toMatch(/Interview complete/);
    // An ESTA is one service: every card opens it, for the lead the interview made.
    const lead = await t.app.db.selectFrom('leads').selectAll().where('email', '=', 'ana@example.com').executeTakeFirstOrThrow();
    const link = `/checkout?formType=ESTA&plan=esta&lead=${lead.id}`;
    expect(next.checkoutUrls).toEqual({ basic: link, pro: link, elite: link });
    // Issue 45 item 5: a finished interview is a finished application (not "97% in progress"), continued by the
    // ESTA wizard; the dashboard offers its review and Pay.
    expect(lead).toMatchObject({ source: 'airassistant-esta', form_type: 'ESTA', name: 'Ana Lopez', nationality: 'Spain', travel_purpose: 'tourism', completion_status: 'completed' });
    expect((await post('/api/auth/signup', { email: 'ana@example.com', password: 'a-long-passphrase-1' })).statusCode).toBe(201);
    const listed = (await post('/api/applications')).json() as { id: string; status: string; progress: number; wizard: string | null }[];
    expect(listed.find((a) => a.id === lead.id)).toMatchObject({ status: 'submitted', progress: 100, wizard: 'esta' });
    expect(JSON.parse(lead.form_data)).toMatchObject({
      'birth-date': '1990-03-15',
      'passport-number': 'AB1234567',
      email: 'ana@example.com',
      'father-first-name': 'Luis',
      'has-employer': 'Yes',
      employer: "3M España S.L. Madrid",
      'us-contact': 'Hotel Pennsylvania',
      'emergency-email': 'luis.lopez@example.com',
    });
  });

  it('keeps the DS-160 answers as a lead of this browser once the e-mail is known, and names it in the plans', async () => {
    const post = browser();
    const { sessionId } = (await post('/api/aiassistant/session', { type: 'ds160' })).json();
    const say = (question_id: string, answer: string) => post('/api/aiassistant/answer', { sessionId, question_id, answer, language: 'es' });
    await say('first-name', 'Lucia');
    expect(await t.app.db.selectFrom('leads').select('id').where('name', '=', 'Lucia').execute()).toEqual([]);
    await say('email-address', 'lucia.chat@example.com');
    await say('nationality', 'soy colombiana');
    await say('purpose-of-trip', 'turismo');
    const lead = await t.app.db.selectFrom('leads').selectAll().where('email', '=', 'lucia.chat@example.com').executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ source: 'airassistant-ds160', form_type: 'DS-160', nationality: 'Colombia' });
    expect(JSON.parse(lead.form_data)).toMatchObject({ 'first-name': 'Lucia', nationality: 'Colombia' });
    const row = await t.app.db.selectFrom('assistant_sessions').select('lead_id').where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(row.lead_id).toBe(lead.id);
    // The lead is this browser's: it reads it, another does not.
    expect((await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}` })).statusCode).toBe(403);
  });

  it("refuses another session's interview and an unknown one", async () => {
    const mine = browser();
    const { sessionId } = (await mine('/api/aiassistant/session', { type: 'ds160' })).json();
    const other = browser();
    expect((await other('/api/aiassistant/next', { sessionId })).statusCode).toBe(403);
    expect((await other('/api/aiassistant/answer', { sessionId, question_id: 'first-name', answer: 'Eve' })).statusCode).toBe(403);
    expect((await other('/api/aiassistant/next', { sessionId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await mine('/api/aiassistant/session', { type: 'b1b2' })).statusCode).toBe(400);
  });
});

// Issue 32: the interview reads what people type through the one reading of answers, stores only what it is sure
// of, shows back what it understood with quick answers, and keeps the conversation for a reload.
describe('/api/aiassistant, sure or ask', () => {
  async function interview(type: 'ds160' | 'esta', language: 'es' | 'en' | 'fr' | 'pt') {
    const post = browser();
    const { sessionId } = (await post('/api/aiassistant/session', { type })).json();
    const say = async (question_id: string, answer: string) => (await post('/api/aiassistant/answer', { sessionId, question_id, answer, language })).json();
    const answers = async () => JSON.parse((await t.app.db.selectFrom('assistant_sessions').select('answers').where('id', '=', sessionId).executeTakeFirstOrThrow()).answers);
    return { post, sessionId, say, answers };
  }

  it("stores the name without the phrase that introduces it ('My name is Sarah', 'je m’appelle Ana Souza')", async () => {
    const en = await interview('ds160', 'en');
    expect(await en.say('first-name', 'My name is Sarah')).toMatchObject({ saved: true, value: 'Sarah' });
    const fr = await interview('ds160', 'fr');
    expect(await fr.say('first-name', 'Je m’appelle Ana Souza')).toMatchObject({ saved: true, value: 'Ana' });
    // The last name came with it.
    expect(await fr.answers()).toEqual({ 'first-name': 'Ana', 'last-name': 'Souza' });
  });

  it('offers the passport spelling of a name with accents, and stores it once confirmed', async () => {
    const fr = await interview('ds160', 'fr');
    const shown = await fr.say('last-name', 'Lefèvre');
    expect(shown).toEqual({ saved: false, progress: { answered: 0, total: 25 }, reply: { text: 'Dans votre passeport, Lefèvre s’écrit-il LEFEVRE ? Les formulaires américains n’acceptent que les lettres de A à Z.', quickAnswers: ['Oui', 'Non'] } });
    expect(await fr.answers()).toEqual({});
    expect(await fr.say('last-name', 'Oui')).toMatchObject({ saved: true, value: 'Lefevre' });
    expect(await fr.answers()).toEqual({ 'last-name': 'Lefevre' });
  });

  it("never stores an unsure eligibility answer as No: 'I don't know', 'não lembro', 'creo que no'", async () => {
    const pt = await interview('esta', 'pt');
    expect(await pt.say('criminal-conviction', 'não lembro')).toMatchObject({ saved: false, reply: { text: expect.stringMatching(/^Para esta pergunta preciso de um sim ou um não claro/) } });
    const es = await interview('esta', 'es');
    const hedged = await es.say('criminal-conviction', 'creo que no');
    expect(hedged).toMatchObject({ saved: false, reply: { text: '¿Quisiste decir No o Sí?', quickAnswers: ['No', 'Sí'] } });
    expect(await es.answers()).toEqual({});
    // The quick answer is a clear word: now it is stored.
    expect(await es.say('criminal-conviction', 'No')).toMatchObject({ saved: true, value: 'No' });
  });

  it("reads choices as people say them: 'vou a trabalho' is business, 'femme' female, 'soltera' single", async () => {
    const pt = await interview('ds160', 'pt');
    expect(await pt.say('purpose-of-trip', 'vou a trabalho')).toMatchObject({ saved: true, value: 'Business' });
    const fr = await interview('ds160', 'fr');
    expect(await fr.say('gender', 'femme')).toMatchObject({ saved: true, value: 'Female' });
    const es = await interview('ds160', 'es');
    expect(await es.say('marital-status', 'soltera')).toMatchObject({ saved: true, value: 'Single' });
    expect(await es.say('intended-length', 'dos semanas')).toMatchObject({ saved: true, value: 'Less than 30 days' });
    // Not an option: the reply lists the options, in the conversation's language, as quick answers.
    const refused = await fr.say('marital-status', 'compliqué');
    expect(refused).toMatchObject({ saved: false, reply: { text: expect.stringContaining('Célibataire, Marié(e), Divorcé(e)'), quickAnswers: expect.arrayContaining(['Célibataire', 'Marié(e)']) } });
  });

  it('stores nothing from a question to the assistant or an insult, and answers it as such', async () => {
    const es = await interview('ds160', 'es');
    expect(await es.say('nationality', '¿Cuál es la capital de Francia?')).toMatchObject({ saved: false, reply: { text: expect.stringMatching(/^Estoy aquí para ayudarte con tu solicitud/) } });
    expect(await es.say('first-name', 'eres un idiota')).toMatchObject({ saved: false, reply: { text: 'Estoy aquí para ayudarte. Mantengamos el respeto.' } });
    expect(await es.answers()).toEqual({});
  });

  it('reads phones, e-mails and amounts inside sentences, and dates without a year', async () => {
    const fr = await interview('ds160', 'fr');
    expect(await fr.say('phone-number', 'mon numéro : +33 6 12 34 56 78')).toMatchObject({ saved: true, value: '+33612345678' });
    // The salary is asked in U.S. dollars (the lead's decision, README): euros are offered in dollars at the dated
    // rate, with the rate and its date, and stored on the tap.
    const euros = await fr.say('monthly-salary', 'environ 2 500 euros');
    expect(euros).toMatchObject({ saved: false, reply: { text: expect.stringMatching(/EUR.*2\s?925 USD.*2026.*1 EUR = 1,17 USD/) } });
    expect(await fr.say('monthly-salary', 'oui')).toMatchObject({ saved: true, value: '2925' });
    expect(await fr.say('monthly-salary', '3000 dollars')).toMatchObject({ saved: true, value: '3000' });
    const es = await interview('ds160', 'es');
    expect(await es.say('email-address', 'juan.perez arroba gmail punto com')).toMatchObject({ saved: true, value: 'juan.perez@gmail.com', reply: { text: 'Anotado: juan.perez@gmail.com.' } });
    const pt = await interview('ds160', 'pt');
    expect(await pt.say('monthly-salary', 'R$ 5.000')).toMatchObject({ saved: false });
    const next = new Date(Date.now() + 20 * 86_400_000);
    const months = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
    const arrival = await fr.say('intended-arrival-date', `on part le ${next.getUTCDate()} ${months[next.getUTCMonth()]}`);
    expect(arrival).toMatchObject({ saved: true, value: next.toISOString().slice(0, 10) });
  });

  it('keeps the conversation for a reload, in the conversation language', async () => {
    const fr = await interview('ds160', 'fr');
    const first = (await fr.post('/api/aiassistant/next', { sessionId: fr.sessionId, language: 'fr' })).json();
    await fr.say('first-name', 'je ne sais pas');
    // Asked again after a reload: the same question is not repeated.
    await fr.post('/api/aiassistant/next', { sessionId: fr.sessionId, language: 'fr' });
    const kept = await fr.post(`/api/aiassistant/session/${fr.sessionId}`);
    expect(kept.json()).toEqual({
      sessionId: fr.sessionId,
      type: 'ds160',
      language: 'fr',
      lines: [
        { role: 'assistant', text: first.question, questionId: 'first-name' },
        { role: 'user', text: 'je ne sais pas' },
        { role: 'assistant', text: 'Pas de souci, mais j’ai besoin de cette réponse pour continuer. Écrivez-le comme dans votre passeport.' },
        { role: 'assistant', text: first.question, questionId: 'first-name' },
      ],
    });
    expect((await browser()(`/api/aiassistant/session/${fr.sessionId}`)).statusCode).toBe(403);
  });
});
