import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preassessmentCatalog } from '../../machines/domain/catalogs/preassessment';
import { ds160Catalog } from '../../machines/domain/catalogs';
import { answersFor, completeAnswers } from '../helpers/answers';
import { formatViolations, seriousViolations } from './axe';
import { openPage, pageErrors, startE2E, textOf, waitForPath, type E2E } from './browser';

// Money and accounts as an applicant meets them: pricing → checkout → confirmation with both PDFs, a declined
// card, signing up and continuing from the dashboard, the results of a pre-assessment. axe-core on each screen.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

const CARD = { expiryDate: '12/39', cvv: '123', cardName: 'Maria Lopez', billingAddress: 'Calle Mayor 12', city: 'Madrid', zipCode: '28013' };

async function audit(page: Page, where: string): Promise<string> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const violations = await seriousViolations(page);
  return violations.length ? formatViolations(where, violations) : '';
}

async function fillCard(page: Page, cardNumber: string): Promise<void> {
  await page.waitForSelector('[data-testid="pay-button"]');
  // The receipt's address, when nothing prefilled it.
  if (!(await page.$eval('#payment-email', (el) => (el as HTMLInputElement).value))) await page.type('#payment-email', 'maria@example.com');
  for (const [field, value] of Object.entries({ cardNumber, ...CARD })) {
    await page.$eval(`#payment-${field}`, (el) => ((el as HTMLInputElement).value = ''));
    await page.type(`#payment-${field}`, value);
  }
  await page.select('#payment-country', 'Spain');
}

async function retype(page: Page, selector: string, value: string): Promise<void> {
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  await page.type(selector, value);
}

