import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, sessionCookie, type TestApp } from '../helpers/app';

// The server under attack and load (issue: harden the server): each test here failed on the first slice.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

async function capture(app: TestApp['app'], formType: 'ESTA' | 'DS-160', headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/leads/immediate',
    payload: { email: `${Math.random().toString(36).slice(2)}@example.com`, formType },
    headers,
  });
  return { res, leadId: res.json().leadId as string, cookie: sessionCookie(res) as string };
}

const patch = (app: TestApp['app'], leadId: string, cookie: string, payload: unknown) =>
  app.inject({ method: 'PATCH', url: `/api/leads/${leadId}/update`, payload: payload as object, headers: { cookie } });

describe("a lead's answers are bounded", () => {
  it('refuses keys that are not the form’s questions or declared fields, naming them', async () => {
    const esta = await capture(t.app, 'ESTA');
    const refused = await patch(t.app, esta.leadId, esta.cookie, { formData: { 'junk-0001': 'x'.repeat(1000) } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('body.formData.junk-0001: is not a question of this form');

    const ds160 = await capture(t.app, 'DS-160');
    const section = await patch(t.app, ds160.leadId, ds160.cookie, { formData: { 'personal-info': { firstName: 'Maria', bogus: 'x' } } });
    expect(section.statusCode).toBe(400);
    expect(section.json().message).toBe('body.formData.personal-info.bogus: is not a field of this section');
    const unknownSection = await patch(t.app, ds160.leadId, ds160.cookie, { formData: { extra: {} } });
    expect(unknownSection.json().message).toBe('body.formData.extra: is not a section of the DS-160 form');
    const ok = await patch(t.app, ds160.leadId, ds160.cookie, {
      formData: { 'personal-info': { firstName: 'Maria' }, 'travel-companions': { companions: [{ firstName: 'Ana', relationship: 'Sister' }] } },
    });
    expect(ok.statusCode).toBe(200);
    // Sections merge field by field: a later update of one field keeps the others.
    await patch(t.app, ds160.leadId, ds160.cookie, { formData: { 'personal-info': { lastName: 'Lopez' } } });
    const lead = await t.app.inject({ url: `/api/leads/${ds160.leadId}`, headers: { cookie: ds160.cookie } });
    expect(lead.json().formData['personal-info']).toEqual({ firstName: 'Maria', lastName: 'Lopez' });
  });

  it('keeps the stored answers small: each field of the ten-section form has its limit, checked before it is stored', async () => {
    const ds160 = await capture(t.app, 'DS-160');
    // Eight fields of 5,000 characters: the form's own rules refuse the first too long, naming it.
    const section = 'personal-info';
    const formData = { [section]: Object.fromEntries([0, 1, 2, 3, 4, 5, 6, 7].map((i) => [fieldOf(section, i), 'z'.repeat(5000)])) };
    const res = await patch(t.app, ds160.leadId, ds160.cookie, { formData });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.formData\.personal-info\.\w+: /);
    const row = await t.app.db.selectFrom('leads').select('form_data').where('id', '=', ds160.leadId).executeTakeFirstOrThrow();
    expect(Buffer.byteLength(row.form_data)).toBeLessThan(1024);
  });

  it('answers 400, not 500, to answers nested 5,000 levels deep', async () => {
    const ds160 = await capture(t.app, 'DS-160');
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${ds160.leadId}/update`,
      payload: `{"formData":${deep}}`,
      headers: { cookie: ds160.cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.formData\.a\.a\.a\.a: is nested too deeply/);
    const asString = await patch(t.app, ds160.leadId, ds160.cookie, { formData: deep });
    expect(asString.statusCode).toBe(400);
  });
});

/** The i-th field name of a section of the ten-section form. */
function fieldOf(section: string, i: number): string {
  const names: Record<string, string[]> = {
    'personal-info': ['firstName', 'middleName', 'lastName', 'otherNames', 'birthCity', 'birthCountry', 'nationality', 'nationalIdNumber'],
    'address-phone': ['homeAddress', 'homeCity', 'homeState', 'homeCountry', 'homePostalCode', 'mailingAddress', 'mailingCity', 'mailingState'],
    'passport-info': ['passportNumber', 'passportIssuingCountry', 'passportIssuingCity', 'issuingAuthority', 'lostPassportYear', 'lostPassportNumber', 'lostPassportCountry', 'lostPassportDetails'],
    'work-education': ['currentOccupation', 'currentEmployer', 'currentJobTitle', 'currentEmployerAddress', 'currentEmployerCity', 'currentEmployerCountry', 'currentEmployerPhone', 'currentSupervisorName'],
    'family-info': ['fatherFirstName', 'fatherLastName', 'fatherBirthDate', 'fatherBirthCountry', 'motherFirstName', 'motherLastName', 'motherBirthDate', 'motherBirthCountry'],
    'previous-travel': ['lastUSVisaNumber', 'visaDenialDetails', 'visaCancelledDetails', 'refusalDetails', 'deportationDetails', 'lastUSVisaIssueDate', 'lastUSVisaExpiryDate', 'hasVisitedUS'],
    'security-background': ['diseaseDetails', 'disorderDetails', 'arrestDetails', 'lawViolationDetails', 'drugViolationDetails', 'terrorismDetails', 'militaryDetails', 'militiaDetails'],
  };
  return names[section]?.[i] as string;
}

describe('text PostgreSQL cannot store', () => {
  it('answers 400 naming a value with a NUL character, on either database', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/leads/immediate',
      payload: { email: 'maria@example.com', formType: 'DS-160', nationality: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.nationality: must not contain a NUL character');
    const query = await t.app.inject({ url: '/api/eligibility?country=Sp%00ain&purpose=tourism' });
    expect(query.statusCode).toBe(400);
  });
});

describe('nobody chooses their own rate-limit identity', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ trustProxy: 1 });
  });
  afterAll(async () => proxied.close());

  it('counts the address the proxy saw, not the leftmost X-Forwarded-For entry the client wrote', async () => {
    const statuses: number[] = [];
    let last: { json: () => { code?: string } } | undefined;
    for (let i = 0; i < 21; i += 1) {
      const { res } = await capture(proxied.app, 'ESTA', { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` });
      statuses.push(res.statusCode);
      last = res;
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
    // With the code the page words in its own language (issue 34).
    expect(last?.json().code).toBe('too_many_requests');
    // Another client behind the same proxy has its own budget.
    const other = await capture(proxied.app, 'ESTA', { 'x-forwarded-for': '203.0.113.8' });
    expect(other.res.statusCode).toBe(201);
  });
});

