import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataCodec, kidOf, parseDataKeys } from '../../db/encryption/codec';
import { resealAll } from '../../db/encryption/reseal';
import { ds160Catalog } from '../../machines/domain/catalogs/index';
import { ownerCookie } from '../helpers/admin';
import { completeAnswers } from '../helpers/answers';
import { migrateToLatest } from '../../db/index';
import { createTestApp, dialectUnderTest, restartTestApp, sessionCookie, type TestApp } from '../helpers/app';

// Issue 44 item 5: a planted passport number and security answer are nowhere in the database's files (SQLite's
// file and its WAL), in a pg_dump of the schema, or in the server's log, while every reader (the applicant, the
// export, the admin) still sees them; keys rotate. CI runs this file on SQLite and again on PostgreSQL.

const PASSPORT = `QX${randomBytes(4).readUInt32BE(0).toString().padStart(10, '7')}`;
/** The answer about an arrest, as the JSON it is stored in: the question's id beside its answer. */
const ARREST_ANSWER = '"security-arrest":"Yes"';
const PLANTED_TEXT = `Zanzibar falcon permit ${randomUUID().slice(0, 8)}`;

let t: TestApp;
const log: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000, logLevel: 'info' }, { logStream: { write: (line) => void log.push(line) } });
});
afterAll(async () => t?.close());

