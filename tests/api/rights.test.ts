import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ds160Catalog, estaCatalog } from '../../machines/domain/catalogs/index';
import { insertPhoto } from '../../db/queries/photos';
import { fileNameOf } from '../../server/services/mail/transport';
import type { Erased, MyData } from '../../openapi/schemas/rights';
import { completeAnswers } from '../helpers/answers';
import { ownerCookie } from '../helpers/admin';
import { dialectUnderTest, sessionCookie } from '../helpers/app';
import { appForFile } from '../helpers/clients';
import { PAYING_CARD } from '../helpers/card';

// An applicant's rights (issue 44; GDPR 15, 17, 20): what a session holds comes back whole, only its owner erases
// it, and an order must keep its number, amounts and dates while nothing says who paid. CI runs this file on
// SQLite and again on PostgreSQL.

const { t, call } = appForFile(9);

const PASSPORT = 'XK4471932';

async function application(cookie?: string, formType: 'DS-160' | 'ESTA' = 'ESTA') {
  const catalog = formType === 'ESTA' ? estaCatalog : ds160Catalog;
  const res = await call('POST', '/api/leads', cookie, {
    name: 'Lucía Fernández',
    email: `lucia.${randomUUID().slice(0, 8)}@example.com`,
    phone: '+34 612 345 678',
    formType,
    nationality: 'Spain',
    travelPurpose: 'Tourism/Vacation',
    formData: { ...completeAnswers(catalog), 'passport-number': PASSPORT },
    completionStatus: 'completed',
    source: formType === 'ESTA' ? 'esta-wizard' : 'apply-wizard',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { leadId: res.json().id as string, cookie: cookie ?? (sessionCookie(res) as string) };
}

async function pay(cookie: string, leadId: string, email = 'lucia@example.com') {
  const res = await call('POST', '/api/checkout/process', cookie, { idempotencyKey: `k_${randomUUID().replace(/-/g, '')}`, email, paymentDetails: PAYING_CARD, plan: 'esta', leadId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orderNumber?: string; order?: { number: string } };
}

async function ownerOf(leadId: string) {
  return t.app.db.selectFrom('leads').select(['owner_token', 'user_id']).where('id', '=', leadId).executeTakeFirstOrThrow();
}

async function photoFor(leadId: string) {
  const lead = await ownerOf(leadId);
  const id = randomUUID();
  await insertPhoto(t.app.db, { id, owner_token: lead.owner_token, user_id: lead.user_id, lead_id: leadId, content_type: 'image/jpeg', width: 600, height: 600, size_bytes: 4, data: Buffer.from([1, 2, 3, 4]), created_at: new Date().toISOString() });
  return id;
}

async function chatAbout(leadId: string) {
  const lead = await ownerOf(leadId);
  const id = randomUUID();
  const at = new Date().toISOString();
  await t.app.db
    .insertInto('chat_sessions')
    .values({ id, chat: 'aivisa', owner_token: lead.owner_token, user_id: lead.user_id, language: 'es', collected: '{}', messages: JSON.stringify([{ role: 'user', text: `Mi pasaporte es ${PASSPORT}` }]), pending: null, lead_id: leadId, created_at: at, updated_at: at })
    .execute();
  return id;
}

const data = async (cookie?: string) => {
  const res = await call('GET', '/api/me/data', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MyData;
};

describe(`GET /api/me/data and its PDF (${dialectUnderTest})`, () => {
  it('gives a session everything it holds, and another session none of it', async () => {
    const { leadId, cookie } = await application();
    const photoId = await photoFor(leadId);
    await chatAbout(leadId);
    await pay(cookie, leadId);

    const mine = await data(cookie);
    expect(mine.applications.map((a) => a.id)).toEqual([leadId]);
    expect(mine.applications[0]!.name).toBe('Lucía Fernández');
    expect(JSON.stringify(mine.applications[0]!.answers)).toContain(PASSPORT);
    expect(mine.photos.map((p) => p.id)).toEqual([photoId]);
    expect(mine.orders).toHaveLength(1);
    expect(mine.orders[0]!.status).toBe('paid');
    expect(JSON.stringify(mine.conversations)).toContain(PASSPORT);
    expect(mine.aiEngine).toBe('builtin');

    const other = await application();
    const theirs = await data(other.cookie);
    expect(JSON.stringify(theirs)).not.toContain(leadId);
    expect(theirs.photos).toEqual([]);
    expect((await data()).applications).toEqual([]);

    const pdf = await call('GET', '/api/me/data.pdf', cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('erasing an application', () => {
  it('deletes an unpaid one with its photos and conversations', async () => {
    const { leadId, cookie } = await application();
    const photoId = await photoFor(leadId);
    const chatId = await chatAbout(leadId);
    const res = await call('DELETE', `/api/me/applications/${leadId}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 1, anonymised: 0, ordersKept: [], accountDeleted: false } satisfies Erased);
    expect(await t.app.db.selectFrom('leads').select('id').where('id', '=', leadId).executeTakeFirst()).toBeUndefined();
    expect(await t.app.db.selectFrom('photos').select('id').where('id', '=', photoId).executeTakeFirst()).toBeUndefined();
    expect(await t.app.db.selectFrom('chat_sessions').select('id').where('id', '=', chatId).executeTakeFirst()).toBeUndefined();
  });

  it('keeps a paid one for its order, with nothing personal left', async () => {
    const { leadId, cookie } = await application();
    await photoFor(leadId);
    await pay(cookie, leadId);
    const before = await t.app.db.selectFrom('orders').selectAll().where('lead_id', '=', leadId).executeTakeFirstOrThrow();
    const res = await call('DELETE', `/api/me/applications/${leadId}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 0, anonymised: 1, ordersKept: [before.number], accountDeleted: false });

    const lead = await t.app.db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow();
    expect([lead.name, lead.email, lead.phone, lead.nationality, lead.form_data]).toEqual(['', '', '', '', '{}']);
    expect(lead.payment_status).toBe('paid');
    const order = await t.app.db.selectFrom('orders').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
    expect([order.number, order.total_cents, order.created_at, order.paid_at, order.status]).toEqual([before.number, before.total_cents, before.created_at, before.paid_at, 'paid']);
    expect([order.receipt_email, order.card_last4, order.card_brand, order.user_id]).toEqual([null, null, null, null]);
    expect(await t.app.db.selectFrom('photos').select('id').where('lead_id', '=', leadId).executeTakeFirst()).toBeUndefined();
    // The session no longer sees it: nothing of it is theirs to download.
    expect(JSON.stringify(await data(cookie))).not.toContain(PASSPORT);
  });

  it("refuses another session's application (403), an unknown one (404) and a malformed id (400 naming it)", async () => {
    const { leadId } = await application();
    const stranger = await application();
    const refused = await call('DELETE', `/api/me/applications/${leadId}`, stranger.cookie);
    expect(refused.statusCode).toBe(403);
    expect((await call('DELETE', `/api/me/applications/${leadId}`)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/me/applications/${randomUUID()}`, stranger.cookie)).statusCode).toBe(404);
    const bad = await call('DELETE', '/api/me/applications/not-an-id', stranger.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('leadId');
    expect(await t.app.db.selectFrom('leads').select('id').where('id', '=', leadId).executeTakeFirst()).toBeDefined();
  });

  it("an admin's session erases nobody's application through the applicant's door", async () => {
    const { leadId } = await application();
    const cookie = await ownerCookie(t.app);
    expect((await call('DELETE', `/api/me/applications/${leadId}`, cookie)).statusCode).toBe(403);
  });
});

describe('erasure reaches the e-mail outbox', () => {
  const emailsTo = (addresses: string[]) =>
    t.app.db.selectFrom('emails').selectAll().where((eb) => eb(eb.fn('lower', ['recipient']), 'in', addresses.map((a) => a.toLowerCase()))).execute();

  /** A message to `to`, queued or already sent; a sent one also leaves the development mailbox's file. */
  async function message(to: string, sent: boolean) {
    const key = `test:${randomUUID()}`;
    await t.app.db.transaction().execute((trx) => t.app.outbox.enqueue(trx, { key, kind: 'resumeLink', to, language: 'es', data: { resumeCodeId: randomUUID() } }));
    const row = await t.app.db.selectFrom('emails').selectAll().where('event_key', '=', key).executeTakeFirstOrThrow();
    if (!sent) return { row, file: undefined };
    await t.app.db.updateTable('emails').set({ state: 'sent', subject: `Tu enlace, ${to}`, smtp_response: `250 ok ${to}`, transport: 'file', sent_at: row.created_at }).where('id', '=', row.id).execute();
    const file = path.join(t.app.mail.mailboxDir, fileNameOf({ date: new Date(row.created_at), messageId: row.message_id }));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `To: ${to}`);
    fs.writeFileSync(file.replace(/\.eml$/, '.json'), JSON.stringify({ to }));
    return { row, file };
  }

  it("drops the erased application's queued messages and strips its sent ones; another application's stay", async () => {
    const erased = await application();
    const kept = await application(erased.cookie);
    const receipt = `Pago.${randomUUID().slice(0, 8)}@Example.com`;
    await pay(erased.cookie, erased.leadId, receipt);
    const [leadA, leadB] = await Promise.all([erased.leadId, kept.leadId].map((id) => t.app.db.selectFrom('leads').select('email').where('id', '=', id).executeTakeFirstOrThrow()));
    const queued = await message(leadA!.email.toUpperCase(), false);
    const sent = await message(leadA!.email, true);
    const other = await message(leadB!.email, false);
    expect((await emailsTo([receipt])).length).toBeGreaterThan(0);

    const res = await call('DELETE', `/api/me/applications/${erased.leadId}`, erased.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await emailsTo([leadA!.email, receipt])).toEqual([]);
    expect(await t.app.db.selectFrom('emails').select('id').where('id', '=', queued.row.id).executeTakeFirst()).toBeUndefined();
    const stripped = await t.app.db.selectFrom('emails').selectAll().where('id', '=', sent.row.id).executeTakeFirstOrThrow();
    expect([stripped.recipient, stripped.subject, stripped.smtp_response, stripped.state]).toEqual(['erased', null, null, 'sent']);
    expect(fs.existsSync(sent.file!)).toBe(false);
    expect(fs.existsSync(sent.file!.replace(/\.eml$/, '.json'))).toBe(false);
    expect((await t.app.db.selectFrom('emails').selectAll().where('id', '=', other.row.id).executeTakeFirstOrThrow()).recipient).toBe(leadB!.email);
  });

  it('an address another of the same applications still gives keeps its messages', async () => {
    const first = await application();
    const second = await application(first.cookie);
    const shared = (await t.app.db.selectFrom('leads').select('email').where('id', '=', first.leadId).executeTakeFirstOrThrow()).email;
    await t.app.db.updateTable('leads').set({ email: shared }).where('id', '=', second.leadId).execute();
    const queued = await message(shared, false);
    expect((await call('DELETE', `/api/me/applications/${first.leadId}`, first.cookie)).statusCode).toBe(200);
    expect(await t.app.db.selectFrom('emails').select('recipient').where('id', '=', queued.row.id).executeTakeFirst()).toEqual({ recipient: shared });
  });
});

describe('erasing a group traveller', () => {
  it("the leader's session erases a traveller; nobody else can", async () => {
    const { leadId, cookie } = await application();
    const group = await call('POST', `/api/leads/${leadId}/group`, cookie);
    expect([200, 201]).toContain(group.statusCode);
    const groupId = group.json().id as string;
    const added = await call('POST', `/api/groups/${groupId}/travellers`, cookie, { firstName: 'Pablo', lastName: 'Fernandez', relationship: 'child', nationality: 'ES' });
    expect(added.statusCode, added.body).toBe(201);
    const travellerId = added.json().leadId as string;

    const stranger = await application();
    expect((await call('DELETE', `/api/me/groups/${groupId}/travellers/${travellerId}`, stranger.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/me/groups/${groupId}/travellers/${randomUUID()}`, cookie)).statusCode).toBe(404);
    const bad = await call('DELETE', `/api/me/groups/nope/travellers/${travellerId}`, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('groupId');

    const erased = await call('DELETE', `/api/me/groups/${groupId}/travellers/${travellerId}`, cookie);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().deleted).toBe(1);
    expect(await t.app.db.selectFrom('leads').select('id').where('id', '=', travellerId).executeTakeFirst()).toBeUndefined();
    expect(await t.app.db.selectFrom('leads').select('id').where('id', '=', leadId).executeTakeFirst()).toBeDefined();
  });
});

describe('DELETE /api/me', () => {
  it('erases an account whole: the account, its applications and chats go, its order stays without a buyer', async () => {
    const address = `erase.${randomUUID().slice(0, 8)}@example.com`;
    const signup = await call('POST', '/api/auth/signup', undefined, { email: address, password: 'correct horse battery' });
    expect(signup.statusCode, signup.body).toBe(201);
    const cookie = sessionCookie(signup) as string;
    const paid = await application(cookie);
    const unpaid = await application(cookie, 'DS-160');
    await chatAbout(unpaid.leadId);
    await pay(cookie, paid.leadId);
    const userId = (await ownerOf(paid.leadId)).user_id as string;
    expect(userId).toBeTruthy();

    const res = await call('DELETE', '/api/me', cookie);
    expect(res.statusCode, res.body).toBe(200);
    const erased = res.json() as Erased;
    expect(erased).toMatchObject({ deleted: 1, anonymised: 1, accountDeleted: true });
    expect(erased.ordersKept).toHaveLength(1);
    expect(await t.app.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeUndefined();
    expect(await t.app.db.selectFrom('orders').select('id').where('user_id', '=', userId).executeTakeFirst()).toBeUndefined();
    expect(await t.app.db.selectFrom('chat_sessions').select('id').where('user_id', '=', userId).executeTakeFirst()).toBeUndefined();
    const kept = await t.app.db.selectFrom('orders').selectAll().where('number', '=', erased.ordersKept[0]!).executeTakeFirstOrThrow();
    expect(kept.total_cents).toBeGreaterThan(0);
    expect(kept.receipt_email).toBeNull();
    // The session ended with it: the old cookie opens nothing.
    expect((await data(cookie)).applications).toEqual([]);
    expect(JSON.stringify(await t.app.db.selectFrom('leads').selectAll().execute())).not.toContain(address);
    // The account's own messages (its address check) went with it.
    expect(await t.app.db.selectFrom('emails').select('id').where('recipient', '=', address).execute()).toEqual([]);
  });
});

describe('privacy and consent', () => {
  it('says which engine reads the chats and the retention days; consent asks for a known chat', async () => {
    const { cookie } = await application();
    const privacy = await call('GET', '/api/privacy', cookie);
    expect(privacy.json()).toEqual({ aiEngine: 'builtin', consentNeeded: false, consented: false, retention: { unpaidDays: 30, paidPhotoDays: 90 } });
    const bad = await call('POST', '/api/me/consents', cookie, { chat: 'telepathy', accepted: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('chat');
    const unknown = await call('POST', '/api/me/consents', cookie, { chat: 'aivisa', accepted: true, extra: 1 });
    expect(unknown.statusCode).toBe(400);
    const badChat = await call('GET', '/api/privacy?chat=telepathy', cookie);
    expect(badChat.statusCode).toBe(400);
    expect(badChat.json().message).toContain('chat');
    const given = await call('POST', '/api/me/consents', cookie, { chat: 'aivisa', accepted: true });
    expect(given.statusCode, given.body).toBe(201);
    expect((await data(cookie)).consents).toEqual([expect.objectContaining({ chat: 'aivisa', engine: 'builtin' })]);
  });
});

describe('retention', () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

  it('deletes applications never paid after the period and photos of paid ones after theirs, and logs each run', async () => {
    const stale = await application();
    const fresh = await application();
    const paid = await application();
    await pay(paid.cookie, paid.leadId);
    const oldPhoto = await photoFor(paid.leadId);
    const stalePhoto = await photoFor(stale.leadId);
    await t.app.db.updateTable('leads').set({ updated_at: daysAgo(31) }).where('id', 'in', [stale.leadId, paid.leadId]).execute();
    await t.app.db.updateTable('photos').set({ created_at: daysAgo(91) }).where('id', '=', oldPhoto).execute();

    const unpaid = await t.app.retention.sweepUnpaid();
    expect(unpaid.leadsDeleted).toBeGreaterThanOrEqual(1);
    const ids = (await t.app.db.selectFrom('leads').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain(stale.leadId);
    expect(ids).toContain(fresh.leadId);
    expect(ids).toContain(paid.leadId);
    expect(await t.app.db.selectFrom('photos').select('id').where('id', '=', stalePhoto).executeTakeFirst()).toBeUndefined();

    const photos = await t.app.retention.sweepPaidPhotos();
    expect(photos.photosDeleted).toBe(1);
    expect(await t.app.db.selectFrom('photos').select('id').where('id', '=', oldPhoto).executeTakeFirst()).toBeUndefined();

    const policy = await call('GET', '/api/admin/retention', await ownerCookie(t.app));
    expect(policy.statusCode, policy.body).toBe(200);
    expect(policy.json()).toMatchObject({ unpaidDays: 30, paidPhotoDays: 90 });
    expect(policy.json().runs.slice(0, 2).map((r: { job: string }) => r.job).sort()).toEqual(['retention.photos', 'retention.unpaid']);
    expect((await call('GET', '/api/admin/retention')).statusCode).toBe(401);

    const queues = (await t.app.jobs.overview()).queues.map((q) => q.name);
    expect(queues).toEqual(expect.arrayContaining(['retention.unpaid', 'retention.photos']));
  });
});