describe('timeouts', () => {
  let slow: TestApp;
  let port: number;
  beforeAll(async () => {
    slow = await createTestApp({ timeouts: { requestMs: 2_000, idleMs: 400, keepAliveMs: 500 } });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    port = (slow.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => slow.close());

  it('closes a connection whose headers arrived but whose body never does', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    socket.write('POST /api/leads/immediate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":');
    await new Promise((resolve) => socket.once('close', resolve));
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('sessions cost nothing when unused', () => {
  it('makes no session for requests that need none, and no write for one that changes nothing', async () => {
    const health = await t.app.inject('/api/health');
    expect(health.headers['set-cookie']).toBeUndefined();
    const { leadId, cookie, res } = await capture(t.app, 'ESTA');
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/Path=\/api/);
    expect(set).toMatch(/Max-Age=2592000/);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(set).not.toMatch(/Secure/);
    const before = await t.app.db.selectFrom('sessions').selectAll().execute();
    for (let i = 0; i < 10; i += 1) {
      const read = await t.app.inject({ url: `/api/leads/${leadId}`, headers: { cookie } });
      expect(read.statusCode).toBe(200);
      expect(read.headers['set-cookie']).toBeUndefined();
      expect((await t.app.inject({ url: '/api/health', headers: { cookie } })).headers['set-cookie']).toBeUndefined();
    }
    const after = await t.app.db.selectFrom('sessions').selectAll().execute();
    expect(after).toEqual(before);
  });

  it('marks the cookie Secure when the public address is https', async () => {
    const secure = await createTestApp({ publicUrl: 'https://rumbo.example', trustProxy: 1 });
    const { res } = await capture(secure.app, 'ESTA', { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' });
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    await secure.close();
  });
});

describe('one error shape everywhere', () => {
  const shape = (statusCode: number) => ({ statusCode, error: expect.any(String), message: expect.any(String) });

  it('413 for a body over the limit, 415 for a body that is not JSON, 414 for an address too long', async () => {
    const big = await t.app.inject({ method: 'POST', url: '/api/leads/immediate', payload: { email: 'a@example.com', formType: 'ESTA', x: 'y'.repeat(1_100_000) } });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual(shape(413));
    const text = await t.app.inject({ method: 'POST', url: '/api/leads/immediate', payload: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual(shape(415));
    const long = await t.app.inject({ url: `/api/eligibility?country=${'x'.repeat(9_000)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual(shape(414));
  });

  it('431 for headers over the limit, from a real socket', async () => {
    const app = await createTestApp();
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as AddressInfo;
    const response = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      let data = '';
      socket.on('data', (chunk) => (data += chunk));
      socket.on('close', () => resolve(data));
    });
    await app.close();
    expect(response).toMatch(/^HTTP\/1\.1 431/);
    expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toEqual(shape(431));
  });

  it('documents 400, 413, 414, 415, 429 and 431 wherever a route can answer them', async () => {
    const doc = (await t.app.inject('/docs/json')).json() as { paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown; parameters?: unknown[] }>> };
    for (const [url, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const codes = Object.keys(op.responses);
        for (const code of ['414', '429', '431']) expect(codes, `${method} ${url}`).toContain(code);
        if (op.requestBody) for (const code of ['400', '413', '415']) expect(codes, `${method} ${url}`).toContain(code);
        if (op.parameters?.length) expect(codes, `${method} ${url}`).toContain('400');
      }
    }
  });
});

describe('files and caching', () => {
  let site: TestApp;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-client-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Rumbo</title>');
    fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js.map'), '{}');
    // As the build leaves it: the page and its script beside their brotli and gzip forms.
    const script = `console.log(${JSON.stringify('rumbo '.repeat(400))})`;
    fs.writeFileSync(path.join(clientDir, 'assets/app-def456.js'), script);
    fs.writeFileSync(path.join(clientDir, 'assets/app-def456.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(clientDir, 'assets/app-def456.js.gz'), zlib.gzipSync(script));
    site = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await site.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves hashed assets immutable for a year and the page no-cache, without sessions, limits or source maps', async () => {
    const asset = await site.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['set-cookie']).toBeUndefined();
    expect(asset.headers['x-ratelimit-limit']).toBeUndefined();
    for (const url of ['/', '/apply', '/no-such-page']) expect((await site.app.inject(url)).headers['cache-control']).toBe('no-cache');
    expect((await site.app.inject('/assets/index-abc123.js.map')).statusCode).toBe(404);
  });

  it('sends a built file compressed as the browser accepts, and JSON above a kilobyte compressed too', async () => {
    const script = fs.readFileSync(path.join(clientDir, 'assets/app-def456.js'), 'utf8');
    const br = await site.app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    // A built file carries only the headers a file needs; the policies are for documents.
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await site.app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await site.app.inject('/assets/app-def456.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    const contract = await site.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    const json = await site.app.inject('/docs/json');
    expect(json.body.length).toBeGreaterThan(1024);
    expect(contract.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(contract.rawPayload).toString())).toEqual(json.json());
    // A small answer goes as it is: compressing it would cost more than it saves.
    const health = await site.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it.skipIf(dialectUnderTest !== 'sqlite')('creates the database and its WAL readable by the owner only', async () => {
    await capture(site.app, 'ESTA');
    for (const name of ['rumbo.sqlite', 'rumbo.sqlite-wal']) {
      const file = path.join(site.config.dataDir, name);
      expect(fs.statSync(file).mode & 0o777, name).toBe(0o600);
    }
  });
});