let client = 0;
function call(app: TestApp, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) {
  client += 1;
  return app.app.inject({ method, url, remoteAddress: `10.44.5.${client & 255}`, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
}

/** A DS-160 with the planted passport number, written whole and then changed (the two ways answers are written). */
async function plantApplication(app: TestApp) {
  const email = `ines.${randomUUID().slice(0, 8)}@example.com`;
  const created = await call(app, 'POST', '/api/leads', undefined, {
    name: 'Inês Duarte',
    email,
    phone: '+351 912 345 678',
    formType: 'DS-160',
    nationality: 'Portugal',
    travelPurpose: 'Tourism/Vacation',
    formData: completeAnswers(ds160Catalog, { 'passport-number': PASSPORT }),
    completionStatus: 'incomplete',
    source: 'apply-wizard',
  });
  expect(created.statusCode, created.body).toBe(201);
  const leadId = created.json().id as string;
  const cookie = sessionCookie(created) as string;
  const updated = await call(app, 'PATCH', `/api/leads/${leadId}/update`, cookie, {
    formData: { 'security-arrest': 'Yes', 'specialized-skills': 'Yes', 'specialized-skills-details': PLANTED_TEXT },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  return { leadId, cookie, email };
}

const storedFormData = async (app: TestApp, leadId: string) =>
  (await sql<{ stored: string }>`select form_data as stored from leads where id = ${leadId}`.execute(app.app.db)).rows[0]!.stored;

/** What an attacker with a copy of the database would read: the files, or a dump of the schema. */
function databaseAsStored(app: TestApp): string {
  if (dialectUnderTest === 'postgres') {
    const { databaseUrl, pgSchema } = app.config;
    return execFileSync('pg_dump', ['--no-owner', '--schema', pgSchema as string, databaseUrl as string], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  }
  const file = path.join(app.config.dataDir, 'rumbo.sqlite');
  const wal = `${file}-wal`;
  expect(fs.existsSync(wal)).toBe(true);
  return Buffer.concat([fs.readFileSync(file), fs.readFileSync(wal)]).toString('latin1');
}

describe('what is stored', () => {
  it('keeps the passport number and the security answers only sealed, and every reader sees them', async () => {
    const { leadId, cookie, email } = await plantApplication(t);

    // The readers: the applicant, their export, the admin's view of the lead.
    const mine = (await call(t, 'GET', `/api/leads/${leadId}`, cookie)).json();
    expect(mine.formData).toMatchObject({ 'passport-number': PASSPORT, 'security-arrest': 'Yes', 'specialized-skills-details': PLANTED_TEXT });
    const exported = await call(t, 'GET', '/api/me/data', cookie);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(PASSPORT);
    expect(exported.body).toContain(PLANTED_TEXT);
    const admin = await ownerCookie(t.app);
    const detail = await call(t, 'GET', `/api/admin/leads/${leadId}`, admin);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain(PASSPORT);
    const listed = await call(t, 'GET', '/api/admin/leads', admin);
    expect(listed.body).toContain(email);

    const stored = databaseAsStored(t);
    // The search can find what is there: the e-mail address, kept plain on purpose.
    expect(stored).toContain(email);
    for (const planted of [PASSPORT, ARREST_ANSWER, PLANTED_TEXT, 'specialized-skills-details']) expect(stored, planted).not.toContain(planted);
    // The column holds one sealed value; what the admin lists by stays plain.
    expect(kidOf(await storedFormData(t, leadId))).toBe('k1');

    const logged = log.join('');
    expect(logged).toContain(`/api/leads/${leadId}`);
    for (const planted of [PASSPORT, PLANTED_TEXT]) expect(logged).not.toContain(planted);
  });
});

describe.runIf(dialectUnderTest === 'sqlite')('an application its applicant deleted', () => {
  it('leaves none of its values in a free page of the SQLite file or in its WAL (secure_delete, then a checkpoint)', async () => {
    const { leadId, cookie, email } = await plantApplication(t);
    await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(t.app.db);
    const before = databaseAsStored(t);
    // What is kept plain while the application lives (the address, its sealed answers' envelope) is in the file.
    expect(before).toContain(email);
    const sealed = await storedFormData(t, leadId);
    expect(before).toContain(sealed.slice(0, 40));
    const erased = await call(t, 'DELETE', `/api/me/applications/${leadId}`, cookie);
    expect(erased.statusCode, erased.body).toBe(200);
    const after = databaseAsStored(t);
    for (const left of [email, leadId, sealed.slice(0, 40)]) expect(after, left).not.toContain(left);
  });
});

describe.runIf(dialectUnderTest === 'sqlite')('answers written before the sealing migration', () => {
  const OLD_PASSPORT = `QZ${randomBytes(4).readUInt32BE(0).toString().padStart(10, '3')}`;
  const OLD_TEXT = `Okapi ledger ${randomUUID().slice(0, 8)}`;
  let app: TestApp;
  afterAll(async () => app?.close());

  it('are in no page of the SQLite file or its WAL once migrations 0035 (seal) and 0072 (vacuum) have run', async () => {
    app = await createTestApp({ rateLimitPerMinute: 100_000 });
    const { leadId, cookie } = await plantApplication(app);
    // Written around the plugin, as a database from before 0035 holds it; then the two migrations run again on it.
    const plain = JSON.stringify({ ...completeAnswers(ds160Catalog), 'passport-number': OLD_PASSPORT, 'specialized-skills-details': OLD_TEXT });
    await sql`update leads set form_data = ${plain} where id = ${leadId}`.execute(app.app.db);
    await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(app.app.db);
    expect(databaseAsStored(app)).toContain(OLD_PASSPORT);
    await sql`delete from kysely_migration where name in ('0035_encrypt_at_rest', '0072_sqlite_vacuum')`.execute(app.app.db);
    expect(await migrateToLatest(app.app.db)).toEqual(['0035_encrypt_at_rest', '0072_sqlite_vacuum']);
    expect(kidOf(await storedFormData(app, leadId))).toBe('k1');
    const stored = databaseAsStored(app);
    for (const planted of [OLD_PASSPORT, OLD_TEXT]) expect(stored, planted).not.toContain(planted);
    expect((await call(app, 'GET', `/api/leads/${leadId}`, cookie)).json().formData).toMatchObject({ 'passport-number': OLD_PASSPORT, 'specialized-skills-details': OLD_TEXT });
  });
});

describe('rotating keys', () => {
  const key = () => randomBytes(32).toString('base64');
  const k1 = `k1=${key()}`;
  const k2 = `k2=${key()}`;
  let app: TestApp;
  afterAll(async () => app?.close());

  it('seals plain values (migration 0035), re-seals under the newest key a batch at a time, and does it once', async () => {
    app = await createTestApp({ rateLimitPerMinute: 100_000, dataKeys: k1 });
    const first = await plantApplication(app);
    const second = await plantApplication(app);
    // A value stored before encryption: written around the plugin, as an older database holds it.
    const plain = JSON.stringify({ ...completeAnswers(ds160Catalog), 'passport-number': PASSPORT });
    await sql`update leads set form_data = ${plain} where id = ${second.leadId}`.execute(app.app.db);
    expect(await storedFormData(app, second.leadId)).toBe(plain);
    expect((await resealAll(app.app.db, null)).leads).toBe(1);
    expect(kidOf(await storedFormData(app, second.leadId))).toBe('k1');

    // k2 goes in front: new writes are sealed under it, old values still open.
    await app.stop();
    app = await restartTestApp(app, { logger: false }, { dataKeys: `${k2},${k1}` });
    expect((await call(app, 'GET', `/api/leads/${first.leadId}`, first.cookie)).json().formData['passport-number']).toBe(PASSPORT);
    expect(kidOf(await storedFormData(app, first.leadId))).toBe('k1');
    expect((await call(app, 'PATCH', `/api/leads/${second.leadId}/update`, second.cookie, { formData: { 'security-arrest': 'No' } })).statusCode).toBe(200);
    expect(kidOf(await storedFormData(app, second.leadId))).toBe('k2');

    const codec = new DataCodec(parseDataKeys(`${k2},${k1}`));
    const batches: number[] = [];
    const counts = await resealAll(app.app.db, codec, { batchSize: 1, onBatch: (table, n) => table === 'leads' && batches.push(n) });
    expect(counts.leads).toBe(1);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(1);
    for (const { leadId } of [first, second]) expect(kidOf(await storedFormData(app, leadId))).toBe('k2');
    expect(Object.values(await resealAll(app.app.db, codec)).every((n) => n === 0)).toBe(true);

    // k1 can go: everything opens under k2 alone; a ring without the key a value needs answers an error, not a guess.
    await app.stop();
    app = await restartTestApp(app, { logger: false }, { dataKeys: k2 });
    const read = (await call(app, 'GET', `/api/leads/${second.leadId}`, second.cookie)).json();
    expect(read.formData).toMatchObject({ 'passport-number': PASSPORT, 'security-arrest': 'No' });
    await app.stop();
    app = await restartTestApp(app, { logger: false }, { dataKeys: `k3=${key()}` });
    expect((await call(app, 'GET', `/api/leads/${second.leadId}`, second.cookie)).statusCode).toBe(500);

    // A server whose k2 is another key than the one this database knows as k2 does not start (db/encryption/keyCheck.ts).
    await app.stop();
    await expect(restartTestApp(app, { logger: false }, { dataKeys: `k2=${key()}` })).rejects.toThrow(/Data key "k2" is not the "k2" this database's values were sealed with/);
    app = await restartTestApp(app, { logger: false }, { dataKeys: k2 });
  });
});
