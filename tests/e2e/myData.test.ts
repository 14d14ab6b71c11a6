import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import { completeAnswers } from '../helpers/answers';
import { sessionCookie } from '../helpers/app';
import { audit } from './axe';
import { openPage, pageErrors, startE2E, textOf, waitForPath, type E2E } from './browser';

// Issue 44 item 3 as an applicant meets it on a phone (375 px, Spanish): the dashboard's "Your data" card hands
// over everything as JSON, deletes one application after a confirmation, and opens the privacy notice. axe-core on
// the card, the confirmation and the notice. One page load for the card; the notice is a step inside the app.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

async function until<T>(read: () => T, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Your data, on a phone in Spanish', () => {
  it('downloads the JSON, deletes one application after confirming, and opens the privacy notice', async () => {
    const app = e2e.server.app;
    const email = `datos.${randomUUID().slice(0, 8)}@example.com`;
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'a long passphrase' } });
    expect(signup.statusCode, signup.body).toBe(201);
    const cookie = sessionCookie(signup) as string;
    const leads: string[] = [];
    for (const name of ['Lucía Fernández', 'Pablo Fernández']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { cookie },
        payload: { name, email, phone: '+34 612 345 678', formType: 'ESTA', nationality: 'Spain', travelPurpose: 'Tourism/Vacation', formData: completeAnswers(estaCatalog), completionStatus: 'completed', source: 'esta-wizard' },
      });
      expect(res.statusCode, res.body).toBe(201);
      leads.push(res.json().id as string);
    }

    const page = await openPage(e2e, { languages: ['es-ES', 'es'], width: 375 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-my-data-'));
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir, browserContextId: (page.browserContext() as unknown as { id: string }).id });
    const [name, value] = cookie.split('=') as [string, string];
    await page.setCookie({ name, value, url: e2e.baseUrl });
    await page.goto(`${e2e.baseUrl}/dashboard`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="my-data"] [data-testid="delete-application"]');
    expect(await textOf(page, '#my-data-title')).toBe('Tus datos');
    expect(await audit(page, 'your data card (es, 375 px)')).toBe('');

    await page.click('[data-testid="download-json"]');
    const [file] = await until(() => fs.readdirSync(dir).filter((f) => f.endsWith('.json')), (files) => files.length === 1, 'the JSON download');
    const held = JSON.parse(fs.readFileSync(path.join(dir, file!), 'utf8')) as { applications: Array<{ id: string; name: string }> };
    expect(held.applications.map((a) => a.id).sort()).toEqual([...leads].sort());
    expect(held.applications.map((a) => a.name)).toContain('Pablo Fernández');

    expect(await page.$$('[data-testid="delete-application"]')).toHaveLength(2);
    await page.click('[data-testid="delete-application"]');
    await page.waitForSelector('[data-testid="erase-dialog"][open]');
    expect(await audit(page, 'erase confirmation (es, 375 px)')).toBe('');
    await page.click('[data-testid="erase-confirm"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="delete-application"]').length === 1);
    const remaining = await app.db.selectFrom('leads').select('id').where('id', 'in', leads).execute();
    expect(remaining).toHaveLength(1);

    await page.click('[data-testid="my-data"] a[href="/privacy"]');
    await waitForPath(page, '/privacy');
    await page.waitForSelector('main h1');
    expect(await textOf(page, 'main h1')).toBe('Privacidad y tus datos');
    expect(await audit(page, 'privacy notice (es, 375 px)')).toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });
});
