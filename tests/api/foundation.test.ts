import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, getSetting } from '../../db/queries/settings';
import { listPlans } from '../../db/queries/plans';
import { findUserByUsername } from '../../db/queries/users';
import { seed } from '../../db/seed';
import { LANGUAGE_STORAGE_KEY, LANGUAGES } from '../../machines/domain/language';
import { DbSessionStore } from '../../server/plugins/session/session';
import { PAGES_FILE, RENDERER_FILE, SLOTS } from '../../openapi/prerender';
import { verifyPassword } from '../../server/lib/password';
import { createTestApp, dialectUnderTest, TEST_ADMIN, type TestApp } from '../helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe(`foundation on ${dialectUnderTest}`, () => {
  it('reports health and the database in use', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    // Readiness names each dependency (issue 41); Redis is unused where no REDIS_URL is set.
    expect(res.json()).toMatchObject({ status: 'ok', database: dialectUnderTest, checks: { database: 'up' } });
  });

  it('serves branding and pricing from the seeded database', async () => {
    expect((await t.app.inject('/api/admin/branding')).json()).toEqual({ brandName: 'Rumbo', chatAssistantName: 'Sofía' });
    // The ESTA entry is our service fee itself (issue 44): $77, not $99 less a $22 deduction.
    expect((await t.app.inject('/api/admin/pricing')).json()).toEqual({ ESTA: 77, DS160_BASIC: 50, DS160_PRO: 100, DS160_PREMIUM: 150 });
  });

  it('serves branding an operator changed, not a constant', async () => {
    await t.app.site.setBranding({ brandName: 'Norte', chatAssistantName: 'Ana' });
    expect((await t.app.inject('/api/admin/branding')).json()).toEqual({ brandName: 'Norte', chatAssistantName: 'Ana' });
    expect(await getSetting(t.app.db, 'branding')).toEqual({ brandName: 'Norte', chatAssistantName: 'Ana' });
    await t.app.site.setBranding(DEFAULT_SETTINGS.branding);
  });

  it('seeds plans, fees and exactly one admin whose password is only stored hashed', async () => {
    expect((await listPlans(t.app.db)).map((p) => p.id)).toEqual(['basic', 'pro', 'premium']);
    // The government's fees are not settings (issue 44): they are the dated schedule, tested in governmentFees.test.ts.
    expect(await getSetting(t.app.db, 'fees')).toEqual({ processingFee: 2.99, completionFee: 100 });
    const admin = await findUserByUsername(t.app.db, TEST_ADMIN.username);
    expect(admin?.role).toBe('admin');
    expect(admin?.password_hash).not.toContain(TEST_ADMIN.password);
    expect(await verifyPassword(TEST_ADMIN.password, admin?.password_hash ?? '')).toBe(true);
    expect(await verifyPassword('wrong', admin?.password_hash ?? '')).toBe(false);
  });

  it('seeds idempotently and never overwrites an operator edit', async () => {
    await t.app.site.setPricing({ ESTA: 120, DS160_BASIC: 60, DS160_PRO: 110, DS160_PREMIUM: 160 });
    const result = await seed(t.app.db, { admin: { username: 'second', passwordHash: 'x' } });
    expect(result.adminCreated).toBe(false);
    expect((await getSetting(t.app.db, 'pricing')).ESTA).toBe(120);
    expect((await listPlans(t.app.db)).length).toBe(3);
    await t.app.site.setPricing(DEFAULT_SETTINGS.pricing);
  });
});