/** Chromium saves downloads of this page into a fresh folder; the files that arrived, by name. */
async function downloadsOf(page: Page): Promise<() => string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-downloads-'));
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir, browserContextId: (page.browserContext() as unknown as { id: string }).id });
  return () => fs.readdirSync(dir).filter((f) => !f.endsWith('.crdownload'));
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('buying', () => {
  it('buys Premium from /pricing for a finished application with 4242: the access code shows and both PDFs download', async () => {
    const page = await openPage(e2e);
    const reports: string[] = [];
    // This browser finished a DS-160 (as the question wizard leaves it): the checkout pays for that application.
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    const application = {
      name: 'Maria Lopez',
      email: 'maria.finished@example.com',
      phone: '+34 612 345 678',
      formType: 'DS-160',
      nationality: 'Mexico',
      travelPurpose: 'Tourism/Vacation',
      formData: completeAnswers(ds160Catalog),
      completionStatus: 'completed',
      paymentStatus: 'pending',
      source: 'apply-wizard',
    };
    const status = await page.evaluate(async (body) => (await fetch('/api/leads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status, application);
    expect(status).toBe(201);
    await page.goto(`${e2e.baseUrl}/pricing`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="plan-card-premium"]');
    // One price story: the ESTA's $77 + $2.99 + $40 government fee, the total as their sum.
    expect(await textOf(page, '[data-testid="esta-card"] [data-price-total="esta"]')).toBe('$119.99');
    reports.push(await audit(page, '/pricing'));
    await page.click('[data-testid="purchase-premium"]');
    await waitForPath(page, '/checkout');

    await page.waitForSelector('[data-testid="pay-button"]');
    expect(await textOf(page, '[data-testid="price-charged"]')).toBe('$152.99');
    expect(await textOf(page, '[data-price-total="premium"]')).toBe('$337.99');
    // Paying with nothing filled in: each field says what is missing.
    await page.click('[data-testid="pay-button"]');
    await page.waitForSelector('#payment-cardNumber-error');
    reports.push(await audit(page, '/checkout with its errors'));
    await fillCard(page, '4242 4242 4242 4242');
    await page.click('[data-testid="pay-button"]');
    await waitForPath(page, '/payment-confirmation');

    const code = await page.waitForSelector('[data-testid="access-code"]');
    expect(await code?.evaluate((el) => (el as HTMLElement).innerText)).toMatch(/^PREMIUM-\d{8}-[A-Z]{2}$/);
    const number = (await textOf(page, '[data-testid="confirmation-number"]')).trim();
    expect(number).toMatch(/^RB-\d{6}-[A-Z0-9]{8}$/);
    reports.push(await audit(page, '/payment-confirmation'));

    const files = await downloadsOf(page);
    await page.click('[data-testid="download-receipt"]');
    await waitFor(() => files().includes(`ds160-confirmation-${number}.pdf`), 'the receipt');
    await page.waitForFunction(() => !document.querySelector('[data-testid="download-form"]')?.hasAttribute('disabled'));
    await page.click('[data-testid="download-form"]');
    await waitFor(() => files().includes(`ds160-form-${number}.pdf`), 'the form');

    // The address names the order; reloading shows the server's record again.
    await page.reload({ waitUntil: 'networkidle0' });
    expect((await textOf(page, '[data-testid="confirmation-number"]')).trim()).toBe(number);

    // The portal link opens the interview practice, where this order's code lets the buyer in (issue 15).
    const accessCode = (await textOf(page, '[data-testid="access-code"]')).trim();
    await page.click('a[href^="/entrevista2095"]');
    await page.waitForSelector('#premium-code');
    await page.type('#premium-code', accessCode);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#premium-data');
    expect(reports.filter(Boolean)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('a declined card says why, and another card then pays', async () => {
    const page = await openPage(e2e, { languages: ['es-ES', 'es'] });
    await page.goto(`${e2e.baseUrl}/checkout?plan=basic`, { waitUntil: 'networkidle0' });
    await fillCard(page, '4000 0000 0000 0002');
    await page.click('[data-testid="pay-button"]');
    const toast = await page.waitForSelector('[role="status"][data-variant="destructive"]');
    expect(await toast?.evaluate((el) => (el as HTMLElement).innerText)).toContain('Tu tarjeta fue rechazada');
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await page.click('[role="status"] button');
    await retype(page, '#payment-cardNumber', '4242 4242 4242 4242');
    await page.click('[data-testid="pay-button"]');
    await waitForPath(page, '/payment-confirmation');
    await page.waitForSelector('[data-testid="confirmation-number"]');
    // The browser logs the 402 answer itself; nothing else may go wrong.
    expect(pageErrors(page).filter((e) => !e.includes('402'))).toEqual([]);
  });

  it("a link naming a plan that does not exist shows 'Invalid Plan'", async () => {
    const page = await openPage(e2e);
    await page.goto(`${e2e.baseUrl}/checkout?plan=gold`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="invalid-plan"]');
    expect(await textOf(page, 'main h1')).toBe('Invalid Plan');
  });
});

describe('accounts', () => {
  it('signs up, finds the ESTA begun before on the dashboard, and Continue resumes it', async () => {
    const page = await openPage(e2e);
    const reports: string[] = [];
    // An ESTA begun anonymously: the e-mail step creates the lead.
    const email = `e2e.${Date.now()}@example.com`;
    await page.goto(`${e2e.baseUrl}/apply/esta-wizard`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#q-email');
    await page.type('#q-email', email);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="region"] [role="status"]');
    await page.waitForSelector('#q-first-name');

    await page.goto(`${e2e.baseUrl}/login?tab=signup`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="signup-email"]');
    reports.push(await audit(page, '/login sign-up tab'));
    await page.type('[data-testid="signup-email"]', email);
    await page.type('[data-testid="signup-password"]', 'a long passphrase');
    await page.type('[data-testid="signup-confirm"]', 'a long passphrase');
    await page.click('[data-testid="signup-submit"]');
    await waitForPath(page, '/dashboard');
    await page.waitForSelector('[data-testid="applications-count"]');
    expect(await textOf(page, '[data-testid="user-menu"]')).toBe(email);
    reports.push(await audit(page, '/dashboard'));

    // View: the application's answers as the server holds them, read-only.
    const [view] = await page.$$('[data-testid^="view-"]');
    await view!.click();
    await page.waitForSelector('#answers-title');
    expect(await textOf(page, 'dialog[open]')).toContain(email);
    reports.push(await audit(page, '/dashboard with an application open'));
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog[open]', { hidden: true });

    const items = await page.$$eval('[data-testid^="continue-"]', (els) => els.map((el) => el.getAttribute('data-testid')));
    expect(items).toHaveLength(1);
    await page.click(`[data-testid="${items[0]}"]`);
    await waitForPath(page, '/apply/esta-wizard');
    // The wizard opens on the first question left, with the e-mail kept.
    await page.waitForSelector('#q-first-name');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('rumbo-wizard-esta') ?? '{}').answers?.email)).toBe(email);

    // Sign Out from the header menu.
    await page.click('[data-testid="user-menu"]');
    await page.click('#user-menu-list button');
    await waitForPath(page, '/');
    await page.waitForSelector('[data-testid="header-login"]');
    expect(reports.filter(Boolean)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('sends someone not signed in from /dashboard to /login', async () => {
    const page = await openPage(e2e);
    await page.goto(`${e2e.baseUrl}/dashboard`, { waitUntil: 'networkidle0' });
    await waitForPath(page, '/login');
  });
});

describe('results', () => {
  it('shows the analysis of the pre-assessment just sent', async () => {
    const page = await openPage(e2e);
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    const status = await page.evaluate(async (formData) => {
      const res = await fetch('/api/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Maria Lopez', email: 'maria.results@example.com', formData, completionStatus: 'incomplete', paymentStatus: 'unpaid', source: 'wizard' }),
      });
      return res.status;
    }, answersFor(preassessmentCatalog, { 'form-type': 'ESTA' }));
    expect(status).toBe(201);
    await page.goto(`${e2e.baseUrl}/results`, { waitUntil: 'networkidle0' });
    const probability = await page.waitForSelector('[data-testid="approval-probability"]');
    expect(await probability?.evaluate((el) => (el as HTMLElement).innerText)).toMatch(/\d+\s?%/);
    await page.waitForSelector('[data-testid="esta-badge"]');
    // Each finding names the answer it came from.
    expect(await textOf(page, '[data-testid="results-strengths"]')).toContain('From your answer to');
    expect(await audit(page, '/results')).toBe('');
    expect(pageErrors(page)).toEqual([]);
  });
});