describe('GET /api/eligibility', () => {
  it('recommends ESTA for Spain and tourism with the fees from the database', async () => {
    const res = await t.app.inject({ url: '/api/eligibility', query: { country: 'spain', purpose: 'tourism' } });
    expect(res.statusCode).toBe(200);
    // Our ESTA fee is the map's ESTA (docs/DECISIONS.md), the government's the $40 in force since 2025-09-30, with its source.
    expect(res.json()).toMatchObject({ country: 'Spain', visaType: 'ESTA', canUseESTA: true, maxStayDays: 90, governmentFee: 40, serviceFee: 77 });
    expect(res.json().price).toMatchObject({ serviceFee: 7700, credit: 0, processingFee: 299, total: 7999, governmentFee: 4000, outOfPocket: 11999, visaClass: 'ESTA' });
    expect(res.json().price.governmentFees).toEqual([expect.objectContaining({ code: 'esta', amountCents: 4000, effectiveFrom: '2025-09-30', sourceUrl: 'https://www.federalregister.gov/d/2025-16453' })]);
  });

  it('recommends DS-160 for Mexico and business, and for study even from a waiver country', async () => {
    const mexico = (await t.app.inject({ url: '/api/eligibility', query: { country: 'Mexico', purpose: 'business' } })).json();
    expect(mexico).toMatchObject({ visaType: 'DS-160', maxStayDays: 180, governmentFee: 185, serviceFee: 50 });
    expect(mexico.price).toMatchObject({ visaClass: 'B', governmentFee: 18500 });
    const study = (await t.app.inject({ url: '/api/eligibility', query: { country: 'France', purpose: 'study' } })).json();
    expect(study.visaType).toBe('DS-160');
    // A student visa (F): the consular fee of its class, with the Department of State's table as the source.
    expect(study.price).toMatchObject({ visaClass: 'F', governmentFee: 18500, governmentFees: [expect.objectContaining({ code: 'application', subject: 'F', effectiveFrom: '2023-06-17' })] });
  });

  it('tells a U.S. citizen that no visa or ESTA is needed, with no fee', async () => {
    const res = (await t.app.inject({ url: '/api/eligibility', query: { country: 'United States', purpose: 'business' } })).json();
    expect(res).toMatchObject({ country: 'United States', recommended: 'NONE', visaType: 'NONE', canUseESTA: false, governmentFee: 0, serviceFee: 0, requirements: [] });
    // Asking for a DS-160 does not make one needed.
    const asked = (await t.app.inject({ url: '/api/eligibility', query: { country: 'United States', purpose: 'business', visaType: 'DS-160' } })).json();
    expect(asked.visaType).toBe('NONE');
  });

  it('gives the DS-160 facts when they are asked for where an ESTA is recommended', async () => {
    const res = (await t.app.inject({ url: '/api/eligibility', query: { country: 'Spain', purpose: 'tourism', visaType: 'DS-160' } })).json();
    expect(res).toMatchObject({ recommended: 'ESTA', visaType: 'DS-160', maxStayDays: 180, governmentFee: 185, serviceFee: 50 });
    expect(res.requirements).toContain('requirements.ds160.interview');
  });

  it('answers for the more favourable of two citizenships', async () => {
    const res = (await t.app.inject({ url: '/api/eligibility', query: { country: 'Mexico', purpose: 'tourism', otherCountry: 'spain' } })).json();
    expect(res).toMatchObject({ country: 'Spain', recommended: 'ESTA' });
    const same = (await t.app.inject({ url: '/api/eligibility', query: { country: 'Spain', purpose: 'tourism', otherCountry: 'Mexico' } })).json();
    expect(same.country).toBe('Spain');
    const unknown = await t.app.inject({ url: '/api/eligibility', query: { country: 'Spain', purpose: 'tourism', otherCountry: 'Atlantis' } });
    expect(unknown.json()).toMatchObject({ statusCode: 400, message: 'querystring.otherCountry: unknown country' });
  });

  it('answers 400 naming the field for a bad purpose, a missing country or an unknown country', async () => {
    const badPurpose = await t.app.inject({ url: '/api/eligibility', query: { country: 'Spain', purpose: 'fun' } });
    expect(badPurpose.statusCode).toBe(400);
    expect(badPurpose.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(badPurpose.json().message).toContain('purpose');
    const missing = await t.app.inject({ url: '/api/eligibility', query: { purpose: 'tourism' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('country');
    const unknown = await t.app.inject({ url: '/api/eligibility', query: { country: 'Atlantis', purpose: 'tourism' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('country');
  });
});

describe('HTTP behaviour', () => {
  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await t.app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No route GET /api/does-not-exist' });
  });

  it('sends an API answer the headers of something that is never a page', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends a page the whole content security policy', async () => {
    const res = await t.app.inject('/visa-wizard');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('counts API calls against the client limit, except reads answered from memory', async () => {
    const small = await createTestApp({ rateLimitPerMinute: 3 });
    try {
      const statuses = async (url: string) => Promise.all(Array.from({ length: 5 }, async () => (await small.app.inject(url)).statusCode));
      // The test app's own setup may have spent some of the three: the fifth at the latest is refused.
      expect((await statuses('/api/eligibility?country=Spain&purpose=tourism')).at(-1)).toBe(429);
      for (const url of ['/api/health', '/api/admin/pricing', '/api/admin/branding', '/api/subscription/plans']) {
        expect(await statuses(url), url).toEqual([200, 200, 200, 200, 200]);
      }
    } finally {
      await small.close();
    }
  });

  it('sends the same headers on an error, and keeps the rate limit to the answer that refuses', async () => {
    const res = await t.app.inject('/api/does-not-exist');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // A small answer is not tripled by the limit's bookkeeping (issue 16); a 429 says when to retry (above).
    expect(Object.keys(res.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ big: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('serves the OpenAPI document and Swagger UI', async () => {
    const doc = await t.app.inject('/docs/json');
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(['/api/health', '/api/eligibility', '/api/admin/branding']));
    expect((await t.app.inject('/docs')).statusCode).toBeLessThan(400);
  });
});

describe('sessions', () => {
  it('are kept in the database, expire, and can be destroyed', async () => {
    const store = new DbSessionStore(t.app.db, 6 * 60 * 60 * 1000);
    const call = <T>(fn: (cb: (err?: unknown, value?: T) => void) => void) =>
      new Promise<T | undefined>((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value))));
    const future = new Date(Date.now() + 60_000).toISOString();
    await call((cb) => store.set('sid-1', { cookie: { expires: future }, leadIds: ['a'] } as never, cb));
    const row = await t.app.db.selectFrom('sessions').selectAll().where('sid', '=', 'sid-1').executeTakeFirst();
    expect(row).toBeDefined();
    expect(await call((cb) => store.get('sid-1', cb as never))).toMatchObject({ leadIds: ['a'] });
    await call((cb) => store.set('sid-2', { cookie: { expires: new Date(Date.now() - 1000).toISOString() } } as never, cb));
    expect(await call((cb) => store.get('sid-2', cb as never))).toBeNull();
    await call((cb) => store.destroy('sid-1', cb));
    expect(await call((cb) => store.get('sid-1', cb as never))).toBeNull();
  });

  it('are written once with a lead: the save as the answer goes out is skipped when nothing changed since', async () => {
    const store = new DbSessionStore(t.app.db, 6 * 60 * 60 * 1000);
    const set = (session: object) => new Promise<void>((resolve, reject) => store.set('sid-tx', session as never, (err) => (err ? reject(err) : resolve())));
    const stored = async () => (await t.app.db.selectFrom('sessions').select('data').where('sid', '=', 'sid-tx').executeTakeFirst())?.data;
    const session = { cookie: { expires: new Date(Date.now() + 60_000).toISOString() }, ownerToken: 'first' };
    const committed = await t.app.db.transaction().execute((trx) => store.writeIn(trx, 'sid-tx', session as never));
    expect(JSON.parse((await stored()) ?? '{}')).toMatchObject({ ownerToken: 'first' });
    committed();
    // Removed behind the store's back: a skipped save leaves it removed, a save that writes brings it back.
    await t.app.db.deleteFrom('sessions').where('sid', '=', 'sid-tx').execute();
    await set(session);
    expect(await stored()).toBeUndefined();
    await set(session);
    expect(JSON.parse((await stored()) ?? '{}')).toMatchObject({ ownerToken: 'first' });
    // Changed after the transaction: saved as usual.
    const again = await t.app.db.transaction().execute((trx) => store.writeIn(trx, 'sid-tx', session as never));
    again();
    await set({ ...session, ownerToken: 'second' });
    expect(JSON.parse((await stored()) ?? '{}')).toMatchObject({ ownerToken: 'second' });
  });

  it('made by a new lead open it afterwards (the session was written in the lead\'s transaction)', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/leads', payload: { email: 'one.commit@example.com', formType: 'ESTA', name: 'One Commit', source: 'api' } });
    expect(created.statusCode, created.body).toBe(201);
    const cookie = String(created.headers['set-cookie']).split(';')[0] as string;
    const read = await t.app.inject({ url: `/api/leads/${created.json().id}`, headers: { cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.json().email).toBe('one.commit@example.com');
  });
});

describe('serving the client', () => {
  let withClient: TestApp;
  beforeAll(async () => {
    const clientDir = fs.mkdtempSync(path.join(t.config.dataDir, 'client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    withClient = await createTestApp({ clientDir });
  });
  afterAll(async () => withClient.close());

  it.each(['/', '/visa-wizard', '/apply/summary', '/teamomora', '/apply/esta'])('answers the spec route %s with the app shell', async (url) => {
    const res = await withClient.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('id="root"');
  });

  it('sends the entry pages rendered on the server in the language asked for, with the current brand and prices', async () => {
    // A renderer in the build's shape (scripts/prerender.mjs): the real one is React's, met by the browser tests.
    // This one writes back what it was given, and counts its renders in a file.
    const dir = withClient.config.clientDir;
    const counter = path.join(dir, 'renders.txt');
    fs.mkdirSync(path.dirname(path.join(dir, RENDERER_FILE)), { recursive: true });
    fs.writeFileSync(
      path.join(dir, RENDERER_FILE),
      `import fs from 'node:fs';
export const ENTRY_PATHS = [{ path: '/' }, { path: '/apply/wizard' }];
export async function renderPage(path, language, site, answers) {
  fs.appendFileSync(${JSON.stringify(counter)}, language + path + '\\n');
  if (path === '/apply/wizard') return { body: '<ol>' + JSON.parse(answers['/api/subscription/plans']).map((p) => '<li>' + p.id + '</li>').join('') + '</ol>', title: site.branding.brandName + ' ' + path, description: language };
  if (site.branding.brandName === 'Broken') throw new Error('cannot render');
  return { body: '<h1>' + site.branding.brandName.replace(/</g, '&lt;') + '</h1><p>' + site.prices.esta.outOfPocket + '</p>', title: site.branding.brandName + ' ' + path, description: language };
}`,
    );
    const template = `<html lang="${SLOTS.language}"><title>${SLOTS.title}</title><meta name="description" content="${SLOTS.description}">${SLOTS.head}<div id="root" data-prerendered="${SLOTS.language}">${SLOTS.body}</div><script type="application/json">${SLOTS.data}</script><script type="application/json" id="api-answers">${SLOTS.answers}</script>`;
    const head = Object.fromEntries(LANGUAGES.map((language) => [language, `<link rel="modulepreload" href="/assets/${language}.js">`]));
    fs.writeFileSync(path.join(dir, PAGES_FILE), JSON.stringify({ template, inline: { scripts: ["'sha256-c2NyaXB0'"], styles: ["'sha256-c3R5bGU='"] }, pages: [{ path: '/', stepParam: null, preload: [], head }, { path: '/apply/wizard', stepParam: 'q', preload: ['/api/subscription/plans'], head }] }));
    const renders = () => (fs.existsSync(counter) ? fs.readFileSync(counter, 'utf8').trim().split('\n') : []);

    const spanish = await withClient.app.inject({ url: '/', headers: { 'accept-language': 'de-DE,es;q=0.8,en;q=0.5' } });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers['vary']).toBe('accept-encoding, accept-language, cookie');
    expect(spanish.headers['cache-control']).toBe('no-cache');
    // The page's own inline script and style sheet are allowed by their hashes, and nothing else inline is.
    const policy = String(spanish.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' 'sha256-c2NyaXB0'");
    expect(policy).toContain("style-src 'self' 'sha256-c3R5bGU='");
    expect(policy).not.toContain('unsafe-inline');
    expect(spanish.body).toContain('<html lang="es"><title>Rumbo /</title><meta name="description" content="es"><link rel="modulepreload" href="/assets/es.js">');
    expect(spanish.body).toContain(`<div id="root" data-prerendered="es"><h1>Rumbo</h1><p>${(await withClient.app.site.prices()).esta.outOfPocket}</p></div>`);
    expect(JSON.parse(/<script type="application\/json">(.*?)<\/script>/.exec(spanish.body)?.[1] ?? '')).toEqual({
      branding: await withClient.app.site.branding(),
      prices: await withClient.app.site.prices(),
      figures: await withClient.app.site.figures(),
    });
    // A language's entry pages are rendered together, once, until the data changes.
    const wizard = await withClient.app.inject({ url: '/apply/wizard', headers: { 'accept-language': 'es' } });
    expect(wizard.body).toContain('<title>Rumbo /apply/wizard</title>');
    // Rendered with the route's own answer to the read the page makes first, which goes into the page too.
    const plans = (await withClient.app.inject('/api/subscription/plans')).body;
    expect(wizard.body).toContain('<ol><li>basic</li><li>pro</li><li>premium</li></ol>');
    expect(JSON.parse(/<script type="application\/json" id="api-answers">(.*?)<\/script>/.exec(wizard.body)?.[1] ?? '')).toEqual({ '/api/subscription/plans': plans });
    expect(spanish.body).toContain('<script type="application/json" id="api-answers">{}</script>');
    expect(renders()).toEqual(['es/', 'es/apply/wizard']);
    // Past its first screen, a page is the plain shell: the browser draws the step it is on.
    const step = await withClient.app.inject({ url: '/apply/wizard?q=3', headers: { 'accept-language': 'es' } });
    expect(step.body).toBe('<!doctype html><div id="root"></div>');
    // The stored choice (a cookie the page keeps beside local storage) wins over the browser's languages.
    const chosen = await withClient.app.inject({ url: '/', headers: { 'accept-language': 'es', cookie: `${LANGUAGE_STORAGE_KEY}=pt` } });
    expect(chosen.body).toContain('<html lang="pt">');
    const unknown = await withClient.app.inject({ url: '/', headers: { 'accept-language': 'ja' } });
    expect(unknown.body).toContain('<html lang="en">');

    await withClient.app.site.setBranding({ brandName: 'Viaje <Fácil> %%BODY%%', chatAssistantName: 'Ana' });
    await withClient.app.site.setPricing({ ESTA: 1234, DS160_BASIC: 50, DS160_PRO: 100, DS160_PREMIUM: 150 });
    const changed = await withClient.app.inject({ url: '/', headers: { 'accept-language': 'en', 'accept-encoding': 'br' } });
    expect(changed.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(changed.rawPayload).toString();
    // The title escaped by the server, the body by the renderer, the data unable to end its script; no slot read twice.
    expect(html).toContain('<title>Viaje &#60;Fácil&#62; %%BODY%% /</title>');
    expect(html).toContain(`<h1>Viaje &lt;Fácil> %%BODY%%</h1><p>${(await withClient.app.site.prices()).esta.outOfPocket}</p>`);
    expect((await withClient.app.site.prices()).esta.serviceFee).toBe(1234 * 100);
    expect(html).not.toContain('<Fácil>');
    expect(html).toContain('"brandName":"Viaje \\u003cFácil> %%BODY%%"');

    // A renderer that fails leaves the plain shell, and is tried again on the next request.
    await withClient.app.site.setBranding({ brandName: 'Broken', chatAssistantName: 'Ana' });
    const broken = await withClient.app.inject({ url: '/', headers: { 'accept-language': 'en' } });
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toBe('<!doctype html><div id="root"></div>');
    const before = renders().length;
    await withClient.app.inject({ url: '/', headers: { 'accept-language': 'en' } });
    expect(renders().length).toBeGreaterThan(before);
    await withClient.app.site.setBranding({ brandName: 'Rumbo', chatAssistantName: 'Sofía' });
    await withClient.app.site.setPricing(DEFAULT_SETTINGS.pricing);

    // The build's own files are not served as they are.
    expect((await withClient.app.inject(`/${PAGES_FILE}`)).statusCode).toBe(404);
    expect((await withClient.app.inject(`/${RENDERER_FILE}`)).statusCode).toBe(404);
  });

  it('answers other pages with the shell under 404, and unknown API paths with JSON', async () => {
    const page = await withClient.app.inject('/no-such-page');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('id="root"');
    const api = await withClient.app.inject('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe('Not Found');
  });
});

describe('the request log', () => {
  it('writes one line a request, with what was asked and how it ended, and none at warn', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    const quiet: string[] = [];
    const warned = await createTestApp({ logLevel: 'warn' }, { logStream: { write: (line) => void quiet.push(line) } });
    try {
      const before = lines.length;
      await logged.app.inject('/api/health');
      await logged.app.inject('/api/does-not-exist');
      const written = lines.slice(before).map((line) => JSON.parse(line));
      expect(written.map((l) => [l.msg, l.method, l.url, l.statusCode])).toEqual([
        ['request', 'GET', '/api/health', 200],
        ['request', 'GET', '/api/does-not-exist', 404],
      ]);
      expect(typeof written[0].ms).toBe('number');
      const quietBefore = quiet.length;
      await warned.app.inject('/api/health');
      expect(quiet.slice(quietBefore)).toEqual([]);
    } finally {
      await logged.close();
      await warned.close();
    }
  });
});
